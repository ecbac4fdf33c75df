"""Network source checks (``pkg/network/admitter/netsource.go``, d923fdb8): ``validateSinglePodNetwork``,
``validateSingleNetworkSource`` and ``validateMultusNetworkSource``.

Oddities kept: more than one pod network is reported on ``<spec>.interfaces`` (a path that does not
exist), and only the first Multus network without a ``networkName`` is reported.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.vmispec import (
    is_dra_network,
    is_multus_default_network,
    is_multus_network,
    is_pod_network,
    networks,
)
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_DUPLICATE,
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str

MORE_THAN_ONE_POD_NETWORK_FMT = "more than one interface is connected to a pod network in %s"
MORE_THAN_ONE_MULTUS_DEFAULT = "Multus CNI should only have one default network"
POD_AND_MULTUS_DEFAULT = "Pod network cannot be defined when Multus default network is defined"
NO_NETWORK_TYPE = "should have a network type"
MORE_THAN_ONE_NETWORK_TYPE = "should have only one network type"
MULTUS_WITHOUT_NETWORK_NAME = "CNI delegating plugin must have a networkName"


def validate_single_pod_network(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateSinglePodNetwork``: at most one pod network, at most one Multus default network,
    and not both."""
    pod_networks = multus_defaults = 0
    for network in networks(spec):
        if is_pod_network(network):
            pod_networks += 1
        if is_multus_default_network(network):
            multus_defaults += 1
    if pod_networks + multus_defaults <= 1:
        return []
    causes = []
    if pod_networks > 1:
        path = f"{field}.interfaces"
        causes.append(Cause(path, MORE_THAN_ONE_POD_NETWORK_FMT % path, CAUSE_FIELD_VALUE_DUPLICATE))
    if multus_defaults > 1:
        causes.append(Cause(f"{field}.networks", MORE_THAN_ONE_MULTUS_DEFAULT, CAUSE_FIELD_VALUE_INVALID))
    if pod_networks and multus_defaults:
        causes.append(Cause(f"{field}.networks", POD_AND_MULTUS_DEFAULT, CAUSE_FIELD_VALUE_INVALID))
    return causes


def validate_single_network_source(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateSingleNetworkSource``: each network has exactly one of pod, multus, resourceClaim."""
    causes = []
    for index, network in enumerate(networks(spec)):
        sources = is_pod_network(network) + is_multus_network(network) + is_dra_network(network)
        if sources == 1:
            continue
        message = NO_NETWORK_TYPE if sources == 0 else MORE_THAN_ONE_NETWORK_TYPE
        causes.append(Cause(f"{field}.networks[{index}]", message, CAUSE_FIELD_VALUE_REQUIRED))
    return causes


def validate_multus_network_source(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateMultusNetworkSource``: the first Multus network with an empty ``networkName``."""
    for index, network in enumerate(networks(spec)):
        if is_multus_network(network) and as_str(as_dict(network.get("multus")).get("networkName")) == "":
            return [Cause(f"{field}.networks[{index}]", MULTUS_WITHOUT_NETWORK_NAME, CAUSE_FIELD_VALUE_REQUIRED)]
    return []
