"""instancetype.spec.NodeSelector (KubeVirt pkg/instancetype/apply/nodeselector_test.go;
docs/kubevirt/instancetype-apply.md#field-table)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.apply.node_selector import apply_node_selector
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE = Conflict.from_path("spec.template.spec")


def test_should_apply_to_vmi() -> None:
    spec = {"nodeSelector": {"key": "value"}}
    template: dict = {}
    assert apply_node_selector(BASE, spec, template) == []
    assert template == {"nodeSelector": {"key": "value"}}
    template["nodeSelector"]["other"] = "x"
    assert spec["nodeSelector"] == {"key": "value"}  # a copy, not the IT's map


def test_should_be_no_op_if_vmi_node_selector_is_set_but_instancetype_node_selector_is_empty() -> None:
    template = {"nodeSelector": {"a": "b"}}
    assert apply_node_selector(BASE, {}, template) == []
    assert apply_node_selector(BASE, {"nodeSelector": None}, template) == []
    assert template == {"nodeSelector": {"a": "b"}}


def test_should_return_a_conflict_if_both_are_set_even_identical() -> None:
    template = {"nodeSelector": {"key": "value"}}
    conflicts = apply_node_selector(BASE, {"nodeSelector": {"key": "value"}}, template)
    assert [conflict.dotted for conflict in conflicts] == ["spec.template.spec.nodeSelector"]
    assert template == {"nodeSelector": {"key": "value"}}


def test_instancetype_empty_map_is_set_and_replaces() -> None:
    # golden instancetype-fields/node-selector-empty-map: {} is non-nil and written (serialises to nothing)
    template: dict = {}
    assert apply_node_selector(BASE, {"nodeSelector": {}}, template) == []
    assert template == {"nodeSelector": {}}
    assert [c.dotted for c in apply_node_selector(BASE, {"nodeSelector": {}}, {"nodeSelector": {"a": "b"}})] == [
        "spec.template.spec.nodeSelector"
    ]


def test_vm_empty_map_does_not_conflict() -> None:
    # golden conflicts/node-selector-vm-empty-map (corpus finding 1 overrides
    # docs/kubevirt/instancetype-apply.md#field-table's offline remark)
    template: dict = {"nodeSelector": {}}
    assert apply_node_selector(BASE, {"nodeSelector": {"key": "value"}}, template) == []
    assert template == {"nodeSelector": {"key": "value"}}


def test_vm_null_does_not_conflict() -> None:
    template: dict = {"nodeSelector": None}
    assert apply_node_selector(BASE, {"nodeSelector": {"k": "v"}}, template) == []
    assert template == {"nodeSelector": {"k": "v"}}
