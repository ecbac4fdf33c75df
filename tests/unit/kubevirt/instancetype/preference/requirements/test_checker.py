"""Tests for krmfn.kubevirt.instancetype.preference.requirements (KubeVirt checker.go;
docs/kubevirt/requirements.md#where-requirements-are-checked, docs/kubevirt/messages.md#message-catalogue)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.requirements import (
    RequirementFailure,
    check_requirements,
    find_requirement_failure,
)

_DEFAULTED_VM = {"architecture": "amd64", "domain": {"cpu": {"sockets": 1, "cores": 1, "threads": 1}, "memory": {}}}


@pytest.mark.parametrize(
    "pf_spec",
    [None, {}, {"requirements": None}, {"requirements": {}}, {"preferredArchitecture": "arm64"}],
    ids=["no preference", "empty preference", "null requirements", "empty requirements", "no requirements"],
)
def test_nothing_to_check(pf_spec: dict | None) -> None:
    assert check_requirements(None, pf_spec, {}) is None
    assert find_requirement_failure(None, pf_spec, {}) is None


def test_instance_type_cpu_message_e49() -> None:
    message = check_requirements({"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}},
                                 {"requirements": {"cpu": {"guest": 2}}}, _DEFAULTED_VM)
    assert message == (
        "failure checking preference requirements: insufficient CPU resources of 1 vCPU provided by "
        "instance type, preference requires 2 vCPU"
    )


def test_vm_only_default_sockets_e50() -> None:
    failure = find_requirement_failure(None, {"requirements": {"cpu": {"guest": 2}}}, _DEFAULTED_VM)
    assert failure == RequirementFailure(
        ("spec.template.spec.domain.cpu.sockets",),
        "insufficient CPU resources of 1 vCPU provided by VirtualMachine, "
        "preference requires 2 vCPU provided as sockets",
    )
    assert failure.field == "spec.template.spec.domain.cpu.sockets"
    assert failure.message == (
        "failure checking preference requirements: insufficient CPU resources of 1 vCPU provided by "
        "VirtualMachine, preference requires 2 vCPU provided as sockets"
    )


def test_requirement_of_one_passes_thanks_to_defaults_e50() -> None:
    assert check_requirements(None, {"requirements": {"cpu": {"guest": 1}}}, _DEFAULTED_VM) is None


def test_any_reports_three_paths_e52() -> None:
    failure = find_requirement_failure(
        None, {"cpu": {"preferredCPUTopology": "any"}, "requirements": {"cpu": {"guest": 4}}},
        {"domain": {"cpu": {"sockets": 2, "cores": 1, "threads": 1}}},
    )
    assert failure is not None
    assert failure.field == (
        "spec.template.spec.domain.cpu.cores, spec.template.spec.domain.cpu.sockets, "
        "spec.template.spec.domain.cpu.threads"
    )


def test_architecture_e54() -> None:
    failure = find_requirement_failure(None, {"requirements": {"architecture": "arm64"}}, _DEFAULTED_VM)
    assert failure == RequirementFailure(
        ("spec.template.spec.architecture",),
        "preference requires architecture arm64 but amd64 is being requested",
    )
    assert failure.message == (
        "failure checking preference requirements: preference requires architecture arm64 but amd64 is being requested"
    )


def test_architecture_met_after_preferred_architecture_e54() -> None:
    pf = {"preferredArchitecture": "arm64", "requirements": {"architecture": "arm64"}}
    assert check_requirements(None, pf, {"architecture": "arm64"}) is None


def test_cpu_is_checked_before_memory() -> None:
    pf = {"requirements": {"cpu": {"guest": 4}, "memory": {"guest": "8Gi"}}}
    message = check_requirements({"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}, pf, {})
    assert message == (
        "failure checking preference requirements: insufficient CPU resources of 2 vCPU provided by "
        "instance type, preference requires 4 vCPU"
    )


def test_memory_is_checked_before_architecture() -> None:
    pf = {"requirements": {"memory": {"guest": "8Gi"}, "architecture": "arm64"}}
    failure = find_requirement_failure({"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}, pf,
                                       {"architecture": "amd64", "domain": {"memory": {"guest": "2Gi"}}})
    assert failure == RequirementFailure(
        ("spec.instancetype",),
        "insufficient Memory resources of 2Gi provided by instance type, preference requires 8Gi",
    )


def test_all_satisfied() -> None:
    pf = {"requirements": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}, "architecture": "amd64"}}
    t = {"architecture": "amd64",
         "domain": {"cpu": {"sockets": 2, "cores": 1, "threads": 1}, "memory": {"guest": "2Gi"}}}
    assert check_requirements({"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}}, pf, t) is None


def test_memory_without_instance_type_e53() -> None:
    message = check_requirements(None, {"requirements": {"memory": {"guest": "2Gi"}}}, _DEFAULTED_VM)
    assert message == (
        "failure checking preference requirements: insufficient Memory resources of 0 provided by "
        "VirtualMachine, preference requires 2Gi"
    )


def test_empty_architecture_requirement_is_checked() -> None:
    failure = find_requirement_failure(None, {"requirements": {"architecture": ""}}, {"architecture": "amd64"})
    assert failure == RequirementFailure(
        ("spec.template.spec.architecture",), "preference requires architecture  but amd64 is being requested"
    )


def test_failure_without_paths_has_an_empty_field() -> None:
    assert RequirementFailure((), "x").field == ""
