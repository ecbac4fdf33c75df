"""The network spec lookups the admitter uses (``pkg/network/vmispec``, d923fdb8), on plain dicts.

A network or interface is read as Go decodes it: a missing or mistyped field is its zero value, and
a source (``pod``, ``multus``, ``resourceClaim``) or binding is set unless absent or null (Go's nil
pointer; ``{}`` is set).
"""
from __future__ import annotations

from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, dicts


def interfaces(spec: dict) -> list[dict]:
    """``spec.Domain.Devices.Interfaces``."""
    domain = spec.get("domain")
    devices = domain.get("devices") if isinstance(domain, dict) else None
    return dicts(devices.get("interfaces") if isinstance(devices, dict) else None)


def networks(spec: dict) -> list[dict]:
    """``spec.Networks``."""
    return dicts(spec.get("networks"))


def name_of(entry: dict) -> str:
    """The ``name`` of a network or interface ("" when missing)."""
    name = entry.get("name")
    return name if isinstance(name, str) else ""


def is_set(entry: dict, key: str) -> bool:
    """A pointer field of the entry is non-nil."""
    return entry.get(key) is not None


def is_pod_network(network: dict) -> bool:
    return network.get("pod") is not None


def is_multus_network(network: dict) -> bool:
    return network.get("multus") is not None


def is_multus_default_network(network: dict) -> bool:
    multus = network.get("multus")
    return isinstance(multus, dict) and multus.get("default") is True


def is_dra_network(network: dict) -> bool:
    """``IsDRANetwork``: the network's source is a ``resourceClaim``."""
    return network.get("resourceClaim") is not None


def has_dra_network(nets: list[dict]) -> bool:
    """``HasDRANetwork``."""
    return any(is_dra_network(network) for network in nets)


def claim_and_request_names(network: dict) -> tuple[str, str]:
    """``ResourceClaim.ClaimName`` and ``ResourceClaim.RequestName``."""
    claim = as_dict(network.get("resourceClaim"))
    return as_str(claim.get("claimName")), as_str(claim.get("requestName"))


def index_networks_by_name(nets: list[dict]) -> dict[str, dict]:
    """``IndexNetworkSpecByName``: the last network of a repeated name wins; a name with no network
    reads as Go's zero ``Network`` (use ``.get(name, {})``)."""
    return {name_of(network): network for network in nets}


def interface_names(ifaces: list[dict]) -> set[str]:
    """The keys of ``IndexInterfaceSpecByName``."""
    return {name_of(iface) for iface in ifaces}


def lookup_interface_by_name(ifaces: list[dict], name: str) -> dict | None:
    """``LookupInterfaceByName``: the first interface of that name."""
    for iface in ifaces:
        if name_of(iface) == name:
            return iface
    return None


def lookup_default_network(nets: list[dict]) -> dict | None:
    """``LookUpDefaultNetwork``: the first pod network or Multus default network."""
    for network in nets:
        if is_pod_network(network) or is_multus_default_network(network):
            return network
    return None


def dra_claim_request_first_index(nets: list[dict]) -> dict[str, int]:
    """``ExtractDRANetworkClaimRequestTuples``: for each ``claimName/requestName`` of a DRA network
    with both names set, the index of the first network that names it."""
    first_index: dict[str, int] = {}
    for index, network in enumerate(nets):
        if not is_dra_network(network):
            continue
        claim_name, request_name = claim_and_request_names(network)
        if claim_name and request_name:
            first_index.setdefault(f"{claim_name}/{request_name}", index)
    return first_index
