"""The VirtualMachinePool webhook on a CREATE (``vmpool_admitter``, vmpool-admitter.go)."""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_api.admitters.vmpool_admitter import admit_pool
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK

POOL = {
    "apiVersion": "pool.kubevirt.io/v1beta1", "kind": "VirtualMachinePool",
    "metadata": {"name": "p", "namespace": "ns"},
    "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
             "virtualMachineTemplate": {"metadata": {"labels": {"app": "web", "tier": "front"}},
                                        "spec": {"runStrategy": "Always", "instancetype": {"name": "u1.medium"},
                                                 "template": {"spec": {"domain": {"devices": {}}}}}}},
}


def causes(pool: dict, config: ClusterConfig | None = None) -> list[tuple[str, str]]:
    verdict = admit_pool(pool, config or ClusterConfig())
    if verdict is None:
        return []
    assert not verdict.allowed and verdict.stage == STAGE_VALIDATING_WEBHOOK
    return [(cause.field, cause.message) for cause in verdict.causes]


def changed(path: str, value: object) -> dict:
    pool = copy.deepcopy(POOL)
    *parents, last = path.split(".")
    holder = pool
    for key in parents:
        holder = holder[key]
    if value is None:
        del holder[last]
    else:
        holder[last] = value
    return pool


def test_a_pool_with_a_matching_selector_and_a_template_is_admitted() -> None:
    assert causes(POOL) == []  # no memory in the template: the pool's webhook applies no instance type


def test_missing_template_names_a_field_the_pool_does_not_have() -> None:
    assert causes(changed("spec.virtualMachineTemplate", None)) == [("spec.template",
                                                                    "missing virtual machine template.")]
    assert causes(changed("spec.virtualMachineTemplate.spec.template", None)) == [
        ("spec.virtualMachineTemplate.spec.template", "missing virtual machine template.")]


def test_the_template_spec_is_checked_as_written_at_its_path() -> None:
    assert causes(changed("spec.virtualMachineTemplate.spec.runStrategy", None)) == [
        ("spec.virtualMachineTemplate.spec.running", "RunStrategy must be specified")]
    assert causes(changed("spec.virtualMachineTemplate.spec.runStrategy", "Sometimes")) == [
        ("spec.virtualMachineTemplate.spec.runStrategy", "Invalid RunStrategy (Sometimes)")]


@pytest.mark.parametrize("selector, admitted", [
    (None, False),  # LabelSelectorAsSelector(nil) is labels.Nothing()
    ({}, True),  # an empty selector is labels.Everything()
    ({"matchLabels": {"app": "db"}}, False),
    ({"matchExpressions": [{"key": "tier", "operator": "In", "values": ["front", "back"]}]}, True),
    ({"matchExpressions": [{"key": "tier", "operator": "NotIn", "values": ["front"]}]}, False),
    ({"matchExpressions": [{"key": "app", "operator": "Exists"}]}, True),
    ({"matchExpressions": [{"key": "app", "operator": "DoesNotExist"}]}, False),
    ({"matchExpressions": [{"key": "zone", "operator": "NotIn", "values": ["a"]}]}, True),
])
def test_the_selector_must_select_the_templates_labels(selector: dict | None, admitted: bool) -> None:
    expected = [] if admitted else [("spec.selector", "selector does not match labels.")]
    assert causes(changed("spec.selector", selector)) == expected


def test_an_unknown_operator_is_apimachinerys_error() -> None:
    pool = changed("spec.selector", {"matchExpressions": [{"key": "app", "operator": "Gt", "values": ["1"]}]})
    assert causes(pool) == [("spec.selector", '"Gt" is not a valid label selector operator')]


@pytest.mark.parametrize("value, message", [
    ("50%", None), ("100%", None), (3, None),
    ("50", "maxUnavailable percentage must end with %"),
    ("x%", 'maxUnavailable percentage value "x" is invalid: strconv.Atoi: parsing "x": invalid syntax'),
    ("0%", "maxUnavailable percentage value 0 must be between 1 and 100"),
    ("101%", "maxUnavailable percentage value 101 must be between 1 and 100"),
    (0, "maxUnavailable must be greater than 0"),
    (-1, "maxUnavailable must be greater than 0"),
])
def test_max_unavailable(value: object, message: str | None) -> None:
    assert causes(changed("spec.maxUnavailable", value)) == ([("spec.maxUnavailable", message)] if message else [])


def test_one_strategy_at_a_time() -> None:
    pool = changed("spec.updateStrategy", {"proactive": {}, "unmanaged": {}})
    pool["spec"]["scaleInStrategy"] = {"opportunistic": {}}
    assert causes(pool) == [("spec.updateStrategy", "only one strategy can be configured at a time: but found "
                                                    "unmanaged, proactive strategies")]


def test_causes_come_in_kubevirts_order() -> None:
    pool = changed("spec.maxUnavailable", 0)
    pool["spec"]["selector"] = {"matchLabels": {"app": "db"}}
    del pool["spec"]["virtualMachineTemplate"]["spec"]["runStrategy"]
    assert [field for field, _ in causes(pool)] == [
        "spec.virtualMachineTemplate.spec.running", "spec.selector", "spec.maxUnavailable"]
