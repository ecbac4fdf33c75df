"""The network spec lookups the admitter uses (``pkg/network/vmispec``, d923fdb8), on plain dicts.

A network or interface is read as Go decodes it: a missing or mistyped field is its zero value, and
a source (``pod``, ``multus``, ``resourceClaim``) or binding is set unless absent or null (Go's nil
pointer; ``{}`` is set).
"""
from __future__ import annotations

from krmfn.instancetype.webhooks.vmi._access import as_dict, as_str, devices, dicts


def interfaces(spec: dict) -> list[dict]:
    """``spec.Domain.Devices.Interfaces``."""
    return dicts(devices(spec).get("interfaces"))


def networks(spec: dict) -> list[dict]:
    """``spec.Networks``."""
    return dicts(spec.get("networks"))


def name_of(entry: dict) -> str:
    """The ``name`` of a network or interface ("" when missing)."""
    return as_str(entry.get("name"))


def is_set(entry: dict, key: str) -> bool:
    """A pointer field of the entry is non-nil."""
    return entry.get(key) is not None


def is_pod_network(network: dict) -> bool:
    return is_set(network, "pod")


def is_multus_network(network: dict) -> bool:
    return is_set(network, "multus")


def is_multus_default_network(network: dict) -> bool:
    return is_multus_network(network) and as_dict(network.get("multus")).get("default") is True


def is_dra_network(network: dict) -> bool:
    """``IsDRANetwork``: the network's source is a ``resourceClaim``."""
    return is_set(network, "resourceClaim")


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
    return next((iface for iface in ifaces if name_of(iface) == name), None)


def lookup_default_network(nets: list[dict]) -> dict | None:
    """``LookUpDefaultNetwork``: the first pod network or Multus default network."""
    return next((network for network in nets
                 if is_pod_network(network) or is_multus_default_network(network)), None)


def dra_claim_request_first_index(nets: list[dict]) -> dict[str, int]:
    """``ExtractDRANetworkClaimRequestTuples``: for each ``claimName/requestName`` of a DRA network
    with both names set, the index of the first network that names it."""
    first_index: dict[str, int] = {}
    for index, network in enumerate(nets):
        claim_name, request_name = claim_and_request_names(network)
        if is_dra_network(network) and claim_name and request_name:
            first_index.setdefault(f"{claim_name}/{request_name}", index)
    return first_index
