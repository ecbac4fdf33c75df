"""Interface binding checks (``pkg/network/admitter/binding.go``, d923fdb8): ``validateInterfaceBinding``
runs, interface by interface, ``validateInterfaceBindingExists``, ``validateMasqueradeBinding``,
``validateBridgeBinding`` and ``validatePasstBinding`` (``passt.go``).

An interface has exactly one of the ``bridge``, ``masquerade``, ``sriov`` and ``passtBinding`` binding
methods and a ``binding`` plugin; the discontinued ``slirp``, ``macvtap`` and ``passt`` do not count.
Whether a named binding plugin is registered in the KubeVirt CR is not checked here at d923fdb8.

Before KubeVirt v1.9 (``KubevirtVersion.requires_exactly_one_binding``, PR #18374) only a binding
plugin together with a binding method is rejected, on ``.binding``: "cannot have both"
(``hasInterfaceBindingMethod``). v1.7.4 counts the discontinued ``slirp``, ``macvtap`` and
``passt`` among the methods and has no ``passtBinding`` (``binding_methods``), and runs
``validateMacvtapBinding`` (``macvtap.py``) before ``validatePasstBinding``.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.link import is_reserved
from krmfn.kubevirt.network.admitter.macvtap import validate_macvtap_binding
from krmfn.kubevirt.network.admitter.passt import validate_passt_binding
from krmfn.kubevirt.network.vmispec import index_networks_by_name, interfaces, is_pod_network, name_of, networks
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_str
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion

COUNTED_BINDINGS = ("bridge", "masquerade", "sriov", "passtBinding", "binding")
_COUNTED_BINDING_KEYS = frozenset(COUNTED_BINDINGS)

NOT_EXACTLY_ONE_BINDING_FMT = "logical %s interface must have exactly one binding method or binding plugin"
BOTH_PLUGIN_AND_METHOD_FMT = "logical %s interface cannot have both binding plugin and interface binding method"
MASQUERADE_NOT_ON_POD_NETWORK = "Masquerade interface only implemented with pod network"
MASQUERADE_RESERVED_MAC = "The requested MAC address is reserved for the in-pod bridge. Please choose another one."
BRIDGE_ON_POD_NETWORK_NOT_PERMITTED = "Bridge on pod network configuration is not enabled under kubevirt-config"


def validate_interface_binding(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateInterfaceBinding``: the binding causes of each interface, in interface order."""
    networks_by_name = index_networks_by_name(networks(spec))
    causes: list[Cause] = []
    for index, iface in enumerate(interfaces(spec)):
        network = networks_by_name.get(name_of(iface), {})
        path = f"{field}.domain.devices.interfaces[{index}]"
        causes += validate_interface_binding_exists(path, iface, config.kubevirt_version)
        causes += validate_masquerade_binding(path, iface, network)
        causes += validate_bridge_binding(path, iface, network, config)
        causes += validate_macvtap_binding(path, iface, network, config)
        causes += validate_passt_binding(path, iface, network, config)
    return causes


def validate_interface_binding_exists(path: str, iface: dict,
                                      version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> list[Cause]:
    """``validateInterfaceBindingExists``: reported on the interface itself (before v1.9: a
    plugin with a method, on ``.binding``)."""
    if not version.requires_exactly_one_binding:
        if iface.get("binding") is not None and count_bindings(iface, binding_methods(version)) > 0:
            return [Cause(f"{path}.binding", BOTH_PLUGIN_AND_METHOD_FMT % name_of(iface), CAUSE_FIELD_VALUE_INVALID)]
        return []
    if count_bindings(iface) == 1:
        return []
    return [Cause(path, NOT_EXACTLY_ONE_BINDING_FMT % name_of(iface), CAUSE_FIELD_VALUE_INVALID)]


def count_bindings(iface: dict, counted: frozenset[str] = _COUNTED_BINDING_KEYS) -> int:
    """How many of ``counted`` (``COUNTED_BINDINGS``) the interface sets (a null binding is absent)."""
    count = 0
    for binding in counted.intersection(iface):
        if iface[binding] is not None:
            count += 1
    return count


@cache
def binding_methods(version: KubevirtVersion) -> frozenset[str]:
    """``hasInterfaceBindingMethod``'s binding methods in ``version`` (before v1.9)."""
    methods = {"bridge", "masquerade", "sriov"}
    optional = (("passtBinding", version.has_passt_binding), ("slirp", version.slirp_counts_as_binding_method),
                ("macvtap", not version.rejects_discontinued_macvtap),
                ("passt", not version.rejects_discontinued_passt))
    return frozenset(methods.union(method for method, counted in optional if counted))


def validate_masquerade_binding(path: str, iface: dict, network: dict) -> list[Cause]:
    """``validateMasqueradeBinding``: masquerade only on the pod network, never with the bridge's MAC."""
    if iface.get("masquerade") is None:
        return []
    causes = []
    if not is_pod_network(network):
        causes.append(Cause(f"{path}.name", MASQUERADE_NOT_ON_POD_NETWORK, CAUSE_FIELD_VALUE_INVALID))
    if is_reserved(as_str(iface.get("macAddress"))):
        causes.append(Cause(f"{path}.macAddress", MASQUERADE_RESERVED_MAC, CAUSE_FIELD_VALUE_INVALID))
    return causes


def validate_bridge_binding(path: str, iface: dict, network: dict, config: ClusterConfig) -> list[Cause]:
    """``validateBridgeBinding``: bridge on the pod network needs ``permitBridgeInterfaceOnPodNetwork``."""
    if (iface.get("bridge") is not None and not config.permit_bridge_interface_on_pod_network
            and is_pod_network(network)):
        return [Cause(f"{path}.name", BRIDGE_ON_POD_NETWORK_NOT_PERMITTED, CAUSE_FIELD_VALUE_INVALID)]
    return []
