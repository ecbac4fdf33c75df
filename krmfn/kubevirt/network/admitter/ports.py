"""Port forwarding checks of ``validateInterfacesFields`` (``pkg/network/admitter/netiface.go``, d923fdb8):
``validatePortConfiguration`` and ``validatePortRangesConfiguration`` with their helpers.

``ports`` are checked only on an interface of the pod network: first the names over all ports (a
repeated name, then an invalid IANA service name, ``IsValidPortName``), then each port (zero, out of
range, unknown protocol). ``portRanges`` need the ``PortRangesSpec`` gate (Alpha: off unless enabled);
with the gate off any ``portRanges`` is one cause, on any network. With it on, on the pod network:
not with ``ports``, masquerade only, at most 10, each range valid, and no two of a protocol overlap.

A list is "set" when non-empty: the VM mutating webhook re-encodes the spec from Go structs, whose
``omitempty`` drops an empty list, so KubeVirt's ``!= nil`` sees ``[]`` as nil.

Before v1.9 (PR #18095, which also brought ``portRanges``) port 65536 is in range
(``KubevirtVersion.rejects_port_65536``) and a port's zero and range causes point at ``ports[N]``
(``port_causes_name_the_port_field``).

Oddity kept: overlaps are reported per protocol in Go map order, which is random; here the order in
which the protocols first appear among the valid ranges.
"""
from __future__ import annotations


from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.apimachinery.gozero import list_set
from krmfn.kubevirt.network.vmispec import is_pod_network, is_set
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_DUPLICATE,
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_int, as_str, dicts
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.reasons import needs_feature_gate
from krmfn.model.lazy_re import LazyPattern

PORT_RANGES_SPEC_GATE = "PortRangesSpec"
PROTOCOLS = ("TCP", "UDP")
MAX_PORT_RANGES = 10
PORT_LIMIT = 65536

DUPLICATE_PORT_NAME_FMT = "Duplicate name of the port: %s"
INVALID_PORT_NAME_FMT = "Invalid name of the port: %s"
PORT_REQUIRED = "Port field is mandatory."
PORT_OUT_OF_RANGE = "Port field must be in range 0 < x < 65536."
UNKNOWN_PROTOCOL = "Unknown protocol, only TCP or UDP allowed"
PORT_RANGES_GATE_DISABLED = "portRanges is specified on interface but the PortRangesSpec feature gate is not enabled"
PORTS_AND_PORT_RANGES = "Cannot define both ports and portRanges on interface"
PORT_RANGES_NOT_MASQUERADE = "portRanges are only supported on masquerade interfaces"
TOO_MANY_PORT_RANGES = "No more than 10 portRanges are allowed"
RANGE_START_INVALID = "Start must be a valid port number, 0 < x < 65536"
RANGE_END_INVALID = "End must be a valid port number, 0 < x < 65536"
RANGE_START_AFTER_END = "Start must be less than or equal to end"
RANGES_OVERLAP_FMT = "%s portRanges [%d-%d] and [%d-%d] overlap"

_MAX_PORT_NAME_LENGTH = 15
_PORT_NAME_CHARSET = LazyPattern(r"[-a-z0-9]+")
_PORT_NAME_LETTER = LazyPattern(r"[a-z]")




def is_valid_port_name(name: str) -> bool:
    """``k8svalidation.IsValidPortName`` reports nothing: at most 15 bytes of ``a-z``, ``0-9`` and
    ``-``, a letter among them, no ``--``, no ``-`` at either end."""
    return (len(name.encode("utf-8", "surrogatepass")) <= _MAX_PORT_NAME_LENGTH
            and _PORT_NAME_CHARSET.fullmatch(name) is not None
            and _PORT_NAME_LETTER.search(name) is not None
            and "--" not in name
            and not name.startswith("-") and not name.endswith("-"))


def validate_port_configuration(path: str, iface: dict, network: dict,
                                version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> list[Cause]:
    """``validatePortConfiguration``; ``path`` is the interface's."""
    ports = iface.get("ports")
    if not list_set(ports) or not is_pod_network(network):
        return []
    entries = dicts(ports)
    causes = _validate_port_names(path, entries)
    highest = PORT_LIMIT - 1 if version.rejects_port_65536 else PORT_LIMIT
    for index, port in enumerate(entries):
        port_path = f"{path}.ports[{index}]"
        number_path = f"{port_path}.port" if version.port_causes_name_the_port_field else port_path
        number = as_int(port.get("port"))
        if number == 0:
            causes.append(Cause(number_path, PORT_REQUIRED, CAUSE_FIELD_VALUE_REQUIRED))
        if number < 0 or number > highest:
            causes.append(Cause(number_path, PORT_OUT_OF_RANGE, CAUSE_FIELD_VALUE_INVALID))
        protocol = as_str(port.get("protocol"))
        if protocol and protocol not in PROTOCOLS:
            causes.append(Cause(f"{port_path}.protocol", UNKNOWN_PROTOCOL, CAUSE_FIELD_VALUE_INVALID))
    return causes


def _validate_port_names(path: str, ports: list[dict]) -> list[Cause]:
    """``validateForwardPortsName``: unnamed ports are skipped."""
    causes = []
    seen: set[str] = set()
    for index, port in enumerate(ports):
        name = as_str(port.get("name"))
        if name == "":
            continue
        name_path = f"{path}.ports[{index}].name"
        if name in seen:
            causes.append(Cause(name_path, DUPLICATE_PORT_NAME_FMT % name, CAUSE_FIELD_VALUE_DUPLICATE))
        if not is_valid_port_name(name):
            causes.append(Cause(name_path, INVALID_PORT_NAME_FMT % name, CAUSE_FIELD_VALUE_INVALID))
        seen.add(name)
    return causes


def validate_port_ranges_configuration(path: str, iface: dict, network: dict, config: ClusterConfig) -> list[Cause]:
    """``validatePortRangesConfiguration``; ``path`` is the interface's. Without ``portRanges``
    there is nothing to report, gate on or off."""
    port_ranges = iface.get("portRanges")
    if not list_set(port_ranges):
        return []
    if not config.feature_gate_enabled(PORT_RANGES_SPEC_GATE):
        return [Cause(f"{path}.name", PORT_RANGES_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                      needs_feature_gate(PORT_RANGES_SPEC_GATE))]
    if not is_pod_network(network):
        return []
    causes = []
    if list_set(iface.get("ports")):
        causes.append(Cause(f"{path}.name", PORTS_AND_PORT_RANGES, CAUSE_FIELD_VALUE_INVALID))
    if not is_set(iface, "masquerade"):
        causes.append(Cause(f"{path}.name", PORT_RANGES_NOT_MASQUERADE, CAUSE_FIELD_VALUE_INVALID))
    return causes + _validate_port_ranges(f"{path}.portRanges", dicts(port_ranges))


def _validate_port_ranges(path: str, port_ranges: list[dict]) -> list[Cause]:
    """``validateForwardPortRanges``; ``path`` is the interface's ``portRanges``."""
    if len(port_ranges) > MAX_PORT_RANGES:
        return [Cause(path, TOO_MANY_PORT_RANGES, CAUSE_FIELD_VALUE_INVALID)]
    causes = []
    intervals_by_protocol: dict[str, list[tuple[int, int]]] = {}
    for index, port_range in enumerate(port_ranges):
        protocol = as_str(port_range.get("protocol"))
        start, end = as_int(port_range.get("start")), as_int(port_range.get("end"))
        problem = _port_range_problem(protocol, start, end)
        if problem is None:
            intervals_by_protocol.setdefault(protocol, []).append((start, end))
        else:
            key, message = problem
            causes.append(Cause(f"{path}[{index}].{key}", message, CAUSE_FIELD_VALUE_INVALID))
    for protocol, intervals in intervals_by_protocol.items():
        causes += _overlaps(path, protocol, intervals)
    return causes


def _port_range_problem(protocol: str, start: int, end: int) -> tuple[str, str] | None:
    """The first failing rule of one range, as (its field, the message), or None."""
    if protocol not in PROTOCOLS:
        return "protocol", UNKNOWN_PROTOCOL
    if start <= 0 or start >= PORT_LIMIT:
        return "start", RANGE_START_INVALID
    if end <= 0 or end >= PORT_LIMIT:
        return "end", RANGE_END_INVALID
    if start > end:
        return "start", RANGE_START_AFTER_END
    return None


def _overlaps(path: str, protocol: str, intervals: list[tuple[int, int]]) -> list[Cause]:
    """``validateForwardPortRangesOverlaps``: sorted by start then end, each range against the one before."""
    ordered = sorted(intervals)
    return [Cause(path, RANGES_OVERLAP_FMT % (protocol, *previous, *current), CAUSE_FIELD_VALUE_INVALID)
            for previous, current in zip(ordered, ordered[1:], strict=False) if current[0] <= previous[1]]
