"""KubeVirt's network admitter (``pkg/network/admitter/validator.go``, d923fdb8).

``validate_network`` is ``Validator.Validate``, which ``ValidateVirtualMachineInstanceSpec`` runs on
every VM's template spec: its eleven checks in KubeVirt's order, every cause of each. (The webhook
caps the answer at 10 causes; the caller does.)

``Validator.ValidateCreation`` runs only ``validateDiscontinuedBindings`` (``discontinued.py``), and the
VM webhook runs it on its own, earlier, on the path ``spec``.

The cluster settings read: ``permitBridgeInterfaceOnPodNetwork`` and the ``PasstBinding`` (Beta),
``NetworkDevicesWithDRA`` and ``PortRangesSpec`` (Alpha) feature gates; at KubeVirt v1.7 also the
``Macvtap`` and ``Passt`` gates of the discontinued bindings (``macvtap.py``, ``passt.py``).

Most VMs pass every check, so ``validate_network`` first makes one cheap pass over the networks and
the interfaces (``_plainly_valid``) that accepts only specs on which no check can find anything; any
other spec, including any that uses a field the pass does not read, goes through the eleven checks.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.link import is_reserved, validate_mac_address
from krmfn.kubevirt.network.admitter.netiface import (
    VALID_INTERFACE_MODELS,
    is_valid_interface_name,
    validate_interface_name_unique,
    validate_interfaces_assigned_to_networks,
    validate_interfaces_fields,
    validate_network_name_unique,
    validate_networks_assigned_to_interfaces,
)
from krmfn.kubevirt.network.admitter.ports import validate_port_configuration
from krmfn.kubevirt.util.webhooks import Cause

NetworkCheck = Callable[[str, dict, ClusterConfig], list[Cause]]


@cache
def network_checks() -> tuple[NetworkCheck, ...]:
    """``Validator.Validate``'s eleven checks, in its order. The modules of the bindings, the sources,
    DRA and the interface state load with the first spec that ``_plainly_valid`` does not accept:
    most runs never need them."""
    from krmfn.kubevirt.network.admitter.admit import validate_interface_state_value  # noqa: PLC0415
    from krmfn.kubevirt.network.admitter.binding import validate_interface_binding  # noqa: PLC0415
    from krmfn.kubevirt.network.admitter.dra import validate_network_devices_with_dra  # noqa: PLC0415
    from krmfn.kubevirt.network.admitter.netsource import (  # noqa: PLC0415
        validate_multus_network_source,
        validate_single_network_source,
        validate_single_pod_network,
    )

    return (
        validate_single_pod_network,
        validate_single_network_source,
        validate_multus_network_source,
        validate_interface_state_value,
        validate_interface_binding,
        validate_network_name_unique,
        validate_network_devices_with_dra,
        validate_networks_assigned_to_interfaces,
        validate_interface_name_unique,
        validate_interfaces_assigned_to_networks,
        validate_interfaces_fields,
    )

# ``_plainly_valid``'s interfaces: each set of fields it accepts on an interface, with the binding
# and whether the interface has a MAC address or ports to check. Any other field, even null, leaves
# the interface to the checks.
_PLAIN_BINDINGS = ("bridge", "masquerade", "sriov", "binding")
_PLAIN_OPTIONAL_FIELDS = ("model", "macAddress", "ports")
_PLAIN_INTERFACE_SHAPES = {
    frozenset(("name", binding, *optional)): (binding, "macAddress" in optional or "ports" in optional)
    for binding in _PLAIN_BINDINGS
    for count in range(len(_PLAIN_OPTIONAL_FIELDS) + 1)
    for optional in combinations(_PLAIN_OPTIONAL_FIELDS, count)
}
_NOT_PLAIN = ("", False)
_MODELS_ACCEPTED = VALID_INTERFACE_MODELS | {""}


def validate_network(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``Validator.Validate``: every cause of every network check, in order."""
    if _plainly_valid(spec, config):
        return []
    causes: list[Cause] = []
    for check in network_checks():
        causes += check(field, spec, config)
    return causes


def _plainly_valid(spec: dict, config: ClusterConfig) -> bool:
    """True only when none of ``network_checks()`` has a cause for ``spec`` (False may still be valid).

    Networks: objects with exactly two keys, a unique string ``name`` and the source: a ``pod``, or a
    ``multus`` object with a non-empty string ``networkName``; at most one pod or Multus default
    network. Interfaces: objects, one per network and named after it (a valid interface name), whose
    fields are the ``name``, one of ``_PLAIN_BINDINGS`` (masquerade on the pod network; bridge on the
    pod network only when permitted) and some of ``_PLAIN_OPTIONAL_FIELDS``: a known model or none, a
    valid MAC address or none (not the bridge's with masquerade), ports the checks accept.
    One function rather than several small ones: this runs on every VM.
    """
    nets = spec.get("networks")
    network_by_name: dict[str, dict] = {}
    default_networks = 0
    for network in nets if isinstance(nets, list) else ():
        if not isinstance(network, dict) or len(network) != 2:
            return False
        name = network.get("name")
        if not isinstance(name, str) or name in network_by_name:
            return False
        if network.get("pod") is not None:
            default_networks += 1
        else:
            multus = network.get("multus")
            if not isinstance(multus, dict):
                return False
            network_name = multus.get("networkName")
            if not isinstance(network_name, str) or network_name == "":
                return False
            if multus.get("default") is True:
                default_networks += 1
        network_by_name[name] = network
    if default_networks > 1:
        return False

    domain = spec.get("domain")
    devices = domain.get("devices") if isinstance(domain, dict) else None
    ifaces = devices.get("interfaces") if isinstance(devices, dict) else None
    if not isinstance(ifaces, list):
        ifaces = []
    if len(ifaces) != len(network_by_name):
        return False
    for iface in ifaces:
        if not isinstance(iface, dict):
            return False
        binding, has_mac_or_ports = _PLAIN_INTERFACE_SHAPES.get(frozenset(iface), _NOT_PLAIN)
        if not binding or iface[binding] is None:
            return False
        name = iface["name"]
        # Popped: a second interface of the name finds no network.
        network = network_by_name.pop(name, None) if isinstance(name, str) else None
        if network is None or not is_valid_interface_name(name):
            return False
        if binding == "masquerade":
            if network.get("pod") is None:
                return False
        elif (binding == "bridge" and not config.permit_bridge_interface_on_pod_network
              and network.get("pod") is not None):
            return False
        model = iface.get("model")
        if model is not None and not (isinstance(model, str) and model in _MODELS_ACCEPTED):
            return False
        if has_mac_or_ports and not _plain_mac_and_ports(iface, binding, network):
            return False
    return True


def _plain_mac_and_ports(iface: dict, binding: str, network: dict) -> bool:
    """No cause for the interface's MAC address (valid, not the bridge's with masquerade) or its
    ports (forwarded ports are common enough to check here; the path of a cause does not matter)."""
    mac = iface.get("macAddress")
    if isinstance(mac, str) and (validate_mac_address(mac) is not None
                                 or (binding == "masquerade" and is_reserved(mac))):
        return False
    return "ports" not in iface or not validate_port_configuration("", iface, network)
