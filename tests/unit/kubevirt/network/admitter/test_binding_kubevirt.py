"""Cases of KubeVirt's ``pkg/network/admitter/binding_test.go`` (d923fdb8), ported: the binding
combinations of an interface and the core bindings' rules (masquerade, bridge on the pod network),
run through ``Validator.Validate`` (``validate_network``) on the path ``fake`` with the suite's
``stubClusterConfigChecker`` (every switch off unless the case turns it on).

Not ported: nothing.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.network.admitter.validator import validate_network
from krmfn.kubevirt.util.webhooks import Cause
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

STUB_GATES = ("PasstBinding", "NetworkDevicesWithDRA", "PortRangesSpec")


def stub_config(*, bridge_on_pod: bool = False, enabled: tuple[str, ...] = ()) -> ClusterConfig:
    """``stubClusterConfigChecker``: bridge on the pod network and the three gates off unless given."""
    return ClusterConfig(permit_bridge_interface_on_pod_network=bridge_on_pod, feature_gates=enabled,
                         disabled_feature_gates=tuple(gate for gate in STUB_GATES if gate not in enabled))


def vmi_spec(iface: dict, network: dict) -> dict:
    """``libvmi.New`` with one interface and one network."""
    return {"domain": {"devices": {"interfaces": [iface]}}, "networks": [network]}


POD_FOO = {"name": "foo", "pod": {}}
POD_DEFAULT = {"name": "default", "pod": {}}
NOT_EXACTLY_ONE = Cause("fake.domain.devices.interfaces[0]",
                        "logical foo interface must have exactly one binding method or binding plugin",
                        "FieldValueInvalid")


@pytest.mark.parametrize(("iface", "bridge_on_pod", "expected"), [
    pytest.param({"name": "foo", "bridge": {}, "binding": {"name": "boo"}}, True, [NOT_EXACTLY_ONE],
                 id="network interface has both binding plugin and interface binding method"),
    pytest.param({"name": "foo", "binding": {"name": "boo"}}, False, [],
                 id="network interface has only plugin binding"),
    pytest.param({"name": "foo"}, False, [NOT_EXACTLY_ONE],
                 id="network interface has neither binding plugin nor interface binding method"),
    pytest.param({"name": "foo", "bridge": {}, "masquerade": {}}, True, [NOT_EXACTLY_ONE],
                 id="network interface has more than one binding method"),
    pytest.param({"name": "foo", "bridge": {}}, True, [],
                 id="network interface has only binding method"),
])
def test_validating_network_binding_combinations(iface: dict, bridge_on_pod: bool, expected: list[Cause]) -> None:
    spec = vmi_spec(iface, POD_FOO)
    assert validate_network("fake", spec, stub_config(bridge_on_pod=bridge_on_pod)) == expected


@pytest.mark.parametrize(("iface", "network", "expected"), [
    pytest.param(
        {"name": "default", "masquerade": {}, "ports": [{"name": "test"}]},
        {"name": "default", "multus": {"networkName": "test"}},
        Cause("fake.domain.devices.interfaces[0].name", "Masquerade interface only implemented with pod network",
              "FieldValueInvalid"),
        id="core binding: should reject a masquerade interface on a network different than pod"),
    pytest.param(
        {"name": "default", "masquerade": {}, "macAddress": "02:00:00:00:00:00"},
        POD_DEFAULT,
        Cause("fake.domain.devices.interfaces[0].macAddress",
              "The requested MAC address is reserved for the in-pod bridge. Please choose another one.",
              "FieldValueInvalid"),
        id="core binding: should reject a masquerade interface with a specified reserved MAC address"),
    pytest.param(
        {"name": "default", "bridge": {}},
        POD_DEFAULT,
        Cause("fake.domain.devices.interfaces[0].name",
              "Bridge on pod network configuration is not enabled under kubevirt-config", "FieldValueInvalid"),
        id="core binding: should reject a bridge interface on a pod network when it is not permitted"),
])
def test_validating_core_binding(iface: dict, network: dict, expected: Cause) -> None:
    assert validate_network("fake", vmi_spec(iface, network), stub_config()) == [expected]
