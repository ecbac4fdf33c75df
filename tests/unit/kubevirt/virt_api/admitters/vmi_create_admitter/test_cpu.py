"""The CPU checks of ValidateVirtualMachineInstanceSpec, alone and through the whole chain."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.cpu import (
    number_of_vcpus,
    validate_cpu_feature_policies,
    validate_cpu_hotplug,
    validate_cpu_isolator_thread,
    validate_cpu_limit_not_negative,
    validate_cpu_pinning,
    validate_cpu_request_does_not_exceed_limit,
    validate_cpu_request_not_negative,
    validate_numa,
)

F = "spec.template.spec"
CPU_REQUEST = f"{F}.domain.resources.requests.cpu"
CPU_LIMIT = f"{F}.domain.resources.limits.cpu"
MEMORY_REQUEST = f"{F}.domain.resources.requests.memory"
MEMORY_LIMIT = f"{F}.domain.resources.limits.memory"
DEDICATED = f"{F}.domain.cpu.dedicatedCpuPlacement"
PASSTHROUGH = f"{F}.domain.cpu.numa.guestMappingPassthrough"
CORES = f"{F}.domain.cpu.cores"
THREADS = f"{F}.domain.cpu.threads"

MEMORY_NOT_PROVIDED = (MEMORY_LIMIT, f"{MEMORY_REQUEST}, {MEMORY_LIMIT}, {F}.domain.memory.hugepages or "
                                     f"{F}.domain.memory.guest should be provided")
REQUEST_NOT_INTEGER = (CPU_REQUEST, "provided resources CPU requests must be an interger")
LIMIT_NOT_INTEGER = (CPU_LIMIT, "provided resources CPU limits must be an interger")
MEMORY_NOT_EQUAL = (MEMORY_REQUEST, f"{MEMORY_REQUEST} must be equal to {MEMORY_LIMIT}")
NO_CPU_GIVEN = (DEDICATED, f"either {CPU_REQUEST} or {CPU_LIMIT} or {CORES} must be provided when "
                           "DedicatedCPUPlacement is true ")
CPU_NOT_EQUAL = (DEDICATED, f"{CPU_REQUEST} or {CPU_LIMIT} must be equal when DedicatedCPUPlacement is true ")
CPU_WITH_CORES = (DEDICATED, f"{CPU_REQUEST} or {CPU_LIMIT} must not be provided at the same time with {CORES} "
                             "when DedicatedCPUPlacement is true ")


def _spec(requests: dict | None = None, limits: dict | None = None, **domain: object) -> dict:
    return {"domain": {"resources": {"requests": requests or {}, "limits": limits or {}}, **domain}}


def _pairs(causes: list) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


@pytest.mark.parametrize("requests, limits, expected", [
    ({}, {}, []),
    ({"cpu": "100m"}, {"cpu": "1"}, []),
    ({"cpu": "-1"}, {}, [(CPU_REQUEST, f"{CPU_REQUEST} '-1': must be greater than or equal to 0.")]),
    ({"cpu": "-0.0001"}, {}, [(CPU_REQUEST, f"{CPU_REQUEST} '-100u': must be greater than or equal to 0.")]),
])
def test_cpu_request_not_negative(requests: dict, limits: dict, expected: list) -> None:
    assert _pairs(validate_cpu_request_not_negative(F, _spec(requests, limits), ClusterConfig())) == expected


@pytest.mark.parametrize("limits, expected", [
    ({}, []),
    ({"cpu": "2"}, []),
    ({"cpu": "-500m"}, [(CPU_LIMIT, f"{CPU_LIMIT} '-500m': must be greater than or equal to 0.")]),
])
def test_cpu_limit_not_negative(limits: dict, expected: list) -> None:
    assert _pairs(validate_cpu_limit_not_negative(F, _spec({}, limits), ClusterConfig())) == expected


@pytest.mark.parametrize("requests, limits, expected", [
    ({"cpu": "2"}, {}, []),
    ({"cpu": "2"}, {"cpu": "2000m"}, []),
    ({"cpu": "2"}, {"cpu": "1500m"}, [(CPU_REQUEST, f"{CPU_REQUEST} '2' is greater than {CPU_LIMIT} '1500m'")]),
    ({"cpu": "2"}, {"cpu": "-1"}, []),
    ({"cpu": "2"}, {"cpu": "0"}, []),
    ({"cpu": "2"}, {"cpu": "x"}, []),  # not a quantity: the zero limit
    ({}, {"cpu": "1"}, []),
])
def test_cpu_request_does_not_exceed_limit(requests: dict, limits: dict, expected: list) -> None:
    assert _pairs(validate_cpu_request_does_not_exceed_limit(F, _spec(requests, limits), ClusterConfig())) == expected


@pytest.mark.parametrize("cpu, expected", [
    ({}, 0),
    ({"cores": 2}, 2),
    ({"sockets": 3}, 3),
    ({"threads": 2, "sockets": 2}, 4),
    ({"cores": 2, "sockets": 3, "threads": 2}, 12),
    ({"cores": 65536, "sockets": 65536}, 0),  # uint32 wraps
    ({"cores": "2"}, 0),
])
def test_number_of_vcpus(cpu: dict, expected: int) -> None:
    assert number_of_vcpus(cpu) == expected


@pytest.mark.parametrize("requests, limits, cpu, memory, arch, expected", [
    ({"cpu": "2", "memory": "1Gi"}, {}, {"dedicatedCpuPlacement": False}, None, "amd64", []),
    ({}, {}, {"dedicatedCpuPlacement": False}, None, "amd64", []),
    ({}, {}, {"dedicatedCpuPlacement": True, "cores": 2}, {"guest": "1Gi"}, "amd64", []),
    ({}, {}, {"dedicatedCpuPlacement": True, "cores": 2}, {"hugepages": {"pageSize": "2Mi"}}, "amd64", []),
    ({}, {}, {"dedicatedCpuPlacement": True, "cores": 2}, {"guest": "0"}, "amd64", [MEMORY_NOT_PROVIDED]),
    ({}, {}, {"dedicatedCpuPlacement": True}, None, "amd64", [MEMORY_NOT_PROVIDED, NO_CPU_GIVEN]),
    ({"cpu": "1500m"}, {"cpu": "500m"}, {"dedicatedCpuPlacement": True}, {"guest": "1Gi"}, "amd64",
     [REQUEST_NOT_INTEGER, LIMIT_NOT_INTEGER, CPU_NOT_EQUAL]),
    ({"memory": "1Gi"}, {"memory": "2Gi"}, {"dedicatedCpuPlacement": True, "cores": 1}, None, "amd64",
     [MEMORY_NOT_EQUAL]),
    ({"cpu": "2"}, {"cpu": "2"}, {"dedicatedCpuPlacement": True, "cores": 2}, {"guest": "1Gi"}, "amd64", []),
    ({"cpu": "2"}, {}, {"dedicatedCpuPlacement": True, "cores": 4}, {"guest": "1Gi"}, "amd64", [CPU_WITH_CORES]),
    ({"cpu": "2"}, {"cpu": "4"}, {"dedicatedCpuPlacement": True, "cores": 4}, {"guest": "1Gi"}, "amd64",
     [CPU_NOT_EQUAL]),
    ({}, {}, {"dedicatedCpuPlacement": True, "cores": 1, "threads": 2}, {"guest": "1Gi"}, "arm64",
     [(f"{F}.architecture", f"threads must not be greater than 1 at {THREADS} (got 2) when {F}.architecture "
                            "is arm64")]),
    ({}, {}, {"dedicatedCpuPlacement": True, "cores": 1, "threads": 3}, {"guest": "1Gi"}, "",
     [(DEDICATED, f"Not more than two threads must be provided at {THREADS} (got 3) when DedicatedCPUPlacement "
                  "is true")]),
])
def test_cpu_pinning(requests: dict, limits: dict, cpu: dict, memory: dict | None, arch: str,
                     expected: list) -> None:
    spec = _spec(requests, limits, cpu=cpu, **({"memory": memory} if memory is not None else {}))
    if arch:
        spec["architecture"] = arch
    assert _pairs(validate_cpu_pinning(F, spec, ClusterConfig())) == expected


def test_the_default_architecture_counts_when_the_spec_has_none() -> None:
    spec = _spec(cpu={"dedicatedCpuPlacement": True, "cores": 1, "threads": 2}, memory={"guest": "1Gi"})
    [cause] = validate_cpu_pinning(F, spec, ClusterConfig(default_architecture="arm64"))
    assert cause.field == f"{F}.architecture"
    assert validate_cpu_pinning(F, spec, ClusterConfig()) == []


NUMA_NEEDS_DEDICATED = (PASSTHROUGH, f"{DEDICATED} must be set to true when NUMA topology strategy is set in "
                                     f"{PASSTHROUGH}")
NUMA_NEEDS_HUGEPAGES = (PASSTHROUGH, f"{F}.domain.memory.hugepages must be requested when NUMA topology "
                                     f"strategy is set in {PASSTHROUGH}")


@pytest.mark.parametrize("cpu, memory, expected", [
    ({}, None, []),
    ({"numa": {}}, None, []),
    ({"numa": {"guestMappingPassthrough": None}}, None, []),
    ({"numa": {"guestMappingPassthrough": {}}, "dedicatedCpuPlacement": True}, {"hugepages": {"pageSize": "1Gi"}},
     []),
    ({"numa": {"guestMappingPassthrough": {}}}, None, [NUMA_NEEDS_DEDICATED, NUMA_NEEDS_HUGEPAGES]),
    ({"numa": {"guestMappingPassthrough": {}}, "dedicatedCpuPlacement": True}, {"guest": "1Gi"},
     [NUMA_NEEDS_HUGEPAGES]),
])
def test_numa(cpu: dict, memory: dict | None, expected: list) -> None:
    spec = _spec(cpu=cpu, **({"memory": memory} if memory is not None else {}))
    assert _pairs(validate_numa(F, spec, ClusterConfig())) == expected


@pytest.mark.parametrize("cpu, expected", [
    (None, []),
    ({"isolateEmulatorThread": True, "dedicatedCpuPlacement": True}, []),
    ({"isolateEmulatorThread": False}, []),
    ({"isolateEmulatorThread": True}, [(f"{F}.domain.cpu.isolateEmulatorThread",
                                        "IsolateEmulatorThread should be only set in combination with "
                                        "DedicatedCPUPlacement")]),
])
def test_cpu_isolator_thread(cpu: dict | None, expected: list) -> None:
    assert _pairs(validate_cpu_isolator_thread(F, _spec(cpu=cpu), ClusterConfig())) == expected


@pytest.mark.parametrize("spec", [{}, {"domain": None}, _spec(), _spec(cpu={}), _spec(cpu={"features": []}),
                                  _spec(cpu={"features": {"name": "a", "policy": "prefer"}})])
def test_no_cpu_features_no_causes(spec: dict) -> None:
    assert validate_cpu_feature_policies(F, spec, ClusterConfig()) == []


def test_cpu_feature_policies() -> None:
    features = [{"name": "a"}, {"name": "b", "policy": "require"}, {"name": "c", "policy": "prefer"},
                {"name": "d", "policy": "forbid"}, {"name": "e", "policy": "Force"}]
    causes = validate_cpu_feature_policies(F, _spec(cpu={"features": features}), ClusterConfig())
    assert _pairs(causes) == [
        (f"{F}.domain.cpu.features[2].policy", "CPU feature c uses policy prefer that is not supported."),
        (f"{F}.domain.cpu.features[4].policy", "CPU feature e uses policy Force that is not supported."),
    ]
    assert {c.type for c in causes} == {"FieldValueNotSupported"}


@pytest.mark.parametrize("cpu, expected", [
    ({"sockets": 4}, []),
    ({"sockets": 4, "maxSockets": None}, []),
    ({"sockets": 4, "maxSockets": "2"}, []),  # not a uint32: 0, unset
    ({"sockets": 4, "maxSockets": 4}, []),
    ({"sockets": 5, "maxSockets": 4}, [(f"{F}.domain.cpu.sockets",
                                        "Number of sockets in CPU topology is greater than the maximum sockets "
                                        "allowed")]),
])
def test_cpu_hotplug(cpu: dict, expected: list) -> None:
    assert _pairs(validate_cpu_hotplug(F, _spec(cpu=cpu), ClusterConfig())) == expected


def _vm(domain: dict) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}, **domain}}}}}


def test_numa_from_the_instance_type_through_the_chain() -> None:
    instancetype = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
                    "metadata": {"name": "it"},
                    "spec": {"cpu": {"guest": 2, "dedicatedCPUPlacement": True,
                                     "numa": {"guestMappingPassthrough": {}}},
                             "memory": {"guest": "2Gi"}}}
    vm = _vm({})
    vm["spec"]["instancetype"] = {"name": "it"}
    verdict = admit_bundle([instancetype, vm])[1]
    assert verdict is not None and verdict.stage == "validating-webhook/remaining-vm-checks"
    assert _pairs(verdict.causes) == [NUMA_NEEDS_HUGEPAGES]
