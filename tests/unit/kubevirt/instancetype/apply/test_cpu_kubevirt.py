"""Cases of KubeVirt's `pkg/instancetype/apply/cpu_test.go` (d923fdb8), ported: every It and
Entry of "instancetype.spec.CPU and preference.spec.CPU", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` as the Go test runs ``ApplyToVMI``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE_PATH = "spec.template.spec"

# The BeforeEach instance type: 2 vCPUs and every copied CPU field.
FULL_IT_CPU: dict = {
    "guest": 2,
    "model": "host-passthrough",
    "dedicatedCPUPlacement": True,
    "isolateEmulatorThread": True,
    "numa": {"guestMappingPassthrough": {}},
    "realtime": {"mask": "0-3,^1"},
    "maxSockets": 6,
}
# What KubeVirt copies into vmi.spec.domain.cpu from FULL_IT_CPU (VMI JSON names).
COPIED_CPU_FIELDS: dict = {
    "model": "host-passthrough",
    "dedicatedCpuPlacement": True,
    "isolateEmulatorThread": True,
    "numa": {"guestMappingPassthrough": {}},
    "realtime": {"mask": "0-3,^1"},
    "maxSockets": 6,
}


def new_vmi() -> tuple[dict, dict]:
    """libvmi.New(): an empty domain and plain metadata."""
    return {"domain": {}}, {"name": "testvmi"}


def full_instancetype(**cpu: object) -> dict:
    return {"cpu": {**copy.deepcopy(FULL_IT_CPU), **cpu}}


def topology(sockets: int, cores: int, threads: int) -> dict:
    return {"sockets": sockets, "cores": cores, "threads": threads}


@pytest.mark.parametrize(
    ("preferred_topology", "expected_topology"),
    [
        pytest.param(None, topology(2, 1, 1), id="should default to PreferSockets"),
        pytest.param("cores", topology(1, 2, 1), id="should apply in full with PreferCores selected"),
        pytest.param("threads", topology(1, 1, 2), id="should apply in full with PreferThreads selected"),
        pytest.param("sockets", topology(2, 1, 1), id="should apply in full with PreferSockets selected"),
        # The Go test only looks at the topology here; the copied fields are KubeVirt's all the same.
        pytest.param("any", topology(2, 1, 1),
                     id="should default to Sockets, when instancetype is used with PreferAny"),
    ],
)
def test_apply_in_full(preferred_topology: str | None, expected_topology: dict) -> None:
    pf_cpu: dict = {} if preferred_topology is None else {"preferredCPUTopology": preferred_topology}
    spec, metadata = new_vmi()
    assert apply_to_vmi(BASE_PATH, full_instancetype(), {"cpu": pf_cpu}, spec, metadata) == []
    assert spec["domain"]["cpu"] == {**expected_topology, **COPIED_CPU_FIELDS}


def _spread(ratio: int | None = None, across: str | None = None) -> dict:
    options: dict = {}
    if across is not None:
        options["across"] = across
    if ratio is not None:
        options["ratio"] = ratio
    return {"cpu": {"spreadOptions": options}} if options else {}


SCT = "SocketsCoresThreads"
CT = "CoresThreads"

SPREAD_CASES = [
    pytest.param(1, _spread(), (1, 1, 1), id="by default to SocketsCores with a default topology for 1 vCPU"),
    *[
        pytest.param(vcpus, _spread(), expected,
                     id=f"by default to SocketsCores with {vcpus} vCPUs and a default ratio of 1:2:1")
        for vcpus, expected in ((2, (1, 2, 1)), (4, (2, 2, 1)), (6, (3, 2, 1)), (8, (4, 2, 1)))
    ],
    *[
        pytest.param(vcpus, _spread(ratio=3), expected,
                     id=f"by default to SocketsCores with {vcpus} vCPUs and a ratio of 1:3:1")
        for vcpus, expected in ((3, (1, 3, 1)), (6, (2, 3, 1)), (9, (3, 3, 1)), (12, (4, 3, 1)))
    ],
    *[
        pytest.param(vcpus, _spread(ratio=4), expected,
                     id=f"by default to SocketsCores with {vcpus} vCPUs and a ratio of 1:4:1")
        for vcpus, expected in ((4, (1, 4, 1)), (8, (2, 4, 1)), (12, (3, 4, 1)), (16, (4, 4, 1)))
    ],
    *[
        pytest.param(vcpus, _spread(across=SCT), expected,
                     id=f"to SocketsCoresThreads with {vcpus} vCPUs and a default ratio of 1:2:2")
        for vcpus, expected in ((4, (1, 2, 2)), (8, (2, 2, 2)), (12, (3, 2, 2)), (16, (4, 2, 2)))
    ],
    *[
        pytest.param(vcpus, _spread(ratio=3, across=SCT), expected,
                     id=f"to SocketsCoresThreads with {vcpus} vCPUs and a ratio of 1:3:2")
        for vcpus, expected in ((6, (1, 3, 2)), (12, (2, 3, 2)), (18, (3, 3, 2)), (24, (4, 3, 2)))
    ],
    *[
        pytest.param(vcpus, _spread(ratio=4, across=SCT), expected,
                     id=f"to SocketsCoresThreads with {vcpus} vCPUs and a ratio of 1:4:2")
        for vcpus, expected in ((8, (1, 4, 2)), (16, (2, 4, 2)), (24, (3, 4, 2)), (36, (4, 4, 2)))
    ],
    *[
        pytest.param(vcpus, _spread(across=CT), expected,
                     id=f"to CoresThreads with {vcpus} vCPUs and a default ratio of 1:2")
        for vcpus, expected in ((2, (1, 1, 2)), (4, (1, 2, 2)), (6, (1, 3, 2)), (8, (1, 4, 2)))
    ],
]


@pytest.mark.parametrize(("vcpus", "pf_spec", "expected"), SPREAD_CASES)
def test_with_prefer_spread_should_spread(vcpus: int, pf_spec: dict, expected: tuple[int, int, int]) -> None:
    pf = copy.deepcopy(pf_spec)
    pf.setdefault("cpu", {})["preferredCPUTopology"] = "spread"
    spec, metadata = new_vmi()
    assert apply_to_vmi(BASE_PATH, full_instancetype(guest=vcpus), pf, spec, metadata) == []
    cpu = spec["domain"]["cpu"]
    assert (cpu["sockets"], cpu["cores"], cpu["threads"]) == expected


@pytest.mark.parametrize(
    ("vmi_domain", "expected_conflicts"),
    [
        pytest.param({"cpu": {"cores": 4, "sockets": 1, "threads": 1}},
                     [Conflict.new("spec", "template", "spec", "domain", "cpu", "sockets"),
                      Conflict.new("spec", "template", "spec", "domain", "cpu", "cores"),
                      Conflict.new("spec", "template", "spec", "domain", "cpu", "threads")],
                     id="should return a conflict if vmi.Spec.Domain.CPU already defined"),
        pytest.param({"resources": {"requests": {"cpu": "1"}}},
                     [Conflict.new("spec", "template", "spec", "domain", "resources", "requests", "cpu")],
                     id="should return a conflict if vmi.Spec.Domain.Resources.Requests[cpu] already defined"),
        pytest.param({"resources": {"limits": {"cpu": "1"}}},
                     [Conflict.new("spec", "template", "spec", "domain", "resources", "limits", "cpu")],
                     id="should return a conflict if vmi.Spec.Domain.Resources.Limits[cpu] already defined"),
    ],
)
def test_should_return_a_conflict(vmi_domain: dict, expected_conflicts: list[Conflict]) -> None:
    spec: dict = {"domain": copy.deepcopy(vmi_domain)}
    assert apply_to_vmi(BASE_PATH, {"cpu": {"guest": 2}}, {"cpu": {}}, spec, {}) == expected_conflicts


@pytest.mark.parametrize(
    ("preferred_features", "vmi_features", "expected_features"),
    [
        # The user's "bar" keeps its policy; "foo" is appended after it.
        pytest.param([{"name": "foo", "policy": "require"}, {"name": "bar", "policy": "force"}],
                     [{"name": "bar", "policy": "optional"}],
                     [{"name": "bar", "policy": "optional"}, {"name": "foo", "policy": "require"}],
                     id="should apply PreferredCPUFeatures"),
    ],
)
def test_preferred_cpu_features(preferred_features: list, vmi_features: list, expected_features: list) -> None:
    pf = {"cpu": {"preferredCPUFeatures": copy.deepcopy(preferred_features)}}
    spec, metadata = new_vmi()
    spec["domain"]["cpu"] = {"features": copy.deepcopy(vmi_features)}
    assert apply_to_vmi(BASE_PATH, full_instancetype(), pf, spec, metadata) == []
    assert spec["domain"]["cpu"]["features"] == expected_features
