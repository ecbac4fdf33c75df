"""Unit tests of ``krmfn.kubevirt.virt_api.mutators.preset``."""
from __future__ import annotations

from krmfn.kubevirt.virt_api.mutators.preset import apply_presets, check_merge_conflicts, selector_matches


def test_selector_expressions() -> None:
    labels = {"a": "1", "b": "2"}
    assert selector_matches({"matchExpressions": [{"key": "a", "operator": "In", "values": ["1", "3"]},
                                                  {"key": "c", "operator": "DoesNotExist"}]}, labels) is True
    assert selector_matches({"matchExpressions": [{"key": "b", "operator": "NotIn", "values": ["2"]}]}, labels) is False
    assert selector_matches({}, labels) is True
    assert selector_matches({"matchExpressions": [{"key": "a", "operator": "Bad"}]}, labels) == (
        '"Bad" is not a valid label selector operator')
    assert selector_matches({"matchExpressions": [{"key": "a", "operator": "In"}]}, labels) == (
        "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty")


def test_presets_of_other_namespaces_do_not_apply() -> None:
    vmi: dict = {"metadata": {"namespace": "ns"}, "spec": {"domain": {}}}
    other = {"metadata": {"name": "p", "namespace": "other"}, "spec": {"selector": {}, "domain": {"cpu": {"cores": 2}}}}
    assert apply_presets(vmi, [other]) is None
    assert vmi == {"metadata": {"namespace": "ns"}, "spec": {"domain": {}}}


def test_zero_values_and_nulls_are_semantically_equal() -> None:
    assert check_merge_conflicts({"cpu": {"cores": 2, "model": ""}}, {"cpu": {"cores": 2, "features": []}}) is None


def test_spellings_of_one_quantity_conflict_as_go_structs() -> None:
    assert check_merge_conflicts({"resources": {"requests": {"memory": "1Gi"}}},
                                 {"resources": {"requests": {"memory": "1024Mi"}}}) == (
        "spec.resources.requests[memory]: {{1073741824 0} {<nil>} 1Gi BinarySI} != "
        "{{1073741824 0} {<nil>}  BinarySI}")


def test_clock_offset_only_is_copied_then_timer() -> None:
    vmi: dict = {"metadata": {}, "spec": {"domain": {}}}
    preset = {"metadata": {"name": "p"},
              "spec": {"selector": {}, "domain": {"clock": {"utc": {}, "timer": {"rtc": {}}}}}}
    assert apply_presets(vmi, [preset]) is None
    assert vmi["spec"]["domain"] == {"clock": {"utc": {}, "timer": {"rtc": {}}}}
    assert vmi["metadata"]["annotations"] == {"virtualmachinepreset.kubevirt.io/p": "kubevirt.io/v1"}
