"""KubeVirt's network admitter (``pkg/network/admitter/validator.go``, d923fdb8).

``validate_network`` is ``Validator.Validate``, which ``ValidateVirtualMachineInstanceSpec`` runs on
every VM's template spec: its eleven checks in KubeVirt's order, every cause of each. (The webhook
caps the answer at 10 causes; the caller does.)

``Validator.ValidateCreation`` runs only ``validateDiscontinuedBindings`` (``discontinued.py``), and the
VM webhook runs it on its own, earlier, on the path ``spec``.

The cluster settings read: ``permitBridgeInterfaceOnPodNetwork`` and the ``PasstBinding`` (Beta),
``NetworkDevicesWithDRA`` and ``PortRangesSpec`` (Alpha) feature gates.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.network.binding import validate_interface_binding
from krmfn.instancetype.webhooks.network.dra import validate_network_devices_with_dra
from krmfn.instancetype.webhooks.network.interface_state import validate_interface_state_value
from krmfn.instancetype.webhooks.network.netiface import (
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


def validate_network(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``Validator.Validate``: every cause of every network check, in order."""
    causes: list[Cause] = []
    for check in NETWORK_CHECKS:
        causes += check(field, spec, config)
    return causes
