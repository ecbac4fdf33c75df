"""The CPU checks of ``ValidateVirtualMachineInstanceSpec`` (vmi-create-admitter.go, d923fdb8).

Mirrors ``validateCPURequestNotNegative``, ``validateCPULimitNotNegative``,
``validateCpuRequestDoesNotExceedLimit``, ``validateCpuPinning`` with everything it runs for
``dedicatedCpuPlacement`` (``validateMemoryIsProvided``, ``validateCPURequestIsInteger``,
``validateCPULimitIsInteger``, ``validateMemoryRequestsAndLimits``,
``validateRequestLimitOrCoresProvidedOnDedicatedCPUPlacement``,
``validateRequestEqualsLimitOnDedicatedCPUPlacement``,
``validateRequestOrLimitWithCoresProvidedOnDedicatedCPUPlacement``,
``validateThreadCountOnArchitecture``, ``validateThreadCountOnDedicatedCPUPlacement``),
``validateNUMA``, ``validateCPUIsolatorThread``, ``validateCPUFeaturePolicies`` and
``validateCPUHotplug``; ``hwutil.GetNumberOfVCPUs`` (pkg/util/hardware/hw_utils.go) as
``number_of_vcpus``.

Oddities kept from KubeVirt:

* "interger" in the CPU request and limit messages, and the trailing space of the three
  "... when DedicatedCPUPlacement is true " messages;
* ``Value()`` rounds up, so a ``500m`` request counts as 1 CPU where it is compared with the
  vCPU count, and is "not an interger" because 1000 != 500;
* the vCPU count multiplies Go ``uint32`` values and wraps at 2^32;
* the arm64 threads cause names ``architecture``, the dedicated-placement causes name
  ``dedicatedCpuPlacement`` (whatever value they judged).
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_str, dicts
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import (
    cpu_limit,
    cpu_request,
    cpu_spec,
    guest_memory,
    has_guest_mapping_passthrough,
    memory_limit,
    memory_request,
    memory_spec,
)
from krmfn.model.reasons import needs_feature_gate

VALUE_MUST_BE_POSITIVE_FMT = "%s '%s': must be greater than or equal to 0."
GREATER_THAN_FMT = "%s '%s' is greater than %s '%s'"
MEMORY_NOT_PROVIDED_FMT = "%s, %s, %s or %s should be provided"
CPU_REQUEST_NOT_INTEGER = "provided resources CPU requests must be an interger"
CPU_LIMIT_NOT_INTEGER = "provided resources CPU limits must be an interger"
MEMORY_REQUEST_NOT_LIMIT_FMT = "%s must be equal to %s"
NO_CPU_GIVEN_FMT = "either %s or %s or %s must be provided when DedicatedCPUPlacement is true "
CPU_REQUEST_NOT_LIMIT_FMT = "%s or %s must be equal when DedicatedCPUPlacement is true "
CPU_RESOURCES_WITH_CORES_FMT = ("%s or %s must not be provided at the same time with %s when "
                                "DedicatedCPUPlacement is true ")
ARM64_THREADS_FMT = "threads must not be greater than 1 at %s (got %d) when %s is arm64"
DEDICATED_THREADS_FMT = "Not more than two threads must be provided at %s (got %d) when DedicatedCPUPlacement is true"
NUMA_GATE_DISABLED_FMT = "NUMA feature gate is not enabled in kubevirt-config, invalid entry %s"
NUMA_NEEDS_DEDICATED_FMT = "%s must be set to true when NUMA topology strategy is set in %s"
NUMA_NEEDS_HUGEPAGES_FMT = "%s must be requested when NUMA topology strategy is set in %s"
ISOLATE_EMULATOR_THREAD_WITHOUT_DEDICATED = (
    "IsolateEmulatorThread should be only set in combination with DedicatedCPUPlacement")
UNSUPPORTED_FEATURE_POLICY_FMT = "CPU feature %s uses policy %s that is not supported."
SOCKETS_ABOVE_MAX = "Number of sockets in CPU topology is greater than the maximum sockets allowed"

VALID_CPU_FEATURE_POLICIES = frozenset({"", "force", "require", "optional", "disable", "forbid"})
NUMA_GATE = "NUMA"
ARM64 = "arm64"
_UINT32_MASK = (1 << 32) - 1


# The paths of the CPU resources under the spec path.
CPU_REQUEST_PATH = ".domain.resources.requests.cpu"
CPU_LIMIT_PATH = ".domain.resources.limits.cpu"


class _Paths:
    """The k8sfield paths the CPU checks name, under the spec path ``field`` (built only where a
    check has something to judge)."""

    def __init__(self, field: str) -> None:
        self.cpu_request = f"{field}{CPU_REQUEST_PATH}"
        self.cpu_limit = f"{field}{CPU_LIMIT_PATH}"
        self.memory_request = f"{field}.domain.resources.requests.memory"
        self.memory_limit = f"{field}.domain.resources.limits.memory"
        self.hugepages = f"{field}.domain.memory.hugepages"
        self.guest = f"{field}.domain.memory.guest"
        self.cores = f"{field}.domain.cpu.cores"
        self.threads = f"{field}.domain.cpu.threads"
        self.sockets = f"{field}.domain.cpu.sockets"
        self.dedicated = f"{field}.domain.cpu.dedicatedCpuPlacement"
        self.guest_mapping_passthrough = f"{field}.domain.cpu.numa.guestMappingPassthrough"
        self.architecture = f"{field}.architecture"


def uint32(cpu: dict, key: str) -> int:
    """A Go ``uint32`` field of ``v1.CPU``: its value, or 0 when unset or not one."""
    value = cpu.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _UINT32_MASK:
        return 0
    return value


def number_of_vcpus(cpu: dict) -> int:
    """``hwutil.GetNumberOfVCPUs``: cores x sockets x threads over the ones set, in ``uint32``."""
    vcpus = uint32(cpu, "cores")
    for key in ("sockets", "threads"):
        count = uint32(cpu, key)
        if count != 0:
            vcpus = count if vcpus == 0 else (vcpus * count) & _UINT32_MASK
    return vcpus


def _dedicated(cpu: dict) -> bool:
    return cpu.get("dedicatedCpuPlacement") is True


# ---------------------------------------------------------------------------------------------
# Requests and limits
# ---------------------------------------------------------------------------------------------
def validate_cpu_request_not_negative(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """A negative CPU request."""
    request = cpu_request(spec)
    if request.milli_value() < 0:
        path = f"{field}{CPU_REQUEST_PATH}"
        return [Cause(path, VALUE_MUST_BE_POSITIVE_FMT % (path, request), CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_cpu_limit_not_negative(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """A negative CPU limit."""
    limit = cpu_limit(spec)
    if limit.milli_value() < 0:
        path = f"{field}{CPU_LIMIT_PATH}"
        return [Cause(path, VALUE_MUST_BE_POSITIVE_FMT % (path, limit), CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_cpu_request_does_not_exceed_limit(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """A CPU request above a positive CPU limit."""
    limit = cpu_limit(spec)
    limit_milli = limit.milli_value()
    if limit_milli <= 0:
        return []
    request = cpu_request(spec)
    if request.milli_value() > limit_milli:
        request_path, limit_path = f"{field}{CPU_REQUEST_PATH}", f"{field}{CPU_LIMIT_PATH}"
        message = GREATER_THAN_FMT % (request_path, request, limit_path, limit)
        return [Cause(request_path, message, CAUSE_FIELD_VALUE_INVALID)]
    return []


# ---------------------------------------------------------------------------------------------
# dedicatedCpuPlacement
# ---------------------------------------------------------------------------------------------
def validate_cpu_pinning(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """With ``dedicatedCpuPlacement``: memory given, whole and matching CPU and memory resources,
    a CPU count from the resources or the topology, and few enough threads."""
    cpu = cpu_spec(spec)
    if cpu is None or not _dedicated(cpu):
        return []
    paths = _Paths(field)
    return (_memory_is_provided(paths, spec)
            + _cpu_request_is_integer(paths, spec)
            + _cpu_limit_is_integer(paths, spec)
            + _memory_requests_and_limits(paths, spec)
            + _request_limit_or_cores_provided(paths, spec, cpu)
            + _request_equals_limit(paths, spec)
            + _request_or_limit_with_cores_provided(paths, spec, cpu)
            + _thread_count_on_architecture(paths, spec, cpu, config)
            + _thread_count_on_dedicated_cpu_placement(paths, cpu))


def _memory_is_provided(paths: _Paths, spec: dict) -> list[Cause]:
    """``validateMemoryIsProvided``: a memory limit or request, hugepages, or a non-zero guest."""
    if not memory_limit(spec).is_zero() or not memory_request(spec).is_zero():
        return []
    memory = memory_spec(spec)
    if memory is not None and memory.get("hugepages") is not None:
        return []
    guest = guest_memory(spec)
    if memory is not None and guest is not None and not guest.is_zero():
        return []
    message = MEMORY_NOT_PROVIDED_FMT % (paths.memory_request, paths.memory_limit, paths.hugepages, paths.guest)
    return [Cause(paths.memory_limit, message, CAUSE_FIELD_VALUE_INVALID)]


def _cpu_request_is_integer(paths: _Paths, spec: dict) -> list[Cause]:
    """``validateCPURequestIsInteger``."""
    request = cpu_request(spec)
    if request.value() > 0 and request.value() * 1000 != request.milli_value():
        return [Cause(paths.cpu_request, CPU_REQUEST_NOT_INTEGER, CAUSE_FIELD_VALUE_INVALID)]
    return []


def _cpu_limit_is_integer(paths: _Paths, spec: dict) -> list[Cause]:
    """``validateCPULimitIsInteger``."""
    limit = cpu_limit(spec)
    if limit.value() > 0 and limit.value() * 1000 != limit.milli_value():
        return [Cause(paths.cpu_limit, CPU_LIMIT_NOT_INTEGER, CAUSE_FIELD_VALUE_INVALID)]
    return []


def _memory_requests_and_limits(paths: _Paths, spec: dict) -> list[Cause]:
    """``validateMemoryRequestsAndLimits``: a positive memory request and limit must be equal."""
    request, limit = memory_request(spec).value(), memory_limit(spec).value()
    if request > 0 and limit > 0 and request != limit:
        message = MEMORY_REQUEST_NOT_LIMIT_FMT % (paths.memory_request, paths.memory_limit)
        return [Cause(paths.memory_request, message, CAUSE_FIELD_VALUE_INVALID)]
    return []


def _request_limit_or_cores_provided(paths: _Paths, spec: dict, cpu: dict) -> list[Cause]:
    """``validateRequestLimitOrCoresProvidedOnDedicatedCPUPlacement``."""
    if cpu_request(spec).value() == 0 and cpu_limit(spec).value() == 0 and number_of_vcpus(cpu) == 0:
        message = NO_CPU_GIVEN_FMT % (paths.cpu_request, paths.cpu_limit, paths.cores)
        return [Cause(paths.dedicated, message, CAUSE_FIELD_VALUE_INVALID)]
    return []


def _request_equals_limit(paths: _Paths, spec: dict) -> list[Cause]:
    """``validateRequestEqualsLimitOnDedicatedCPUPlacement``."""
    request, limit = cpu_request(spec).value(), cpu_limit(spec).value()
    if request > 0 and limit > 0 and request != limit:
        return [Cause(paths.dedicated, CPU_REQUEST_NOT_LIMIT_FMT % (paths.cpu_request, paths.cpu_limit),
                      CAUSE_FIELD_VALUE_INVALID)]
    return []


def _request_or_limit_with_cores_provided(paths: _Paths, spec: dict, cpu: dict) -> list[Cause]:
    """``validateRequestOrLimitWithCoresProvidedOnDedicatedCPUPlacement``: CPU resources that
    match neither side of the topology's vCPU count."""
    request, limit, vcpus = cpu_request(spec).value(), cpu_limit(spec).value(), number_of_vcpus(cpu)
    if (request > 0 or limit > 0) and vcpus > 0 and vcpus not in (request, limit):
        message = CPU_RESOURCES_WITH_CORES_FMT % (paths.cpu_request, paths.cpu_limit, paths.cores)
        return [Cause(paths.dedicated, message, CAUSE_FIELD_VALUE_INVALID)]
    return []


def _thread_count_on_architecture(paths: _Paths, spec: dict, cpu: dict, config: ClusterConfig) -> list[Cause]:
    """``validateThreadCountOnArchitecture``: arm64 has one thread per core."""
    architecture = as_str(spec.get("architecture")) or config.default_architecture
    threads = uint32(cpu, "threads")
    if threads > 1 and architecture == ARM64:
        return [Cause(paths.architecture, ARM64_THREADS_FMT % (paths.threads, threads, paths.architecture),
                      CAUSE_FIELD_VALUE_INVALID)]
    return []


def _thread_count_on_dedicated_cpu_placement(paths: _Paths, cpu: dict) -> list[Cause]:
    """``validateThreadCountOnDedicatedCPUPlacement``: at most two threads."""
    threads = uint32(cpu, "threads")
    if threads > 2:
        return [Cause(paths.dedicated, DEDICATED_THREADS_FMT % (paths.threads, threads), CAUSE_FIELD_VALUE_INVALID)]
    return []


# ---------------------------------------------------------------------------------------------
# NUMA, emulator thread, features, hotplug
# ---------------------------------------------------------------------------------------------
def validate_numa(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``numa.guestMappingPassthrough`` needs the NUMA gate, ``dedicatedCpuPlacement`` and
    hugepages."""
    cpu = cpu_spec(spec)
    if cpu is None or not has_guest_mapping_passthrough(cpu):
        return []
    paths = _Paths(field)
    passthrough = paths.guest_mapping_passthrough
    causes = []
    if not config.feature_gate_enabled(NUMA_GATE):
        causes.append(Cause(passthrough, NUMA_GATE_DISABLED_FMT % passthrough, CAUSE_FIELD_VALUE_INVALID,
                            needs_feature_gate(NUMA_GATE)))
    if not _dedicated(cpu):
        causes.append(Cause(passthrough, NUMA_NEEDS_DEDICATED_FMT % (paths.dedicated, passthrough),
                            CAUSE_FIELD_VALUE_INVALID))
    memory = memory_spec(spec)
    if memory is None or memory.get("hugepages") is None:
        causes.append(Cause(passthrough, NUMA_NEEDS_HUGEPAGES_FMT % (paths.hugepages, passthrough),
                            CAUSE_FIELD_VALUE_INVALID))
    return causes


def validate_cpu_isolator_thread(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``isolateEmulatorThread`` without ``dedicatedCpuPlacement``."""
    cpu = cpu_spec(spec)
    if cpu is None or cpu.get("isolateEmulatorThread") is not True or _dedicated(cpu):
        return []
    return [Cause(f"{field}.domain.cpu.isolateEmulatorThread", ISOLATE_EMULATOR_THREAD_WITHOUT_DEDICATED,
                  CAUSE_FIELD_VALUE_INVALID)]


def validate_cpu_feature_policies(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """A CPU feature with a policy other than force, require, optional, disable or forbid."""
    cpu = cpu_spec(spec)
    features = None if cpu is None else cpu.get("features")
    if not features:
        return []
    causes = []
    for index, feature in enumerate(dicts(features)):
        policy = as_str(feature.get("policy"))
        if policy not in VALID_CPU_FEATURE_POLICIES:
            causes.append(Cause(f"{field}.domain.cpu.features[{index}].policy",
                                UNSUPPORTED_FEATURE_POLICY_FMT % (as_str(feature.get("name")), policy),
                                CAUSE_FIELD_VALUE_NOT_SUPPORTED))
    return causes


def validate_cpu_hotplug(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """With ``maxSockets`` set: more sockets than ``maxSockets``."""
    cpu = cpu_spec(spec)
    if cpu is None or cpu.get("maxSockets") is None:
        return []
    max_sockets = uint32(cpu, "maxSockets")
    if max_sockets != 0 and uint32(cpu, "sockets") > max_sockets:
        return [Cause(f"{field}.domain.cpu.sockets", SOCKETS_ABOVE_MAX, CAUSE_FIELD_VALUE_INVALID)]
    return []
