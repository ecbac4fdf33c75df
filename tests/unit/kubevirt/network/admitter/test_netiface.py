"""pkg/network/admitter/netiface.go: names, uniqueness and interface fields (ports: test_ports.py)."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.admitter.netiface import (
    is_valid_interface_name,
    validate_interface_name_unique,
    validate_interfaces_assigned_to_networks,
    validate_interfaces_fields,
    validate_network_name_unique,
    validate_networks_assigned_to_interfaces,
)

F = "spec.template.spec"
I0 = f"{F}.domain.devices.interfaces[0]"
CONFIG = ClusterConfig()


def pairs(causes: list) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


def spec(interfaces: list[dict], networks: list[dict] | None = None) -> dict:
    return {"domain": {"devices": {"interfaces": interfaces}},
            "networks": networks if networks is not None else [{"name": "a", "pod": {}}]}


def test_assignments_both_ways() -> None:
    both = spec([{"name": "a"}, {"name": "x"}], [{"name": "a", "pod": {}}, {"name": "y", "multus": {}}])
    assert pairs(validate_networks_assigned_to_interfaces(F, both, CONFIG)) == [
        (f"{F}.networks[1].name", f"{F}.networks[1].name 'y' not found."),
    ]
    assert [c.type for c in validate_networks_assigned_to_interfaces(F, both, CONFIG)] == ["FieldValueRequired"]
    assert pairs(validate_interfaces_assigned_to_networks(F, both, CONFIG)) == [
        (f"{F}.domain.devices.interfaces[1].name", f"{F}.domain.devices.interfaces[1].name 'x' not found."),
    ]
    assert [c.type for c in validate_interfaces_assigned_to_networks(F, both, CONFIG)] == ["FieldValueInvalid"]


def test_unnamed_interface_matches_an_unnamed_network() -> None:
    unnamed = spec([{"bridge": {}}], [{"pod": {}}])
    assert validate_networks_assigned_to_interfaces(F, unnamed, CONFIG) == []
    assert validate_interfaces_assigned_to_networks(F, unnamed, CONFIG) == []


def test_repeated_names_after_the_first() -> None:
    repeated = spec([{"name": "a"}, {"name": "a"}, {"name": "a"}],
                    [{"name": "a", "pod": {}}, {"name": "b"}, {"name": "a"}])
    assert pairs(validate_network_name_unique(F, repeated, CONFIG)) == [
        (f"{F}.networks[2].name", 'Network with name "a" already exists, every network must have a unique name'),
    ]
    assert pairs(validate_interface_name_unique(F, repeated, CONFIG)) == [
        (f"{F}.domain.devices.interfaces[1].name", "Only one interface can be connected to one specific network"),
        (f"{F}.domain.devices.interfaces[2].name", "Only one interface can be connected to one specific network"),
    ]


def test_valid_fields_pass() -> None:
    iface = {"name": "a_B-9", "model": "e1000e", "macAddress": "de:ad:00:00:be:af", "pciAddress": "0000:81:01.7",
             "dhcpOptions": {"ntpServers": ["10.0.0.1"], "privateOptions": [{"option": 224}, {"option": 254}]}}
    assert validate_interfaces_fields(F, spec([iface]), CONFIG) == []


def test_name_model_mac_and_pci_in_order() -> None:
    iface = {"name": "a.b", "model": "virtio-net", "macAddress": "de:ad:be:ef", "pciAddress": "0000:81:01.8"}
    assert pairs(validate_interfaces_fields(F, spec([iface]), CONFIG)) == [
        (f"{I0}.name",
         "Network interface name can only contain alphabetical characters, numbers, dashes (-) or underscores (_)"),
        (f"{I0}.model", f"interface {I0}.name uses model virtio-net that is not supported."),
        (f"{I0}.macAddress", f"interface {I0}.name has malformed MAC address (de:ad:be:ef)."),
        (f"{I0}.pciAddress", f"interface {I0}.name has malformed PCI address (0000:81:01.8)."),
    ]


def test_empty_name_and_long_mac() -> None:
    iface = {"macAddress": "02:00:5e:10:00:00:00:01", "pciAddress": "0000:81:01.1\n"}
    assert pairs(validate_interfaces_fields(F, spec([iface]), CONFIG)) == [
        (f"{I0}.name",
         "Network interface name can only contain alphabetical characters, numbers, dashes (-) or underscores (_)"),
        (f"{I0}.macAddress", f"interface {I0}.name has too long MAC address (02:00:5e:10:00:00:00:01)."),
        (f"{I0}.pciAddress", f"interface {I0}.name has malformed PCI address (0000:81:01.1\n)."),
    ]


def test_dhcp_options_private_options_on_the_spec_path_then_ntp() -> None:
    iface = {"name": "a", "dhcpOptions": {"privateOptions": [{"option": 240}, {"option": 240}, {"option": 255}, {}],
                                          "ntpServers": ["1.2.3.4", "fd00::1", "pool.ntp.org"]}}
    assert pairs(validate_interfaces_fields(F, spec([iface]), CONFIG)) == [
        (F, "Found Duplicates: you have provided duplicate DHCPPrivateOptions"),
        (F, "provided DHCPPrivateOptions are out of range, must be in range 224 to 254"),
        (F, "provided DHCPPrivateOptions are out of range, must be in range 224 to 254"),
        (f"{I0}.dhcpOptions.ntpServers[1]", "NTP servers must be a list of valid IPv4 addresses."),
        (f"{I0}.dhcpOptions.ntpServers[2]", "NTP servers must be a list of valid IPv4 addresses."),
    ]
    assert validate_interfaces_fields(F, spec([{"name": "a", "dhcpOptions": {}}]), CONFIG) == []


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="aZ09_-. /\né\u212a", max_size=6))
def test_the_interface_name_rule_is_validate_interface_name_formats_pattern(name: str) -> None:
    # validateInterfaceNameFormat: regexp.MustCompile(`^[A-Za-z0-9_-]+$`) (Go's `$`: the end of the text)
    assert is_valid_interface_name(name) is (re.fullmatch(r"[A-Za-z0-9_-]+", name) is not None)
