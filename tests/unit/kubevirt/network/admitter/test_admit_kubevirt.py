"""Cases of KubeVirt's ``pkg/network/admitter/admit_test.go`` (d923fdb8), ported: the interface
``state`` values, run through ``Validator.Validate`` (``validate_network``) on the path ``fake`` with
the suite's ``stubClusterConfigChecker`` (every switch off unless the case turns it on).

Not ported: nothing.
"""
from __future__ import annotations

import re

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


MULTUS_FOO = {"name": "foo", "multus": {"networkName": "net"}}
POD_FOO = {"name": "foo", "pod": {}}


@pytest.mark.parametrize("state", [
    pytest.param("", id="valid value: is empty"),
    pytest.param("absent", id="valid value: is absent when bridge binding is used"),
    pytest.param("up", id="valid value: is up when bridge binding is used"),
    pytest.param("down", id="valid value: is down when bridge binding is used"),
])
def test_network_interface_state_valid_value(state: str) -> None:
    spec = vmi_spec({"name": "foo", "state": state, "bridge": {}}, MULTUS_FOO)
    assert validate_network("fake", spec, stub_config()) == []


@pytest.mark.parametrize(("state", "message_regex", "message"), [
    pytest.param("down", "down.+SR-IOV", '"foo" interface\'s state "down" is not supported for SR-IOV NICs',
                 id="down is not supported for sriov"),
    pytest.param("up", "up.+SR-IOV", '"foo" interface\'s state "up" is not supported for SR-IOV NICs',
                 id="up is not supported for sriov"),
    pytest.param("absent", "absent.+bridge", '"foo" interface\'s state "absent" is supported only for bridge binding',
                 id="absent is not supported when bridge-binding is not used"),
])
def test_network_interface_state_on_sriov(state: str, message_regex: str, message: str) -> None:
    spec = vmi_spec({"name": "foo", "state": state, "sriov": {}}, MULTUS_FOO)
    causes = validate_network("fake", spec, stub_config())
    assert causes == [Cause("fake.domain.devices.interfaces[0].state", message, "FieldValueInvalid")]
    assert re.search(message_regex, causes[0].message)


@pytest.mark.parametrize(("iface", "config", "expected"), [
    pytest.param({"name": "foo", "state": "foo", "masquerade": {}}, stub_config(),
                 Cause("fake.domain.devices.interfaces[0].state",
                       "logical foo interface state value is unsupported: foo", "FieldValueInvalid"),
                 id="network interface state value is invalid"),
    pytest.param({"name": "foo", "state": "absent", "bridge": {}}, stub_config(bridge_on_pod=True),
                 Cause("fake.domain.devices.interfaces[0].state",
                       '"foo" interface\'s state "absent" is not supported on default networks', "FieldValueInvalid"),
                 id="network interface state value of absent is not supported on the default network"),
])
def test_network_interface_state_on_the_pod_network(iface: dict, config: ClusterConfig, expected: Cause) -> None:
    assert validate_network("fake", vmi_spec(iface, POD_FOO), config) == [expected]
