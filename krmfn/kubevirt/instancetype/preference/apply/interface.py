"""Interface preferences (docs/kubevirt/preference-apply.md#devices step 11).

Mirrors `applyInterfacePreferences` in KubeVirt's pkg/instancetype/preference/apply/interface.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import ptr_set, str_set
from krmfn.kubevirt.instancetype.preference.apply._tree import deep_copy, section

# The members of KubeVirt's inline InterfaceBindingMethod struct, plus the `binding` plugin.
BINDING_FIELDS = (
    "bridge",
    "slirp",
    "masquerade",
    "sriov",
    "macvtap",
    "passt",
    "passtBinding",
    "binding",
)


def apply_interface_preferences(pf_devices: dict, template_spec: dict) -> None:
    """Fill interface models, and give binding-less pod-network interfaces the masquerade binding."""
    devices = section(section(template_spec, "domain"), "devices") or {}
    interfaces = devices.get("interfaces")
    if not isinstance(interfaces, list):
        return
    model = pf_devices.get("preferredInterfaceModel")
    masquerade = pf_devices.get("preferredInterfaceMasquerade")
    for interface in interfaces:
        if not isinstance(interface, dict):
            continue
        # The model applies to an interface with any binding (bridge, SR-IOV, ...).
        if str_set(model) and not str_set(interface.get("model")):
            interface["model"] = model
        if (
            ptr_set(masquerade)
            and is_interface_binding_unset(interface)
            and is_interface_on_pod_network(interface.get("name") or "", template_spec)
        ):
            interface["masquerade"] = deep_copy(masquerade)


def is_interface_binding_unset(interface: dict) -> bool:
    """True when the interface names no binding method and no binding plugin."""
    return not any(ptr_set(interface.get(field)) for field in BINDING_FIELDS)


def is_interface_on_pod_network(interface_name: str, template_spec: dict) -> bool:
    """Whether the first T.networks entry with this name is a pod network (no entry: False)."""
    networks = template_spec.get("networks")
    if not isinstance(networks, list):
        return False
    for network in networks:
        if isinstance(network, dict) and (network.get("name") or "") == interface_name:
            return ptr_set(network.get("pod"))
    return False
