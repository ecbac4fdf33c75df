"""pkg/network/admitter/discontinued.go: validateDiscontinuedBindings."""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util import webhooks as r
from krmfn.kubevirt.network.admitter.discontinued import validate_discontinued_bindings
from krmfn.kubevirt.virt_api.admitters.vms_admitter import admit_remaining
from krmfn.model.kubevirt_version import kubevirt_version


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


def test_v1_7_rejects_only_slirp_on_creation() -> None:
    """validateCreationSlirpBinding (slirp.go at v1.7.4); PRs #16428 and #16453 (v1.8) added passt and macvtap."""
    template = spec({"name": "a", "slirp": {}}, {"name": "c", "passt": {}, "macvtap": {}})
    causes = validate_discontinued_bindings("spec", template, kubevirt_version("v1.7"))
    assert [(c.field, c.message) for c in causes] == [
        ("spec.domain.devices.interfaces[0].slirp", "Slirp interface support has been discontinued since v1.3")]


def test_v1_7_a_macvtap_vm_reaches_the_binding_check() -> None:
    template = {"domain": {"devices": {"interfaces": [{"name": "a", "macvtap": {}}]}},
                "networks": [{"name": "a", "multus": {"networkName": "n"}}]}
    vm = {"spec": {"runStrategy": "Halted", "template": {"spec": template}}}
    verdict = admit_remaining(vm, template, {}, ClusterConfig(kubevirt_version=kubevirt_version("v1.7")))
    assert verdict is not None
    assert [(c.field, c.message) for c in verdict.causes] == [
        ("spec.template.spec.domain.devices.interfaces[0].name", "Macvtap feature gate is not enabled")]
