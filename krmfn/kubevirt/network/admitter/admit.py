"""``validateInterfaceStateValue`` (``pkg/network/admitter/admit.go``, d923fdb8): an interface's
``state`` is "", ``absent``, ``down`` or ``up``; SR-IOV interfaces take neither ``down`` nor ``up``;
``absent`` needs the bridge binding and a network other than the default one (the first pod or Multus
default network). Every rule reports on ``...interfaces[N].state``; an interface can get several.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.vmispec import interfaces, is_set, lookup_default_network, name_of, networks
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause, go_quote
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_str

STATE_ABSENT = "absent"
STATE_LINK_DOWN = "down"
STATE_LINK_UP = "up"
SUPPORTED_STATES = ("", STATE_ABSENT, STATE_LINK_DOWN, STATE_LINK_UP)

UNSUPPORTED_STATE_FMT = "logical %s interface state value is unsupported: %s"
SRIOV_LINK_STATE_FMT = "%s interface's state %s is not supported for SR-IOV NICs"
ABSENT_WITHOUT_BRIDGE_FMT = "%s interface's state %s is supported only for bridge binding"
ABSENT_ON_DEFAULT_NETWORK_FMT = "%s interface's state %s is not supported on default networks"


def validate_interface_state_value(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """Every state cause, interface by interface (an interface without a state has none)."""
    causes: list[Cause] = []
    for index, iface in enumerate(interfaces(spec)):
        state = as_str(iface.get("state"))
        if state == "":
            continue
        default_name = _default_network_name(spec) if state == STATE_ABSENT else None
        messages = _state_messages(iface, state, default_name)
        if messages:
            path = f"{field}.domain.devices.interfaces[{index}].state"
            causes += [Cause(path, message, CAUSE_FIELD_VALUE_INVALID) for message in messages]
    return causes


def _default_network_name(spec: dict) -> str | None:
    """The name of ``LookUpDefaultNetwork``'s network, None without one."""
    default_network = lookup_default_network(networks(spec))
    return name_of(default_network) if default_network is not None else None


def _state_messages(iface: dict, state: str, default_network_name: str | None) -> list[str]:
    """The messages of one interface's non-empty ``state`` (``default_network_name`` matters only
    for ``absent``)."""
    name = name_of(iface)
    messages = []
    if state not in SUPPORTED_STATES:
        messages.append(UNSUPPORTED_STATE_FMT % (name, state))
    if state in (STATE_LINK_DOWN, STATE_LINK_UP) and is_set(iface, "sriov"):
        messages.append(SRIOV_LINK_STATE_FMT % (go_quote(name), go_quote(state)))
    if state == STATE_ABSENT:
        if not is_set(iface, "bridge"):
            messages.append(ABSENT_WITHOUT_BRIDGE_FMT % (go_quote(name), go_quote(state)))
        if default_network_name == name:
            messages.append(ABSENT_ON_DEFAULT_NETWORK_FMT % (go_quote(name), go_quote(state)))
    return messages
