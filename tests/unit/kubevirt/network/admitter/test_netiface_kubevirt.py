"""Cases of KubeVirt's ``pkg/network/admitter/netiface_test.go`` (d923fdb8), ported: networks and
interfaces matched by name, unique names, the interface name format, model, MAC and PCI addresses,
forwarded ports, port ranges and DHCP options, run through ``Validator.Validate``
(``validate_network``) on the path ``fake`` with the suite's ``stubClusterConfigChecker`` (every
switch off unless the case turns it on).

Not ported: nothing.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.network.admitter.validator import validate_network
from krmfn.kubevirt.util.webhooks import Cause
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

STUB_GATES = ("PasstBinding", "NetworkDevicesWithDRA", "PortRangesSpec")
PORT_RANGES_SPEC = ("PortRangesSpec",)


def stub_config(*, bridge_on_pod: bool = False, enabled: tuple[str, ...] = ()) -> ClusterConfig:
    """``stubClusterConfigChecker``: bridge on the pod network and the three gates off unless given."""
    return ClusterConfig(permit_bridge_interface_on_pod_network=bridge_on_pod, feature_gates=enabled,
                         disabled_feature_gates=tuple(gate for gate in STUB_GATES if gate not in enabled))


def spec_of(interfaces: list[dict], networks: list[dict]) -> dict:
    return {"domain": {"devices": {"interfaces": interfaces}}, "networks": networks}


def masquerade_on_pod(**fields: object) -> dict:
    """``DefaultMasqueradeNetworkInterface`` (with ``fields``) on ``DefaultPodNetwork``."""
    return spec_of([{"name": "default", "masquerade": {}, **fields}], [dict(POD_DEFAULT)])


BRIDGE_DEFAULT = {"name": "default", "bridge": {}}
POD_DEFAULT = {"name": "default", "pod": {}}
IFACE0 = "fake.domain.devices.interfaces[0]"
NTP_NOT_IPV4 = "NTP servers must be a list of valid IPv4 addresses."


def invalid(field: str, message: str) -> Cause:
    return Cause(field, message, "FieldValueInvalid")


MULTUS_DEFAULT = {"name": "default", "multus": {"networkName": "test"}}

CASES = [
    pytest.param(spec_of([], [{"name": "not-the-default", "pod": {}}]), [
        Cause("fake.networks[0].name", "fake.networks[0].name 'not-the-default' not found.", "FieldValueRequired"),
    ], id="should reject network with missing interface"),
    pytest.param(spec_of([dict(BRIDGE_DEFAULT)], []), [
        invalid(f"{IFACE0}.name", f"{IFACE0}.name 'default' not found."),
    ], id="should reject interface with missing network"),
    pytest.param(spec_of([dict(BRIDGE_DEFAULT)], [dict(POD_DEFAULT), dict(MULTUS_DEFAULT)]), [
        Cause("fake.networks[1].name",
              'Network with name "default" already exists, every network must have a unique name',
              "FieldValueDuplicate"),
    ], id="should reject networks with duplicate names"),
    pytest.param(spec_of([{"name": "bad.name", "masquerade": {}}], [{"name": "bad.name", "pod": {}}]), [
        invalid(f"{IFACE0}.name",
                "Network interface name can only contain alphabetical characters, numbers, dashes (-) or "
                "underscores (_)"),
    ], id="should reject interface named with unsupported characters"),
    pytest.param(masquerade_on_pod(model="invalid_model"), [
        Cause(f"{IFACE0}.model", f"interface {IFACE0}.name uses model invalid_model that is not supported.",
              "FieldValueNotSupported"),
    ], id="should reject invalid interface model"),
    pytest.param(masquerade_on_pod(model="virtio"), [], id="should accept valid interface model"),
]


@pytest.mark.parametrize(("spec", "expected"), CASES)
def test_validating_vmi_network_spec(spec: dict, expected: list[Cause]) -> None:
    assert validate_network("fake", spec, stub_config()) == expected


@pytest.mark.parametrize("spec", [
    pytest.param(spec_of([dict(BRIDGE_DEFAULT), dict(BRIDGE_DEFAULT)], [dict(POD_DEFAULT), dict(MULTUS_DEFAULT)]),
                 id="should reject interfaces with duplicate names"),
])
def test_should_reject_interfaces_with_duplicate_names(spec: dict) -> None:
    causes = validate_network("fake", spec, stub_config())
    assert Cause("fake.domain.devices.interfaces[1].name",
                 "Only one interface can be connected to one specific network", "FieldValueDuplicate") in causes


@pytest.mark.parametrize(("mac", "message"), [
    pytest.param("de:ad:00:00:be", f"interface {IFACE0}.name has malformed MAC address (de:ad:00:00:be).",
                 id="too short address"),
    pytest.param("de-ad-00-00-be", f"interface {IFACE0}.name has malformed MAC address (de-ad-00-00-be).",
                 id="too short address with '-'"),
    pytest.param("de:ad:00:00:be:af:be:af",
                 f"interface {IFACE0}.name has too long MAC address (de:ad:00:00:be:af:be:af).",
                 id="too long address"),
])
def test_should_reject_invalid_mac_addresses(mac: str, message: str) -> None:
    assert validate_network("fake", masquerade_on_pod(macAddress=mac), stub_config()) == [
        invalid(f"{IFACE0}.macAddress", message),
    ]


@pytest.mark.parametrize("mac", [
    pytest.param("de:ad:00:00:be:af", id="valid address in lowercase and colon separated"),
    pytest.param("DE:AD:00:00:BE:AF", id="valid address in uppercase and colon separated"),
    pytest.param("de-ad-00-00-be-af", id="valid address in lowercase and dash separated"),
    pytest.param("DE-AD-00-00-BE-AF", id="valid address in uppercase and dash separated"),
])
def test_should_accept_valid_mac_addresses(mac: str) -> None:
    assert validate_network("fake", masquerade_on_pod(macAddress=mac), stub_config()) == []


@pytest.mark.parametrize("pci_address", [
    pytest.param("0000:80.10.1", id="too many dots"),
    pytest.param("0000:80:80:1.0", id="too many parts'-'"),
    pytest.param("0000:80:11.15", id="function out of range"),
])
def test_should_reject_invalid_pci_addresses(pci_address: str) -> None:
    assert validate_network("fake", masquerade_on_pod(pciAddress=pci_address), stub_config()) == [
        invalid(f"{IFACE0}.pciAddress", f"interface {IFACE0}.name has malformed PCI address ({pci_address})."),
    ]


@pytest.mark.parametrize("pci_address", [
    pytest.param("0000:81:11.1", id="valid address A"),
    pytest.param("0001:02:00.0", id="valid address B"),
])
def test_should_accept_valid_pci_address(pci_address: str) -> None:
    assert validate_network("fake", masquerade_on_pod(pciAddress=pci_address), stub_config()) == []


@pytest.mark.parametrize(("ports", "expected"), [
    pytest.param([{"name": "test"}],
                 [Cause(f"{IFACE0}.ports[0].port", "Port field is mandatory.", "FieldValueRequired")],
                 id="interface port: reject only the port name"),
    pytest.param([{"protocol": "bad", "port": 80}],
                 [invalid(f"{IFACE0}.ports[0].protocol", "Unknown protocol, only TCP or UDP allowed")],
                 id="interface port: reject bad protocol type"),
    pytest.param([{"port": 80000}],
                 [invalid(f"{IFACE0}.ports[0].port", "Port field must be in range 0 < x < 65536.")],
                 id="interface port: reject port out of range"),
    pytest.param([{"name": "testport", "port": 80}, {"name": "testport", "protocol": "UDP", "port": 80}],
                 [Cause(f"{IFACE0}.ports[1].name", "Duplicate name of the port: testport", "FieldValueDuplicate")],
                 id="interface port: reject two ports that have the same name"),
    pytest.param([{"name": "Test", "port": 80}],
                 [invalid(f"{IFACE0}.ports[0].name", "Invalid name of the port: Test")],
                 id="interface port: reject bad port name"),
])
def test_should_reject_interface_port_with(ports: list[dict], expected: list[Cause]) -> None:
    assert validate_network("fake", masquerade_on_pod(ports=ports), stub_config()) == expected


@pytest.mark.parametrize("ports", [
    pytest.param([{"port": 80}], id="interface port: accept single minimal port"),
    pytest.param([{"port": 80}, {"protocol": "UDP", "port": 80}],
                 id="interface port: accept multiple ports, same number, with protocol and without"),
    pytest.param([{"port": 80}, {"protocol": "UDP", "port": 80}, {"protocol": "TCP", "port": 80}],
                 id="interface port: accept multiple ports, same number, different protocols"),
])
def test_should_accept_interface_with(ports: list[dict]) -> None:
    assert validate_network("fake", masquerade_on_pod(ports=ports), stub_config()) == []


RANGE_80_90 = {"protocol": "TCP", "start": 80, "end": 90}


@pytest.mark.parametrize(("spec", "config", "expected"), [
    pytest.param(masquerade_on_pod(portRanges=[{"start": 80, "end": 90}]), stub_config(), [
        invalid(f"{IFACE0}.name",
                "portRanges is specified on interface but the PortRangesSpec feature gate is not enabled"),
    ], id="portRanges: should reject portRanges when feature gate is disabled"),
    pytest.param(spec_of([{"name": "default", "bridge": {}, "portRanges": [RANGE_80_90]}], [dict(POD_DEFAULT)]),
                 stub_config(bridge_on_pod=True, enabled=PORT_RANGES_SPEC), [
        invalid(f"{IFACE0}.name", "portRanges are only supported on masquerade interfaces"),
    ], id="portRanges: should reject when binding method is not masquerade"),
    pytest.param(masquerade_on_pod(ports=[{"port": 22}], portRanges=[RANGE_80_90]),
                 stub_config(enabled=PORT_RANGES_SPEC), [
        invalid(f"{IFACE0}.name", "Cannot define both ports and portRanges on interface"),
    ], id="portRanges: should reject when portRanges and ports are both set"),
])
def test_interface_port_ranges(spec: dict, config: ClusterConfig, expected: list[Cause]) -> None:
    assert validate_network("fake", spec, config) == expected


@pytest.mark.parametrize(("port_ranges", "expected"), [
    pytest.param([{"protocol": "SCTP", "start": 80, "end": 90}],
                 invalid(f"{IFACE0}.portRanges[0].protocol", "Unknown protocol, only TCP or UDP allowed"),
                 id="portRanges: reject bad protocol"),
    pytest.param([{"protocol": "TCP", "start": 0, "end": 100}],
                 invalid(f"{IFACE0}.portRanges[0].start", "Start must be a valid port number, 0 < x < 65536"),
                 id="portRanges: reject start port out of range"),
    pytest.param([{"protocol": "TCP", "start": 80, "end": 70000}],
                 invalid(f"{IFACE0}.portRanges[0].end", "End must be a valid port number, 0 < x < 65536"),
                 id="portRanges: reject end port out of range"),
    pytest.param([{"protocol": "TCP", "start": 100, "end": 80}],
                 invalid(f"{IFACE0}.portRanges[0].start", "Start must be less than or equal to end"),
                 id="portRanges: reject start greater than end"),
    pytest.param([{"protocol": "TCP", "start": 80, "end": 200}, {"protocol": "TCP", "start": 150, "end": 300}],
                 invalid(f"{IFACE0}.portRanges", "TCP portRanges [80-200] and [150-300] overlap"),
                 id="portRanges: reject two TCP ranges overlapping"),
])
def test_should_reject_port_ranges_with(port_ranges: list[dict], expected: Cause) -> None:
    spec = masquerade_on_pod(portRanges=port_ranges)
    assert validate_network("fake", spec, stub_config(enabled=PORT_RANGES_SPEC)) == [expected]


@pytest.mark.parametrize("port_ranges", [
    pytest.param([{"protocol": "TCP", "start": 80, "end": 90}], id="portRanges: accept single range"),
    pytest.param([{"protocol": "TCP", "start": 22, "end": 22}], id="portRanges: accept single port (start == end)"),
    pytest.param([{"protocol": "TCP", "start": 80, "end": 100}, {"protocol": "TCP", "start": 200, "end": 300}],
                 id="portRanges: accept two non-overlapping TCP ranges"),
    pytest.param([{"protocol": "TCP", "start": 80, "end": 200}, {"protocol": "UDP", "start": 150, "end": 300}],
                 id="portRanges: accept TCP and UDP ranges that overlap (allowed)"),
])
def test_should_accept_port_ranges_with(port_ranges: list[dict]) -> None:
    spec = masquerade_on_pod(portRanges=port_ranges)
    assert validate_network("fake", spec, stub_config(enabled=PORT_RANGES_SPEC)) == []


@pytest.mark.parametrize(("dhcp_options", "expected"), [
    pytest.param({"privateOptions": [{"option": 223, "value": "extra.options.kubevirt.io"}]},
                 [invalid("fake", "provided DHCPPrivateOptions are out of range, must be in range 224 to 254")],
                 id="DHCP options: reject invalid DHCPPrivateOptions"),
    pytest.param({"privateOptions": [{"option": 240, "value": "extra.options.kubevirt.io"},
                                     {"option": 240, "value": "sameextra.options.kubevirt.io"}]},
                 [invalid("fake", "Found Duplicates: you have provided duplicate DHCPPrivateOptions")],
                 id="DHCP options: reject duplicate DHCPPrivateOptions"),
    pytest.param({"ntpServers": ["::1", "hostname"]},
                 [invalid(f"{IFACE0}.dhcpOptions.ntpServers[{index}]", NTP_NOT_IPV4) for index in (0, 1)],
                 id="DHCP options: reject non-IPv4 NTP servers"),
])
def test_should_reject_interface_dhcp_options_with(dhcp_options: dict, expected: list[Cause]) -> None:
    assert validate_network("fake", masquerade_on_pod(dhcpOptions=dhcp_options), stub_config()) == expected


@pytest.mark.parametrize("dhcp_options", [
    pytest.param({"privateOptions": [{"option": 240, "value": "extra.options.kubevirt.io"}]},
                 id="DHCP options: accept valid DHCPPrivateOptions"),
    pytest.param({"ntpServers": ["127.0.0.1", "127.0.0.2"]}, id="DHCP options: accept valid NTP servers"),
    pytest.param({"privateOptions": [{"option": 240, "value": "extra.options.kubevirt.io"},
                                     {"option": 241, "value": "extra.options.kubevirt.io"}]},
                 id="DHCP options: accept unique DHCPPrivateOptions"),
])
def test_should_accept_interface_dhcp_options_with(dhcp_options: dict) -> None:
    assert validate_network("fake", masquerade_on_pod(dhcpOptions=dhcp_options), stub_config()) == []
