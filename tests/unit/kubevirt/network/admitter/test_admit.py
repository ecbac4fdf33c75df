"""pkg/network/admitter/admit.go: validateInterfaceStateValue."""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.admitter.admit import validate_interface_state_value

F = "spec.template.spec"
CONFIG = ClusterConfig()


def pairs(causes: list) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


def spec(interfaces: list[dict], networks: list[dict]) -> dict:
    return {"domain": {"devices": {"interfaces": interfaces}}, "networks": networks}


def test_supported_states_pass() -> None:
    ifaces = [{"name": "a", "bridge": {}, "state": state} for state in ("", "up", "down")]
    ifaces.append({"name": "sec", "bridge": {}, "state": "absent"})
    networks = [{"name": "a", "pod": {}}, {"name": "sec", "multus": {"networkName": "n"}}]
    assert validate_interface_state_value(F, spec(ifaces, networks), CONFIG) == []


def test_unknown_state() -> None:
    causes = validate_interface_state_value(F, spec([{"name": "a", "bridge": {}, "state": "Up"}], []), CONFIG)
    assert pairs(causes) == [(f"{F}.domain.devices.interfaces[0].state",
                              "logical a interface state value is unsupported: Up")]


def test_sriov_link_states() -> None:
    ifaces = [{"name": "a", "sriov": {}, "state": "down"}, {"name": "b", "sriov": {}, "state": "up"}]
    assert pairs(validate_interface_state_value(F, spec(ifaces, []), CONFIG)) == [
        (f"{F}.domain.devices.interfaces[0].state", '"a" interface\'s state "down" is not supported for SR-IOV NICs'),
        (f"{F}.domain.devices.interfaces[1].state", '"b" interface\'s state "up" is not supported for SR-IOV NICs'),
    ]


def test_absent_on_a_non_bridge_default_network_gets_both_causes() -> None:
    ifaces = [{"name": "default", "masquerade": {}, "state": "absent"}]
    networks = [{"name": "default", "pod": {}}]
    assert pairs(validate_interface_state_value(F, spec(ifaces, networks), CONFIG)) == [
        (f"{F}.domain.devices.interfaces[0].state",
         '"default" interface\'s state "absent" is supported only for bridge binding'),
        (f"{F}.domain.devices.interfaces[0].state",
         '"default" interface\'s state "absent" is not supported on default networks'),
    ]


def test_the_multus_default_network_is_a_default_network_too() -> None:
    ifaces = [{"name": "m", "bridge": {}, "state": "absent"}]
    networks = [{"name": "m", "multus": {"networkName": "n", "default": True}}]
    assert pairs(validate_interface_state_value(F, spec(ifaces, networks), CONFIG)) == [
        (f"{F}.domain.devices.interfaces[0].state",
         '"m" interface\'s state "absent" is not supported on default networks'),
    ]
