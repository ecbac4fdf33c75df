"""pkg/network/admitter/validator.go: Validator.Validate (check order) and the whole VM chain."""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util import webhooks as r
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.network.admitter.validator import network_checks, validate_network

F = "spec.template.spec"


def pairs(causes: list[r.Cause]) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


def vm(template_spec: dict) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": {"runStrategy": "Halted", "template": {"spec": template_spec}}}


def test_checks_are_kubevirts_eleven_in_order() -> None:
    assert [check.__name__ for check in network_checks()] == [
        "validate_single_pod_network", "validate_single_network_source", "validate_multus_network_source",
        "validate_interface_state_value", "validate_interface_binding", "validate_network_name_unique",
        "validate_network_devices_with_dra", "validate_networks_assigned_to_interfaces",
        "validate_interface_name_unique", "validate_interfaces_assigned_to_networks", "validate_interfaces_fields",
    ]


def test_a_valid_pod_network_and_masquerade_interface_passes() -> None:
    spec = {"domain": {"devices": {"interfaces": [{"name": "default", "masquerade": {}, "model": "virtio"}]}},
            "networks": [{"name": "default", "pod": {}}]}
    assert validate_network(F, spec, ClusterConfig()) == []


def test_no_interfaces_and_no_networks_pass() -> None:
    assert validate_network(F, {}, ClusterConfig()) == []
    assert validate_network(F, {"domain": {"devices": {"interfaces": None}}, "networks": "x"}, ClusterConfig()) == []


def test_binding_cause_comes_before_the_name_not_found_cause() -> None:
    spec = {"domain": {"devices": {"interfaces": [{"name": "primary", "masquerade": {}}, {"name": "secondary"}]}},
            "networks": [{"name": "primary", "pod": {}}]}
    assert pairs(validate_network(F, spec, ClusterConfig())) == [
        (f"{F}.domain.devices.interfaces[1]",
         "logical secondary interface must have exactly one binding method or binding plugin"),
        (f"{F}.domain.devices.interfaces[1].name", f"{F}.domain.devices.interfaces[1].name 'secondary' not found."),
    ]


def test_order_across_checks() -> None:
    spec = {"domain": {"devices": {"interfaces": [
        {"name": "a b", "bridge": {}, "state": "gone"},
        {"name": "a b", "bridge": {}, "model": "vmxnet3"},
    ]}}, "networks": [{"name": "n", "multus": {}}, {"name": "n", "pod": {}}]}
    assert pairs(validate_network(F, spec, ClusterConfig())) == [
        (f"{F}.networks[0]", "CNI delegating plugin must have a networkName"),
        (f"{F}.domain.devices.interfaces[0].state", "logical a b interface state value is unsupported: gone"),
        (f"{F}.networks[1].name", 'Network with name "n" already exists, every network must have a unique name'),
        (f"{F}.networks[0].name", f"{F}.networks[0].name 'n' not found."),
        (f"{F}.networks[1].name", f"{F}.networks[1].name 'n' not found."),
        (f"{F}.domain.devices.interfaces[1].name", "Only one interface can be connected to one specific network"),
        (f"{F}.domain.devices.interfaces[0].name", f"{F}.domain.devices.interfaces[0].name 'a b' not found."),
        (f"{F}.domain.devices.interfaces[1].name", f"{F}.domain.devices.interfaces[1].name 'a b' not found."),
        (f"{F}.domain.devices.interfaces[0].name",
         "Network interface name can only contain alphabetical characters, numbers, dashes (-) or underscores (_)"),
        (f"{F}.domain.devices.interfaces[1].name",
         "Network interface name can only contain alphabetical characters, numbers, dashes (-) or underscores (_)"),
        (f"{F}.domain.devices.interfaces[1].model",
         f"interface {F}.domain.devices.interfaces[1].name uses model vmxnet3 that is not supported."),
    ]


def test_whole_chain_interface_without_network() -> None:
    spec = {"domain": {"devices": {"interfaces": [{"name": "default", "masquerade": {}}]}}, "networks": []}
    [verdict] = admit_bundle([vm(spec)])
    assert verdict is not None and not verdict.allowed and verdict.stage == r.STAGE_REMAINING_VM_CHECKS
    assert pairs(verdict.causes) == [
        (f"{F}.domain.devices.interfaces[0].name", "Masquerade interface only implemented with pod network"),
        (f"{F}.domain.devices.interfaces[0].name", f"{F}.domain.devices.interfaces[0].name 'default' not found."),
    ]


def test_whole_chain_network_without_interface() -> None:
    spec = {"domain": {"devices": {"interfaces": []}}, "networks": [{"name": "default", "pod": {}}]}
    [verdict] = admit_bundle([vm(spec)])
    assert verdict is not None and not verdict.allowed and verdict.stage == r.STAGE_REMAINING_VM_CHECKS
    assert pairs(verdict.causes) == [(f"{F}.networks[0].name", f"{F}.networks[0].name 'default' not found.")]


def test_whole_chain_admits_the_defaulted_pod_network() -> None:
    [verdict] = admit_bundle([vm({"domain": {"devices": {}}})])
    assert verdict is not None and verdict.allowed
