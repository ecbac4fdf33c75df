"""Cases of KubeVirt's `pkg/instancetype/apply/memory_test.go` (d923fdb8), ported: every It and
Entry of "instancetype.Spec.Memory", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` as the Go test runs ``ApplyToVMI``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import struct

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE_PATH = "spec.template.spec"
HUGEPAGES = {"pageSize": "1Gi"}
MAX_GUEST = "2G"


def new_vmi() -> tuple[dict, dict]:
    """libvmi.New(): an empty domain and plain metadata."""
    return {"domain": {}}, {"name": "testvmi"}


def instancetype(hugepages: bool = True, max_guest: bool = True, overcommit_percent: int = 0) -> dict:
    """The BeforeEach instance type: guest 512M, hugepages 1Gi, maxGuest 2G."""
    memory: dict = {"guest": "512M"}
    if hugepages:
        memory["hugepages"] = dict(HUGEPAGES)
    if max_guest:
        memory["maxGuest"] = MAX_GUEST
    if overcommit_percent:
        memory["overcommitPercent"] = overcommit_percent
    return {"memory": memory}


def float32(value: float) -> float:
    return float(struct.unpack("f", struct.pack("f", value))[0])


def expected_overhead(guest: int, percent: int) -> int:
    """The Go test's expectation: int64(float32(guest) * (1 - float32(percent)/100)), in float32."""
    return int(float32(float32(guest) * float32(1 - float32(float32(percent) / 100))))


@pytest.mark.parametrize(
    ("overcommit_percent", "request_quantity", "request_value"),
    [
        # 435200000 bytes, printed by NewQuantity in the guest's DecimalSI format.
        pytest.param(15, "435200k", 435200000, id="with 15% overcommit"),
        pytest.param(80, "102399992", 102399992, id="with 80% overcommit"),
    ],
)
def test_should_apply_memory_overcommit_based_on_overcommit_percent(
    overcommit_percent: int, request_quantity: str, request_value: int
) -> None:
    assert expected_overhead(512_000_000, overcommit_percent) == request_value != 512_000_000
    spec, metadata = new_vmi()
    it_spec = instancetype(hugepages=False, overcommit_percent=overcommit_percent)
    assert apply_to_vmi(BASE_PATH, it_spec, None, spec, metadata) == []
    assert spec["domain"]["resources"] == {"requests": {"memory": request_quantity}}


@pytest.mark.parametrize(
    ("vmi_memory", "expected_path"),
    [
        pytest.param({"guest": "512M"}, "spec.template.spec.domain.memory.guest",
                     id="should return a conflict if Memory.Guest is already defined"),
        pytest.param({"hugepages": {"pageSize": "1Gi"}}, "spec.template.spec.domain.memory.hugepages",
                     id="should return a conflict if both VMI and instancetype Memory.Hugepages are defined"),
        pytest.param({"maxGuest": MAX_GUEST}, "spec.template.spec.domain.memory.maxGuest",
                     id="should return a conflict if both VMI and instancetype Memory.MaxGuest are defined"),
    ],
)
def test_should_return_a_memory_conflict(vmi_memory: dict, expected_path: str) -> None:
    spec, metadata = new_vmi()
    spec["domain"]["memory"] = vmi_memory
    conflicts = apply_to_vmi(BASE_PATH, instancetype(), None, spec, metadata)
    assert conflicts == [Conflict.from_path(expected_path)]


@pytest.mark.parametrize(
    ("it_spec", "vmi_memory"),
    [
        pytest.param(instancetype(), None, id="should apply memory spec to VMI"),
        pytest.param(instancetype(hugepages=False), {"hugepages": {"pageSize": "1Gi"}},
                     id="should not return a conflict if VMI Hugepages is defined and instancetype Hugepages is not"),
        pytest.param(instancetype(max_guest=False), {"maxGuest": MAX_GUEST},
                     id="should not return a conflict if VMI MaxGuest is defined and instancetype MaxGuest is not"),
    ],
)
def test_should_apply_memory(it_spec: dict, vmi_memory: dict | None) -> None:
    spec, metadata = new_vmi()
    if vmi_memory is not None:
        spec["domain"]["memory"] = vmi_memory
    assert apply_to_vmi(BASE_PATH, it_spec, None, spec, metadata) == []
    assert spec["domain"]["memory"] == {"guest": "512M", "hugepages": HUGEPAGES, "maxGuest": MAX_GUEST}


@pytest.mark.parametrize(
    "section",
    [
        pytest.param("requests", id="should return a conflict if memory request is already defined"),
        pytest.param("limits", id="should return a conflict if memory limit is already defined"),
    ],
)
def test_should_return_a_conflict_if_memory_resource_already_defined(section: str) -> None:
    spec, metadata = new_vmi()
    spec["domain"]["resources"] = {section: {"memory": "128Mi"}}
    conflicts = apply_to_vmi(BASE_PATH, {"memory": {"guest": "512M"}}, None, spec, metadata)
    assert conflicts == [Conflict.from_path(f"spec.template.spec.domain.resources.{section}.memory")]
