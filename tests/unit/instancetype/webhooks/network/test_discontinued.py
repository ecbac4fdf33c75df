"""pkg/network/admitter/discontinued.go: validateDiscontinuedBindings."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks import response as r
from krmfn.instancetype.webhooks.network.discontinued import validate_discontinued_bindings
from krmfn.instancetype.webhooks.vms_admitter import admit_remaining


def spec(*interfaces: dict) -> dict:
    return {"domain": {"devices": {"interfaces": list(interfaces)}}}


def test_one_cause_per_binding_in_interface_order_at_kubevirts_path() -> None:
    causes = validate_discontinued_bindings("spec", spec(
        {"name": "a", "masquerade": {}}, {"name": "b", "slirp": {}}, {"name": "c", "passt": {}, "macvtap": {}}))
    assert [(c.field, c.message) for c in causes] == [
        ("spec.domain.devices.interfaces[1].slirp", "Slirp interface support has been discontinued since v1.3"),
        ("spec.domain.devices.interfaces[2].passt", "Passt network binding has been discontinued since v1.3"),
        ("spec.domain.devices.interfaces[2].macvtap", "Macvtap network binding has been discontinued since v1.3"),
    ]


def test_null_bindings_and_odd_shapes_are_absent() -> None:
    assert validate_discontinued_bindings("spec", spec({"name": "a", "slirp": None})) == []
    assert validate_discontinued_bindings("spec", {"domain": {"devices": {"interfaces": "x"}}}) == []
    assert validate_discontinued_bindings("spec", {}) == []


def test_network_group_returns_before_the_vm_spec_group() -> None:
    vm = {"spec": {"template": {"spec": spec({"name": "a", "slirp": {}})}}}  # no runStrategy either
    verdict = admit_remaining(vm, vm["spec"]["template"]["spec"], {}, ClusterConfig())
    assert verdict is not None and verdict.stage == r.STAGE_REMAINING_VM_CHECKS
    assert [c.message for c in verdict.causes] == ["Slirp interface support has been discontinued since v1.3"]
