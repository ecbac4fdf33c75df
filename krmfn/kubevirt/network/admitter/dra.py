"""``validateNetworkDevicesWithDRA`` (``pkg/network/admitter/dra.go``, d923fdb8): networks whose source
is a DRA ``resourceClaim``.

Without such a network nothing is checked. Otherwise the ``NetworkDevicesWithDRA`` gate (Alpha: off
unless enabled) must be on, and no network may be Multus; each of these answers alone. Then, network
by network: its interface (the first of its name, if any) must be SR-IOV or a binding plugin (reported
on ``...devices.interfaces``, no index); ``claimName`` and ``requestName`` are required; with both set,
the claim must be one of ``spec.resourceClaims`` and the pair must not repeat an earlier network's.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.vmispec import (
    claim_and_request_names,
    dra_claim_request_first_index,
    has_dra_network,
    interfaces,
    is_dra_network,
    is_multus_network,
    is_set,
    lookup_interface_by_name,
    name_of,
    networks,
)
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_DUPLICATE,
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_FOUND,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
    go_quote,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import dicts
from krmfn.model.reasons import needs_feature_gate

NETWORK_DEVICES_WITH_DRA_GATE = "NetworkDevicesWithDRA"
DRA_GATE_DISABLED = "vmi.spec.networks contains DRA networks but NetworkDevicesWithDRA feature gate is not enabled"
DRA_WITH_MULTUS = "mixing Multus and DRA resourceClaim networks in the same VMI is not supported"
DRA_INTERFACE_BINDING_FMT = "DRA network %s requires an SR-IOV or binding plugin interface"
CLAIM_NAME_REQUIRED = "claimName is required for DRA network"
REQUEST_NAME_REQUIRED = "requestName is required for DRA network"
UNDEFINED_RESOURCE_CLAIM_FMT = "network references resourceClaim %s which is not defined in spec.resourceClaims"
DUPLICATE_CLAIM_REQUEST_FMT = "duplicate claimName/requestName combination %s"


def validate_network_devices_with_dra(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    nets = networks(spec)
    if not has_dra_network(nets):
        return []
    if not config.feature_gate_enabled(NETWORK_DEVICES_WITH_DRA_GATE):
        return [Cause(f"{field}.networks", DRA_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                      needs_feature_gate(NETWORK_DEVICES_WITH_DRA_GATE))]
    if any(is_multus_network(network) for network in nets):
        return [Cause(f"{field}.networks", DRA_WITH_MULTUS, CAUSE_FIELD_VALUE_INVALID)]
    ifaces = interfaces(spec)
    claim_names = {name_of(claim) for claim in dicts(spec.get("resourceClaims"))}
    first_index_by_pair = dra_claim_request_first_index(nets)
    causes: list[Cause] = []
    for index, network in enumerate(nets):
        if not is_dra_network(network):
            continue
        causes += _validate_interface_binding(field, ifaces, name_of(network))
        claim_name, request_name = claim_and_request_names(network)
        path = f"{field}.networks[{index}]"
        causes += _validate_claim_and_request_names(path, claim_name, request_name)
        if not claim_name or not request_name:
            continue
        if claim_name not in claim_names:
            causes.append(Cause(f"{path}.resourceClaim.claimName", UNDEFINED_RESOURCE_CLAIM_FMT % go_quote(claim_name),
                                CAUSE_FIELD_VALUE_NOT_FOUND))
        pair = f"{claim_name}/{request_name}"
        if first_index_by_pair.get(pair, index) != index:
            causes.append(Cause(path, DUPLICATE_CLAIM_REQUEST_FMT % go_quote(pair), CAUSE_FIELD_VALUE_DUPLICATE))
    return causes


def _validate_interface_binding(field: str, ifaces: list[dict], network_name: str) -> list[Cause]:
    """``validateDRANetworkInterfaceBinding``."""
    iface = lookup_interface_by_name(ifaces, network_name)
    if iface is None or is_set(iface, "sriov") or is_set(iface, "binding"):
        return []
    return [Cause(f"{field}.domain.devices.interfaces", DRA_INTERFACE_BINDING_FMT % go_quote(network_name),
                  CAUSE_FIELD_VALUE_INVALID)]


def _validate_claim_and_request_names(path: str, claim_name: str, request_name: str) -> list[Cause]:
    """``validateDRAClaimAndRequestNames``."""
    causes = []
    if not claim_name:
        causes.append(Cause(f"{path}.resourceClaim.claimName", CLAIM_NAME_REQUIRED, CAUSE_FIELD_VALUE_REQUIRED))
    if not request_name:
        causes.append(Cause(f"{path}.resourceClaim.requestName", REQUEST_NAME_REQUIRED, CAUSE_FIELD_VALUE_REQUIRED))
    return causes
