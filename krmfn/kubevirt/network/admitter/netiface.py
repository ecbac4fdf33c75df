"""Interface and network name checks and interface fields (``pkg/network/admitter/netiface.go``, d923fdb8):
``validateNetworksAssignedToInterfaces``, ``validateInterfacesAssignedToNetworks``,
``validateNetworkNameUnique``, ``validateInterfaceNameUnique`` and ``validateInterfacesFields`` (name
format, model, MAC address, PCI address, ports and port ranges (``ports.py``), DHCP options).

Oddities kept: the "not found" messages spell out the path they are reported on; a network without
an interface is FieldValueRequired while an interface without a network is FieldValueInvalid; the
DHCP private option causes point at the spec itself (``field``), not at the interface.
"""
from __future__ import annotations

from functools import lru_cache

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.ipaddr import is_ipv4_ntp_server
from krmfn.kubevirt.network.link import validate_mac_address
from krmfn.kubevirt.network.admitter.ports import (
    as_int,
    validate_port_configuration,
    validate_port_ranges_configuration,
)
from krmfn.kubevirt.network.vmispec import index_networks_by_name, interface_names, interfaces, name_of, networks
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_DUPLICATE,
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
    go_quote,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_list, as_str, dicts
from krmfn.model.lazy_re import LazyPattern

NAME_NOT_FOUND_FMT = "%s '%s' not found."
DUPLICATE_NETWORK_NAME_FMT = "Network with name %s already exists, every network must have a unique name"
DUPLICATE_INTERFACE_NAME = "Only one interface can be connected to one specific network"
INVALID_INTERFACE_NAME = (
    "Network interface name can only contain alphabetical characters, numbers, dashes (-) or underscores (_)"
)
UNSUPPORTED_MODEL_FMT = "interface %s uses model %s that is not supported."
BAD_MAC_ADDRESS_FMT = "interface %s has %s."
MALFORMED_PCI_ADDRESS_FMT = "interface %s has malformed PCI address (%s)."
DUPLICATE_DHCP_PRIVATE_OPTIONS = "Found Duplicates: you have provided duplicate DHCPPrivateOptions"
DHCP_PRIVATE_OPTION_OUT_OF_RANGE = "provided DHCPPrivateOptions are out of range, must be in range 224 to 254"
NTP_SERVER_NOT_IPV4 = "NTP servers must be a list of valid IPv4 addresses."

VALID_INTERFACE_MODELS = frozenset(("e1000", "e1000e", "igb", "ne2k_pci", "pcnet", "rtl8139", "virtio"))
DHCP_PRIVATE_OPTION_RANGE = range(224, 255)

# The fields read after the name and the model: an interface with none of them has nothing more
# to check.
_OPTIONAL_FIELDS = frozenset(("macAddress", "pciAddress", "ports", "portRanges", "dhcpOptions"))

# validateInterfaceNameFormat's ``^[A-Za-z0-9_-]+$`` (as string methods: no pattern to compile for every run)
_INTERFACE_NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
_PCI_ADDRESS = LazyPattern(r"[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]")


def validate_networks_assigned_to_interfaces(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateNetworksAssignedToInterfaces``: each network has an interface of its name."""
    names = interface_names(interfaces(spec))
    causes = []
    for index, network in enumerate(networks(spec)):
        name = name_of(network)
        if name not in names:
            path = f"{field}.networks[{index}].name"
            causes.append(Cause(path, NAME_NOT_FOUND_FMT % (path, name), CAUSE_FIELD_VALUE_REQUIRED))
    return causes


def validate_interfaces_assigned_to_networks(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateInterfacesAssignedToNetworks``: each interface has a network of its name."""
    names = {name_of(network) for network in networks(spec)}
    causes = []
    for index, iface in enumerate(interfaces(spec)):
        name = name_of(iface)
        if name not in names:
            path = f"{field}.domain.devices.interfaces[{index}].name"
            causes.append(Cause(path, NAME_NOT_FOUND_FMT % (path, name), CAUSE_FIELD_VALUE_INVALID))
    return causes


def validate_network_name_unique(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateNetworkNameUnique``: every repetition of a network name after its first."""
    nets = networks(spec)
    return [Cause(f"{field}.networks[{index}].name", DUPLICATE_NETWORK_NAME_FMT % go_quote(name_of(nets[index])),
                  CAUSE_FIELD_VALUE_DUPLICATE)
            for index in _repeated_name_indexes(nets)]


def validate_interface_name_unique(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateInterfaceNameUnique``: every repetition of an interface name after its first."""
    return [Cause(f"{field}.domain.devices.interfaces[{index}].name", DUPLICATE_INTERFACE_NAME,
                  CAUSE_FIELD_VALUE_DUPLICATE)
            for index in _repeated_name_indexes(interfaces(spec))]


def _repeated_name_indexes(entries: list[dict]) -> list[int]:
    seen: set[str] = set()
    repeated = []
    for index, entry in enumerate(entries):
        name = name_of(entry)
        if name in seen:
            repeated.append(index)
        seen.add(name)
    return repeated


def validate_interfaces_fields(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateInterfacesFields``: each interface's fields, interface by interface."""
    networks_by_name: dict[str, dict] | None = None
    causes: list[Cause] = []
    for index, iface in enumerate(interfaces(spec)):
        path = f"{field}.domain.devices.interfaces[{index}]"
        causes += _validate_name_format(path, iface)
        causes += _validate_model(path, iface)
        if _OPTIONAL_FIELDS.isdisjoint(iface):
            continue
        if networks_by_name is None:
            networks_by_name = index_networks_by_name(networks(spec))
        network = networks_by_name.get(name_of(iface), {})
        causes += _validate_mac_address(path, iface)
        causes += _validate_pci_address(path, iface)
        causes += validate_port_configuration(path, iface, network, config.kubevirt_version)
        causes += validate_port_ranges_configuration(path, iface, network, config)
        causes += _validate_dhcp_options(field, path, iface)
    return causes


@lru_cache(maxsize=4096)
def is_valid_interface_name(name: str) -> bool:
    """``validateInterfaceNameFormat``'s rule: letters, digits, ``-`` and ``_``; not empty."""
    return name != "" and not name.strip(_INTERFACE_NAME_CHARACTERS)


def _validate_name_format(path: str, iface: dict) -> list[Cause]:
    """``validateInterfaceNameFormat``: letters, digits, ``-`` and ``_``; not empty."""
    if is_valid_interface_name(name_of(iface)):
        return []
    return [Cause(f"{path}.name", INVALID_INTERFACE_NAME, CAUSE_FIELD_VALUE_INVALID)]


def _validate_model(path: str, iface: dict) -> list[Cause]:
    """``validateInterfaceModel``: an empty model is fine."""
    model = as_str(iface.get("model"))
    if model == "" or model in VALID_INTERFACE_MODELS:
        return []
    return [Cause(f"{path}.model", UNSUPPORTED_MODEL_FMT % (f"{path}.name", model), CAUSE_FIELD_VALUE_NOT_SUPPORTED)]


def _validate_mac_address(path: str, iface: dict) -> list[Cause]:
    """``validateMacAddress``."""
    error = validate_mac_address(as_str(iface.get("macAddress")))
    if error is None:
        return []
    return [Cause(f"{path}.macAddress", BAD_MAC_ADDRESS_FMT % (f"{path}.name", error), CAUSE_FIELD_VALUE_INVALID)]


def _validate_pci_address(path: str, iface: dict) -> list[Cause]:
    """``validatePciAddress`` (``hwutil.ParsePciAddress``: ``DDDD:BB:SS.F``, hex, function 0-7)."""
    address = as_str(iface.get("pciAddress"))
    if address == "" or _PCI_ADDRESS.fullmatch(address):
        return []
    return [Cause(f"{path}.pciAddress", MALFORMED_PCI_ADDRESS_FMT % (f"{path}.name", address),
                  CAUSE_FIELD_VALUE_INVALID)]


def _validate_dhcp_options(field: str, path: str, iface: dict) -> list[Cause]:
    """``validateDHCPOptions``: private options (reported on ``field``), then the NTP servers."""
    if iface.get("dhcpOptions") is None:
        return []
    dhcp_options = as_dict(iface.get("dhcpOptions"))
    options = [as_int(option.get("option")) for option in dicts(dhcp_options.get("privateOptions"))]
    causes = []
    if len(set(options)) < len(options):
        causes.append(Cause(field, DUPLICATE_DHCP_PRIVATE_OPTIONS, CAUSE_FIELD_VALUE_INVALID))
    causes += [Cause(field, DHCP_PRIVATE_OPTION_OUT_OF_RANGE, CAUSE_FIELD_VALUE_INVALID)
               for option in options if option not in DHCP_PRIVATE_OPTION_RANGE]
    causes += [Cause(f"{path}.dhcpOptions.ntpServers[{index}]", NTP_SERVER_NOT_IPV4, CAUSE_FIELD_VALUE_INVALID)
               for index, server in enumerate(as_list(dhcp_options.get("ntpServers")))
               if not is_ipv4_ntp_server(as_str(server))]
    return causes
