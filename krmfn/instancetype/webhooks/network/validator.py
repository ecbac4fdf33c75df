"""KubeVirt's network admitter (``pkg/network/admitter/validator.go``, d923fdb8).

``validate_network`` is ``Validator.Validate``, which ``ValidateVirtualMachineInstanceSpec`` runs on
every VM's template spec: its eleven checks in KubeVirt's order, every cause of each. (The webhook
caps the answer at 10 causes; the caller does.)

``Validator.ValidateCreation`` runs only ``validateDiscontinuedBindings`` (``discontinued.py``), and the
VM webhook runs it on its own, earlier, on the path ``spec``.

The cluster settings read: ``permitBridgeInterfaceOnPodNetwork`` and the ``PasstBinding`` (Beta),
``NetworkDevicesWithDRA`` and ``PortRangesSpec`` (Alpha) feature gates.

Most VMs pass every check, so ``validate_network`` first makes one cheap pass over the networks and
the interfaces (``_plainly_valid``) that accepts only specs on which no check can find anything; any
other spec, including any that uses a field the pass does not read, goes through the eleven checks.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.network.binding import COUNTED_BINDINGS, validate_interface_binding
from krmfn.instancetype.webhooks.network.dra import validate_network_devices_with_dra
from krmfn.instancetype.webhooks.network.interface_state import validate_interface_state_value
from krmfn.instancetype.webhooks.network.link import is_reserved, validate_mac_address
from krmfn.instancetype.webhooks.network.netiface import (
    VALID_INTERFACE_MODELS,
    is_valid_interface_name,
    validate_interface_name_unique,
    validate_interfaces_assigned_to_networks,
    validate_interfaces_fields,
    validate_network_name_unique,
    validate_networks_assigned_to_interfaces,
)
from krmfn.instancetype.webhooks.network.netsource import (
    validate_multus_network_source,
    validate_single_network_source,
    validate_single_pod_network,
)
from krmfn.instancetype.webhooks.network.ports import validate_port_configuration
from krmfn.instancetype.webhooks.response import Cause

NetworkCheck = Callable[[str, dict, ClusterConfig], list[Cause]]

NETWORK_CHECKS: tuple[NetworkCheck, ...] = (
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

# Interface fields ``_plainly_valid`` leaves to the checks: a spec with any of them (even null) takes
# the full path.
_FIELDS_LEFT_TO_THE_CHECKS = frozenset(("state", "passtBinding", "pciAddress", "portRanges", "dhcpOptions"))
_COUNTED_BINDINGS = frozenset(COUNTED_BINDINGS)
_MODELS_ACCEPTED = VALID_INTERFACE_MODELS | {""}


def validate_network(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``Validator.Validate``: every cause of every network check, in order."""
    if _plainly_valid(spec, config):
        return []
    causes: list[Cause] = []
    for check in NETWORK_CHECKS:
        causes += check(field, spec, config)
    return causes


def _plainly_valid(spec: dict, config: ClusterConfig) -> bool:
    """True only when none of ``NETWORK_CHECKS`` has a cause for ``spec`` (False may still be valid).

    Networks: objects with unique string names, each exactly one of a ``pod`` source and a ``multus``
    source with a ``networkName``, at most one of them the default network, no ``resourceClaim``.
    Interfaces: objects, one per network and of its name (a valid interface name), none using
    ``_FIELDS_LEFT_TO_THE_CHECKS``, each with exactly one binding (masquerade on the pod network and
    not with the bridge's MAC; bridge on the pod network only when permitted), a known model or none,
    a valid MAC address or none, and ports that ``validate_port_configuration`` accepts.
    """
    nets = spec.get("networks")
    network_by_name: dict[str, dict] = {}
    default_networks = 0
    for network in nets if isinstance(nets, list) else ():
        if not isinstance(network, dict):
            return False
        name = network.get("name")
        if not isinstance(name, str) or name in network_by_name or network.get("resourceClaim") is not None:
            return False
        multus = network.get("multus")
        if network.get("pod") is not None:
            if multus is not None:
                return False
            default_networks += 1
        elif isinstance(multus, dict):
            network_name = multus.get("networkName")
            if not isinstance(network_name, str) or network_name == "":
                return False
            if multus.get("default") is True:
                default_networks += 1
        else:
            return False
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
    interface_names: set[str] = set()
    for iface in ifaces:
        if not isinstance(iface, dict):
            return False
        name = iface.get("name")
        if not isinstance(name, str) or name in interface_names or name not in network_by_name:
            return False
        interface_names.add(name)
        if not is_valid_interface_name(name) or not _FIELDS_LEFT_TO_THE_CHECKS.isdisjoint(iface):
            return False
        bindings = _COUNTED_BINDINGS.intersection(iface)
        if len(bindings) != 1:
            return False
        [binding] = bindings
        if iface[binding] is None:
            return False
        network = network_by_name[name]
        on_pod_network = network.get("pod") is not None
        if binding == "masquerade" and not on_pod_network:
            return False
        if binding == "bridge" and on_pod_network and not config.permit_bridge_interface_on_pod_network:
            return False
        model = iface.get("model")
        if model is not None and not (isinstance(model, str) and model in _MODELS_ACCEPTED):
            return False
        mac = iface.get("macAddress")
        if isinstance(mac, str) and (validate_mac_address(mac) is not None
                                     or (binding == "masquerade" and is_reserved(mac))):
            return False
        # Forwarded ports are common enough to check here: any cause (its path does not matter).
        if "ports" in iface and validate_port_configuration("", iface, network):
            return False
    return True

