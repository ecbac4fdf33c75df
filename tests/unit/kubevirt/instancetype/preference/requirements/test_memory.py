"""Tests for krmfn.kubevirt.instancetype.preference.requirements.memory (KubeVirt memory.go;
docs/kubevirt/requirements.md#memory)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.requirements.failure import RequirementFailure
from krmfn.kubevirt.instancetype.preference.requirements.memory import check_memory

_MEMORY = "spec.template.spec.domain.memory"


def _pf(guest: object) -> dict:
    return {"requirements": {"memory": {"guest": guest}}}


def _vm(guest: object | None = None) -> dict:
    return {"domain": {"memory": {} if guest is None else {"guest": guest}}}


@pytest.mark.parametrize(
    ("it_spec", "pf_spec", "template_spec"),
    [
        pytest.param({"memory": {"guest": "2Gi"}}, _pf("2Gi"), {}, id="by an instance type for Memory"),
        pytest.param({"memory": {"guest": "4Gi"}}, _pf("2Gi"), _vm("4Gi"), id="after the instance type was applied"),
        pytest.param(None, _pf("2Gi"), _vm("2Gi"), id="by a VM for Memory"),
        pytest.param(None, _pf("2Gi"), _vm("2048Mi"), id="equal values in other spellings"),
        pytest.param(None, _pf("1G"), _vm("1Gi"), id="1Gi is more than 1G"),
        pytest.param(None, _pf("0"), {}, id="a zero requirement always passes"),
        pytest.param(None, {"requirements": {"memory": {}}}, {}, id="a missing requirement guest is zero"),
    ],
)
def test_should_pass_when_sufficient_resources_are_provided(
    it_spec: dict | None, pf_spec: dict, template_spec: dict
) -> None:
    assert check_memory(it_spec, pf_spec, template_spec) is None


@pytest.mark.parametrize(
    ("it_spec", "pf_spec", "template_spec", "path", "error"),
    [
        pytest.param(
            {"memory": {"guest": "1Gi"}}, _pf("2Gi"), {}, "spec.instancetype",
            "insufficient Memory resources of 1Gi provided by instance type, preference requires 2Gi",
            id="by an instance type for Memory e53",
        ),
        pytest.param(
            {"memory": {"guest": "1Gi"}}, _pf("1.5Gi"), _vm("1Gi"), "spec.instancetype",
            "insufficient Memory resources of 1Gi provided by instance type, preference requires 1536Mi",
            id="the requirement prints canonically e53",
        ),
        pytest.param(
            {"memory": {"guest": "2G"}}, _pf("2Gi"), _vm("2G"), "spec.instancetype",
            "insufficient Memory resources of 2G provided by instance type, preference requires 2Gi",
            id="decimal vs binary",
        ),
        pytest.param(
            None, _pf("2Gi"), _vm("1Gi"), _MEMORY,
            "insufficient Memory resources of 1Gi provided by VirtualMachine, preference requires 2Gi",
            id="by a VM for Memory",
        ),
        pytest.param(
            None, _pf("2Gi"), {"domain": {}}, _MEMORY,
            "insufficient Memory resources of 0 provided by VirtualMachine, preference requires 2Gi",
            id="by a VM without Memory - bug #14551",
        ),
        pytest.param(
            None, _pf("2Gi"), _vm(), _MEMORY,
            "insufficient Memory resources of 0 provided by VirtualMachine, preference requires 2Gi",
            id="by a VM with Memory but without a Guest value provided - bug #14551",
        ),
        pytest.param(
            None, _pf("2Gi"), _vm(1073741824), _MEMORY,
            "insufficient Memory resources of 1073741824 provided by VirtualMachine, preference requires 2Gi",
            id="a YAML integer guest is a DecimalSI quantity",
        ),
        pytest.param(
            {"memory": {"guest": "4Gi"}}, _pf("2Gi"), _vm("1Gi"), "spec.instancetype",
            "insufficient Memory resources of 1Gi provided by instance type, preference requires 2Gi",
            id="the VM guest wins over the instance type guest but not over its message",
        ),
        pytest.param(
            {}, _pf("1Mi"), {}, "spec.instancetype",
            "insufficient Memory resources of 0 provided by instance type, preference requires 1Mi",
            id="an instance type without memory provides 0",
        ),
    ],
)
def test_should_be_rejected_when_insufficient_resources_are_provided(
    it_spec: dict | None, pf_spec: dict, template_spec: dict, path: str, error: str
) -> None:
    assert check_memory(it_spec, pf_spec, template_spec) == RequirementFailure((path,), error)
