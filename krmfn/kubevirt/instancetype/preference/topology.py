"""Preferred CPU topology: from an instance type's vCPUs to sockets, cores and threads
(docs/kubevirt/cpu-topology.md#cpu-topology).

Mirrors ``GetPreferredTopology`` and ``GetSpreadOptions`` of
``pkg/instancetype/preference/apply/cpu.go``, ``applyGuestCPUTopology`` of
``pkg/instancetype/apply/cpu.go`` and ``IsPreferredTopologySupported`` /
``CheckSpreadCPUTopology`` of ``pkg/instancetype/preference/validation/cpu.go``.

Public API (stable; the apply and requirements modules import it):

* constants for the ten ``preferredCPUTopology`` spellings and the three ``across`` values;
* ``preferred_topology(pf_spec)``, ``spread_options(pf_spec)``, ``replacement_topology(value)``,
  ``is_preferred_topology_supported(value)``, ``is_spread(value)``;
* ``guest_cpu_topology(vcpus, pf_spec) -> CPUTopology | str`` (str: an error, see below);
* ``spread_check_message(vcpus, pf_spec) -> str | None`` and
  ``check_spread_cpu_topology(it_spec, pf_spec) -> Conflict | None``
  (docs/kubevirt/cpu-topology.md#divisibility-check, the VM validating webhook only; the message is KubeVirt's,
  returned, never raised);
* ``as_uint32(value)``: a Go ``uint32`` field value, or None when Go could not decode it.

Deviation (docs/kubevirt/README.md#questions-the-source-leaves-open): ``spreadOptions.ratio: 0`` makes KubeVirt divide
by zero and panic (golden ``topology/spread-*-ratio-0``). krmfn returns ``SPREAD_RATIO_ZERO_FMT`` instead, in exactly
the cases where KubeVirt panics; where KubeVirt does not (1 vCPU in apply, an odd vCPU count
under ``SocketsCoresThreads`` in the check) krmfn gives KubeVirt's result.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import int_set, ptr_set
from krmfn.model.reasons import KUBEVIRT_CRASH, SPREAD_TOPOLOGY
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

SOCKETS = "sockets"
CORES = "cores"
THREADS = "threads"
SPREAD = "spread"
ANY = "any"
PREFER_SOCKETS = "preferSockets"
PREFER_CORES = "preferCores"
PREFER_THREADS = "preferThreads"
PREFER_SPREAD = "preferSpread"
PREFER_ANY = "preferAny"

# Deprecated spelling -> its replacement (the preference webhook's deprecation warning).
DEPRECATED_TOPOLOGIES: dict[str, str] = {
    PREFER_SOCKETS: SOCKETS,
    PREFER_CORES: CORES,
    PREFER_THREADS: THREADS,
    PREFER_SPREAD: SPREAD,
    PREFER_ANY: ANY,
}
SUPPORTED_TOPOLOGIES: tuple[str, ...] = (
    PREFER_SOCKETS, PREFER_CORES, PREFER_THREADS, PREFER_SPREAD, PREFER_ANY,
    SOCKETS, CORES, THREADS, SPREAD, ANY,
)
DEFAULT_TOPOLOGY = SOCKETS

SPREAD_ACROSS_SOCKETS_CORES = "SocketsCores"
SPREAD_ACROSS_CORES_THREADS = "CoresThreads"
SPREAD_ACROSS_SOCKETS_CORES_THREADS = "SocketsCoresThreads"
SPREAD_ACROSS_VALUES: tuple[str, ...] = (
    SPREAD_ACROSS_SOCKETS_CORES, SPREAD_ACROSS_CORES_THREADS, SPREAD_ACROSS_SOCKETS_CORES_THREADS,
)
DEFAULT_SPREAD_RATIO = 2
THREADS_PER_CORE = 2  # fixed for SocketsCoresThreads

INSTANCETYPE_CPU_GUEST_PATH = "instancetype.spec.cpu.guest"
# krmfn's path for a spread ratio KubeVirt cannot use (0, or not a uint32).
PREFERENCE_SPREAD_RATIO_PATH = "preference.spec.cpu.spreadOptions.ratio"
SPREAD_ACROSS_SOCKETS_CORES_ERR_FMT = (
    "%d vCPUs provided by the instance type are not divisible by the "
    "Spec.PreferSpreadSocketToCoreRatio or Spec.CPU.PreferSpreadOptions.Ratio of %d provided by the preference"
)
SPREAD_ACROSS_CORES_THREADS_ERR_FMT = (
    "%d vCPUs provided by the instance type are not divisible by the number of threads per core %d"
)
SPREAD_ACROSS_SOCKETS_CORES_THREADS_ERR_FMT = (
    "%d vCPUs provided by the instance type are not divisible by the number of threads per core "
    "%d and Spec.PreferSpreadSocketToCoreRatio or Spec.CPU.PreferSpreadOptions.Ratio of %d"
)
# krmfn's own message where KubeVirt panics with "integer divide by zero"
# (docs/kubevirt/cpu-topology.md#spread-options, docs/kubevirt/README.md#questions-the-source-leaves-open).
SPREAD_RATIO_ZERO_FMT = (
    "%d vCPUs provided by the instance type cannot be spread across %s with a spread ratio of 0 "
    "provided by the preference (KubeVirt panics: integer divide by zero)"
)
INVALID_UINT32_FMT = "invalid value %r for %s: must be an integer between 0 and 4294967295"

_UINT32_MAX = (1 << 32) - 1


@record(frozen=True)
class TopologyError:
    """A topology KubeVirt cannot compute: the message, and its reason (``krmfn.model.reasons``):
    ``KUBEVIRT_CRASH`` where KubeVirt panics, ``SPREAD_TOPOLOGY`` for docs/kubevirt/cpu-topology.md#divisibility-check
    divisibility check, "" for a spread option Go could not decode."""

    message: str
    reason: str = ""


@record(frozen=True)
class CPUTopology:
    """sockets, cores and threads as KubeVirt writes them into ``domain.cpu``."""

    sockets: int
    cores: int
    threads: int

    @property
    def vcpus(self) -> int:
        return self.sockets * self.cores * self.threads

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.sockets, self.cores, self.threads)


@record(frozen=True)
class SpreadOptions:
    """The effective ``(ratio, across)`` of a spread preference (docs/kubevirt/cpu-topology.md#spread-options)."""

    ratio: int
    across: Any  # a str normally; any other value matches no branch


def as_uint32(value: object) -> int | None:
    """The value of a Go ``uint32`` field: an int (or integral float) in range, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not value.is_integer():
            return None
        value = int(value)
    if isinstance(value, int) and 0 <= value <= _UINT32_MAX:
        return value
    return None


def is_preferred_topology_supported(topology: object) -> bool:
    """The preference webhook's check: one of the ten spellings, case-sensitive."""
    return isinstance(topology, str) and topology in SUPPORTED_TOPOLOGIES


def replacement_topology(topology: str) -> str:
    """The non-deprecated spelling of a topology (other values are returned unchanged)."""
    return DEPRECATED_TOPOLOGIES.get(topology, topology)


def is_spread(topology: object) -> bool:
    return topology in (SPREAD, PREFER_SPREAD)


def preferred_topology(pf_spec: dict | None) -> Any:
    """``GetPreferredTopology``: ``PF.cpu.preferredCPUTopology`` when present, else ``sockets``.

    A present value is returned as written, even ``""`` or an unknown string.
    """
    cpu = (pf_spec or {}).get("cpu")
    if isinstance(cpu, dict) and ptr_set(cpu.get("preferredCPUTopology")):
        return cpu["preferredCPUTopology"]
    return DEFAULT_TOPOLOGY


def spread_options(pf_spec: dict | None) -> SpreadOptions | str:
    """``GetSpreadOptions`` (docs/kubevirt/cpu-topology.md#spread-options), or an error message for a ratio Go could
    not decode.

    ratio: 2, replaced by a non-zero ``preferSpreadSocketToCoreRatio``, replaced by a present
    ``cpu.spreadOptions.ratio`` (even 0). across: ``cpu.spreadOptions.across`` or ``SocketsCores``.
    """
    spec = pf_spec or {}
    ratio = DEFAULT_SPREAD_RATIO
    socket_to_core = spec.get("preferSpreadSocketToCoreRatio")
    if int_set(socket_to_core):
        decoded = as_uint32(socket_to_core)
        if decoded is None:
            return INVALID_UINT32_FMT % (socket_to_core, "spec.preferSpreadSocketToCoreRatio")
        ratio = decoded
    across: Any = SPREAD_ACROSS_SOCKETS_CORES
    cpu = spec.get("cpu")
    options = cpu.get("spreadOptions") if isinstance(cpu, dict) else None
    if isinstance(options, dict):
        if ptr_set(options.get("across")):
            across = options["across"]
        if ptr_set(options.get("ratio")):
            decoded = as_uint32(options["ratio"])
            if decoded is None:
                return INVALID_UINT32_FMT % (options["ratio"], "spec.cpu.spreadOptions.ratio")
            ratio = decoded
    return SpreadOptions(ratio, across)


def guest_cpu_topology(vcpus: int, pf_spec: dict | None) -> CPUTopology | TopologyError:
    """``applyGuestCPUTopology`` (docs/kubevirt/cpu-topology.md#algorithm): the topology for ``vcpus`` under the
    preference.

    Returns a TopologyError only where KubeVirt panics (spread ratio 0) or the preference
    holds a ratio Go could not decode. Uneven counts lose vCPUs silently, as in KubeVirt:
    3 vCPUs spread give (1, 2, 1); 2 vCPUs with ratio 3 give sockets 0.
    """
    if vcpus == 1:
        return CPUTopology(1, 1, 1)
    topology = preferred_topology(pf_spec)
    if topology in (CORES, PREFER_CORES):
        return CPUTopology(1, vcpus, 1)
    if topology in (SOCKETS, PREFER_SOCKETS, ANY, PREFER_ANY):
        return CPUTopology(vcpus, 1, 1)
    if topology in (THREADS, PREFER_THREADS):
        return CPUTopology(1, 1, vcpus)
    if is_spread(topology):
        return _spread_topology(vcpus, pf_spec)
    # unknown topology: no branch matches (docs/kubevirt/cpu-topology.md#topology-values SURPRISE)
    return CPUTopology(1, 1, 1)


def _spread_topology(vcpus: int, pf_spec: dict | None) -> CPUTopology | TopologyError:
    options = spread_options(pf_spec)
    if isinstance(options, str):
        return TopologyError(options)
    ratio, across = options.ratio, options.across
    if across not in SPREAD_ACROSS_VALUES:
        return CPUTopology(1, 1, 1)  # unknown across value (docs/kubevirt/cpu-topology.md#algorithm)
    if ratio == 0:
        return _ratio_zero(vcpus, across)
    if across == SPREAD_ACROSS_SOCKETS_CORES:
        return CPUTopology(vcpus // ratio, ratio, 1)
    if across == SPREAD_ACROSS_CORES_THREADS:
        return CPUTopology(1, vcpus // ratio, ratio)
    return CPUTopology(vcpus // THREADS_PER_CORE // ratio, ratio, THREADS_PER_CORE)


def spread_check_message(vcpus: int, pf_spec: dict | None) -> TopologyError | None:
    """The docs/kubevirt/cpu-topology.md#divisibility-check divisibility check for ``vcpus``: KubeVirt's message, or
    None when it passes.

    Only spread topologies are checked, and 1 vCPU is not special-cased
    (docs/kubevirt/cpu-topology.md#divisibility-check).
    """
    if not is_spread(preferred_topology(pf_spec)):
        return None
    options = spread_options(pf_spec)
    if isinstance(options, str):
        return TopologyError(options)
    ratio, across = options.ratio, options.across
    if across == SPREAD_ACROSS_SOCKETS_CORES:
        if ratio == 0:
            return _ratio_zero(vcpus, across)
        if vcpus % ratio:
            return TopologyError(SPREAD_ACROSS_SOCKETS_CORES_ERR_FMT % (vcpus, ratio), SPREAD_TOPOLOGY)
    elif across == SPREAD_ACROSS_CORES_THREADS:
        if ratio == 0:
            return _ratio_zero(vcpus, across)
        if vcpus % ratio:
            return TopologyError(SPREAD_ACROSS_CORES_THREADS_ERR_FMT % (vcpus, ratio), SPREAD_TOPOLOGY)
    elif across == SPREAD_ACROSS_SOCKETS_CORES_THREADS:
        # Go evaluates "guest % 2" first: an odd count is reported even with ratio 0.
        if vcpus % THREADS_PER_CORE:
            return TopologyError(SPREAD_ACROSS_SOCKETS_CORES_THREADS_ERR_FMT % (vcpus, THREADS_PER_CORE, ratio),
                                 SPREAD_TOPOLOGY)
        if ratio == 0:
            return _ratio_zero(vcpus, across)
        if (vcpus // THREADS_PER_CORE) % ratio:
            return TopologyError(SPREAD_ACROSS_SOCKETS_CORES_THREADS_ERR_FMT % (vcpus, THREADS_PER_CORE, ratio),
                                 SPREAD_TOPOLOGY)
    return None


def _ratio_zero(vcpus: int, across: str) -> TopologyError:
    return TopologyError(SPREAD_RATIO_ZERO_FMT % (vcpus, across), KUBEVIRT_CRASH)


def check_spread_cpu_topology(it_spec: dict | None, pf_spec: dict | None) -> Conflict | None:
    """``CheckSpreadCPUTopology``: a conflict at ``instancetype.spec.cpu.guest`` carrying
    docs/kubevirt/cpu-topology.md#divisibility-check message, or None. Nothing is checked without an instance type."""
    if it_spec is None or not is_spread(preferred_topology(pf_spec)):
        return None
    cpu = it_spec.get("cpu")
    raw_guest = cpu.get("guest") if isinstance(cpu, dict) else None
    vcpus = 0 if raw_guest is None else as_uint32(raw_guest)
    if vcpus is None:
        return Conflict.with_message(INVALID_UINT32_FMT % (raw_guest, "spec.cpu.guest"), INSTANCETYPE_CPU_GUEST_PATH,
                                     reasons=frozenset({SPREAD_TOPOLOGY}))
    error = spread_check_message(vcpus, pf_spec)
    if error is None:
        return None
    return spread_conflict(error, INSTANCETYPE_CPU_GUEST_PATH)


def spread_conflict(error: TopologyError, path: str) -> Conflict:
    """A conflict at one of the spread fields (the instance type's guest, the preference's
    spread ratio): the spread-topology check's unless KubeVirt crashes on it."""
    return Conflict.with_message(error.message, path, reasons=frozenset({error.reason or SPREAD_TOPOLOGY}))
