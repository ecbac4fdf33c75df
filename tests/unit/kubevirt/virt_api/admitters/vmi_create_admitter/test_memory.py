"""The memory checks of ValidateVirtualMachineInstanceSpec, alone and through the whole chain."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.memory import (
    validate_guest_memory_limit,
    validate_hugepages_memory_requests,
    validate_memory_limits_negative_or_null,
    validate_memory_requests_negative_or_null,
    validate_reserved_overhead_memlock,
)
from krmfn.model.kubevirt_version import kubevirt_version
from krmfn.model.reasons import KUBEVIRT_CRASH

F = "spec.template.spec"
REQUEST = f"{F}.domain.resources.requests.memory"
LIMIT = f"{F}.domain.resources.limits.memory"
PAGE_SIZE = f"{F}.domain.memory.hugepages.pageSize"
GUEST = f"{F}.domain.memory.guest"
STAGE = ClusterConfig(vm_rollout_strategy="Stage")
QUANTITY_REGEX = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$"


def _spec(requests: dict | None = None, limits: dict | None = None, memory: dict | None = None) -> dict:
    domain: dict = {"resources": {"requests": requests or {}, "limits": limits or {}}}
    if memory is not None:
        domain["memory"] = memory
    return {"domain": domain}


def _pairs(causes: list) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


@pytest.mark.parametrize("requests, expected", [
    ({}, []),
    ({"memory": "1M"}, []),
    ({"memory": "0"}, []),
    ({"memory": "-1Gi"}, [(REQUEST, f"{REQUEST} '-1Gi': must be greater than or equal to 0.")]),
    ({"memory": "999k"}, [(REQUEST, f"{REQUEST} '999k': must be greater than or equal to 1M.")]),
    ({"memory": 512}, [(REQUEST, f"{REQUEST} '512': must be greater than or equal to 1M.")]),
    ({"memory": "0.5"}, [(REQUEST, f"{REQUEST} '500m': must be greater than or equal to 1M.")]),
])
def test_memory_requests_negative_or_null(requests: dict, expected: list) -> None:
    assert _pairs(validate_memory_requests_negative_or_null(F, _spec(requests), ClusterConfig())) == expected


@pytest.mark.parametrize("requests, limits, expected", [
    ({}, {}, []),
    ({"memory": "1Gi"}, {"memory": "1Gi"}, []),
    ({"memory": "2Gi"}, {}, []),
    ({}, {"memory": "-1"}, [(LIMIT, f"{LIMIT} '-1': must be greater than or equal to 0.")]),
    ({"memory": "2Gi"}, {"memory": "1Gi"}, [(REQUEST, f"{REQUEST} '2Gi' is greater than {LIMIT} '1Gi'")]),
    ({"memory": "2Gi"}, {"memory": "-1Gi"}, [(LIMIT, f"{LIMIT} '-1Gi': must be greater than or equal to 0.")]),
])
def test_memory_limits_negative_or_null(requests: dict, limits: dict, expected: list) -> None:
    assert _pairs(validate_memory_limits_negative_or_null(F, _spec(requests, limits), ClusterConfig())) == expected


@pytest.mark.parametrize("requests, limits, memory, expected", [
    ({"memory": "1Gi"}, {}, None, []),
    ({"memory": "1Gi"}, {}, {"guest": "1Gi"}, []),
    ({"memory": "1Gi"}, {}, {"hugepages": {"pageSize": "2Mi"}}, []),
    ({}, {}, {"guest": "1Gi", "hugepages": {"pageSize": "1Gi"}}, []),
    ({"memory": "1932735232"}, {}, {"guest": "2Gi", "hugepages": {"pageSize": "2Mi"}},
     [(REQUEST, f"{REQUEST} '1932735232' is not a multiple of the page size {PAGE_SIZE} '2Mi'")]),
    ({"memory": "1Gi"}, {}, {"hugepages": {"pageSize": "2Gi"}},
     [(REQUEST, f"{REQUEST} '1Gi' must be equal to or larger than page size {PAGE_SIZE} '2Gi'")]),
    # The guest memory, then the limit, are judged when there is no request; the request is printed.
    ({}, {}, {"guest": "3Mi", "hugepages": {"pageSize": "2Mi"}},
     [(REQUEST, f"{REQUEST} '0' is not a multiple of the page size {PAGE_SIZE} '2Mi'")]),
    ({}, {"memory": "1Mi"}, {"hugepages": {"pageSize": "2Mi"}},
     [(REQUEST, f"{REQUEST} '0' must be equal to or larger than page size {PAGE_SIZE} '2Mi'")]),
    ({}, {}, {"hugepages": {"pageSize": "2Mx"}},
     [(PAGE_SIZE, f"{PAGE_SIZE} '2Mx': quantities must match the regular expression '{QUANTITY_REGEX}'")]),
    ({}, {}, {"hugepages": {}},
     [(PAGE_SIZE, f"{PAGE_SIZE} '': quantities must match the regular expression '{QUANTITY_REGEX}'")]),
    # a negative VM memory is below the page size before the page size of 0 divides
    ({"memory": "-2Mi"}, {}, {"hugepages": {"pageSize": "0"}},
     [(REQUEST, f"{REQUEST} '-2Mi' must be equal to or larger than page size {PAGE_SIZE} '0'")]),
])
def test_hugepages_memory_requests(requests: dict, limits: dict, memory: dict | None, expected: list) -> None:
    causes = validate_hugepages_memory_requests(F, _spec(requests, limits, memory), ClusterConfig())
    assert _pairs(causes) == expected


def test_a_zero_page_size_is_kubevirts_crash() -> None:
    spec = _spec({"memory": "1Gi"}, {}, {"hugepages": {"pageSize": "0Mi"}})
    [cause] = validate_hugepages_memory_requests(F, spec, ClusterConfig())
    assert (cause.field, cause.message) == (
        PAGE_SIZE, f"{PAGE_SIZE} '0Mi' is zero (KubeVirt's webhook panics: integer divide by zero)")
    assert KUBEVIRT_CRASH in cause.reasons


@pytest.mark.parametrize("config, limits, memory, expected", [
    (ClusterConfig(), {"memory": "1Gi"}, {"guest": "2Gi"}, []),
    (STAGE, {"memory": "1Gi"}, {"guest": "2Gi"},
     [(GUEST, f"{GUEST} '2Gi' must be equal to or less than the memory limit {LIMIT} '1Gi'")]),
    (STAGE, {"memory": "2Gi"}, {"guest": "2Gi"}, []),
    (STAGE, {}, {"guest": "2Gi"}, []),
    (STAGE, {"memory": "1Gi"}, {}, []),
    (STAGE, {"memory": "1Gi"}, None, []),
])
def test_guest_memory_limit(config: ClusterConfig, limits: dict, memory: dict | None, expected: list) -> None:
    assert _pairs(validate_guest_memory_limit(F, _spec({}, limits, memory), config)) == expected


@pytest.mark.parametrize("spec", [{}, {"domain": None}, {"domain": {"resources": None}},
                                  {"domain": {"resources": {"requests": None, "limits": []}}},
                                  _spec({"memory": None}, {"memory": "x"})])
def test_absent_or_stray_memory_resources_read_as_zero(spec: dict) -> None:
    for check in (validate_memory_requests_negative_or_null, validate_memory_limits_negative_or_null,
                  validate_hugepages_memory_requests, validate_guest_memory_limit):
        assert check(F, spec, STAGE) == []


def test_a_negative_limit_is_one_cause_whatever_the_request() -> None:
    causes = validate_memory_limits_negative_or_null(F, _spec({"memory": "2Gi"}, {"memory": "-1Gi"}), ClusterConfig())
    assert _pairs(causes) == [(LIMIT, f"{LIMIT} '-1Gi': must be greater than or equal to 0.")]


RESERVED = (f"{F}.domain.memory.reservedOverhead",
            "Reserved overhead memlock feature gate is not enabled in kubevirt-config")


@pytest.mark.parametrize("gates, memory, expected", [
    ((), None, []),
    ((), {"guest": "1Gi"}, []),
    ((), {"reservedOverhead": {}}, [RESERVED]),
    (("ReservedOverheadMemlock",), {"reservedOverhead": {}}, []),
])
def test_reserved_overhead_memlock(gates: tuple, memory: dict | None, expected: list) -> None:
    causes = validate_reserved_overhead_memlock(F, _spec(memory=memory), ClusterConfig(feature_gates=gates))
    assert _pairs(causes) == expected


def _vm(domain: dict) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}, **domain}}}}}


def test_hugepages_through_the_chain() -> None:
    vm = _vm({"memory": {"guest": "2Gi", "hugepages": {"pageSize": "2Mi"}},
              "resources": {"requests": {"memory": "1932735232"}}})
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and verdict.stage == "validating-webhook/remaining-vm-checks"
    assert _pairs(verdict.causes) == [
        (REQUEST, f"{REQUEST} '1932735232' is not a multiple of the page size {PAGE_SIZE} '2Mi'")]


def test_the_instance_type_hugepages_are_judged_after_apply() -> None:
    instancetype = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
                    "metadata": {"name": "it"},
                    "spec": {"cpu": {"guest": 1}, "memory": {"guest": "3Mi", "hugepages": {"pageSize": "2Mi"}}}}
    vm = _vm({})
    vm["spec"]["instancetype"] = {"name": "it"}
    verdict = admit_bundle([instancetype, vm])[1]
    assert verdict is not None and verdict.stage == "validating-webhook/remaining-vm-checks"
    assert _pairs(verdict.causes) == [
        (REQUEST, f"{REQUEST} '0' is not a multiple of the page size {PAGE_SIZE} '2Mi'")]


def test_reserved_overhead_through_the_chain() -> None:
    verdict = admit_bundle([_vm({"memory": {"guest": "1Gi", "reservedOverhead": {"addedOverhead": "1Mi"}}})])[0]
    assert verdict is not None
    assert _pairs(verdict.causes) == [RESERVED]
    gated = admit_bundle([_vm({"memory": {"guest": "1Gi", "reservedOverhead": {"addedOverhead": "1Mi"}}})],
                         cluster_config=ClusterConfig(feature_gates=("ReservedOverheadMemlock",)))[0]
    assert gated is not None and gated.allowed


def test_v1_7_names_the_page_size_hugepages_size() -> None:
    """Before PR #15979 (v1.8) the messages named `domain.hugepages.size` (golden
    instancetype-fields/overcommit-and-hugepages-from-revision)."""
    spec = _spec({"memory": "1932735232"}, {}, {"guest": "2Gi", "hugepages": {"pageSize": "2Mi"}})
    [cause] = validate_hugepages_memory_requests(F, spec, ClusterConfig(kubevirt_version=kubevirt_version("v1.7")))
    assert cause.message == f"{REQUEST} '1932735232' is not a multiple of the page size {F}.domain.hugepages.size '2Mi'"
