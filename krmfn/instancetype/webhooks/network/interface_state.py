"""``validateInterfaceStateValue`` (``pkg/network/admitter/admit.go``, d923fdb8): an interface's
``state`` is "", ``absent``, ``down`` or ``up``; SR-IOV interfaces take neither ``down`` nor ``up``;
``absent`` needs the bridge binding and a network other than the default one (the first pod or Multus
default network). Every rule reports on ``...interfaces[N].state``; an interface can get several.
"""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.network.vmispec import interfaces, is_set, lookup_default_network, name_of, networks
from krmfn.instancetype.webhooks.response import CAUSE_FIELD_VALUE_INVALID, Cause, go_quote
from krmfn.instancetype.webhooks.vmi._access import as_str

STATE_ABSENT = "absent"
STATE_LINK_DOWN = "down"
STATE_LINK_UP = "up"
SUPPORTED_STATES = ("", STATE_ABSENT, STATE_LINK_DOWN, STATE_LINK_UP)

UNSUPPORTED_STATE_FMT = "logical %s interface state value is unsupported: %s"
SRIOV_LINK_STATE_FMT = "%s interface's state %s is not supported for SR-IOV NICs"
ABSENT_WITHOUT_BRIDGE_FMT = "%s interface's state %s is supported only for bridge binding"
ABSENT_ON_DEFAULT_NETWORK_FMT = "%s interface's state %s is not supported on default networks"


def validate_interface_state_value(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """Every state cause, interface by interface."""
    default_network = lookup_default_network(networks(spec))
    default_name = name_of(default_network) if default_network is not None else None
    causes = []
    for index, iface in enumerate(interfaces(spec)):
        path = f"{field}.domain.devices.interfaces[{index}].state"
        causes += [Cause(path, message, CAUSE_FIELD_VALUE_INVALID)
                   for message in _state_messages(iface, default_name)]
    return causes


def _state_messages(iface: dict, default_network_name: str | None) -> list[str]:
    name, state = name_of(iface), as_str(iface.get("state"))
    quoted = (go_quote(name), go_quote(state))
    messages = []
    if state not in SUPPORTED_STATES:
        messages.append(UNSUPPORTED_STATE_FMT % (name, state))
    if is_set(iface, "sriov") and state in (STATE_LINK_DOWN, STATE_LINK_UP):
        messages.append(SRIOV_LINK_STATE_FMT % quoted)
    if state == STATE_ABSENT and not is_set(iface, "bridge"):
        messages.append(ABSENT_WITHOUT_BRIDGE_FMT % quoted)
    if state == STATE_ABSENT and default_network_name == name:
        messages.append(ABSENT_ON_DEFAULT_NETWORK_FMT % quoted)
    return messages
