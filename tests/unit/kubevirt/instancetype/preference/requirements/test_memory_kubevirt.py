"""Cases of KubeVirt's `pkg/instancetype/preference/requirements/memory_test.go` (d923fdb8), ported:
the "Preferences - Requirement - Memory" tables, run through the requirements checker (`Check`,
here `find_requirement_failure`), whose conflicts and error are krmfn's `RequirementFailure` paths
and error. A nil VMI spec is `{}` (the memory check reads nothing else of it); the VMI's
`resource.NewQuantity(1024*1024*1024, resource.BinarySI)` is the quantity it serializes to, "1Gi".

Not ported: none.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.requirements import RequirementFailure, find_requirement_failure

_INSTANCETYPE = "spec.instancetype"
_MEMORY = "spec.template.spec.domain.memory"


def _requires(guest: str) -> dict:
    return {"requirements": {"memory": {"guest": guest}}}


def _vm_memory(memory: dict | None) -> dict:
    domain: dict = {} if memory is None else {"memory": memory}
    return {"domain": domain}


@pytest.mark.parametrize(
    ("it_spec", "pf_spec", "template_spec"),
    [
        pytest.param({"memory": {"guest": "1Gi"}}, _requires("1Gi"), {},
                     id="should pass by an instance type for Memory"),
        pytest.param(None, _requires("1Gi"), _vm_memory({"guest": "1Gi"}),
                     id="should pass by a VM for Memory"),
    ],
)
def test_should_pass_when_sufficient_resources_are_provided(
    it_spec: dict | None, pf_spec: dict, template_spec: dict
) -> None:
    assert find_requirement_failure(it_spec, pf_spec, template_spec) is None


@pytest.mark.parametrize(
    ("it_spec", "pf_spec", "template_spec", "expected"),
    [
        pytest.param(
            {"memory": {"guest": "1Gi"}}, _requires("2Gi"), {},
            RequirementFailure(
                (_INSTANCETYPE,),
                "insufficient Memory resources of 1Gi provided by instance type, preference requires 2Gi",
            ),
            id="should be rejected by an instance type for Memory",
        ),
        pytest.param(
            None, _requires("2Gi"), _vm_memory({"guest": "1Gi"}),
            RequirementFailure(
                (_MEMORY,),
                "insufficient Memory resources of 1Gi provided by VirtualMachine, preference requires 2Gi",
            ),
            id="should be rejected by a VM for Memory",
        ),
        pytest.param(
            None, _requires("2Gi"), _vm_memory(None),
            RequirementFailure(
                (_MEMORY,),
                "insufficient Memory resources of 0 provided by VirtualMachine, preference requires 2Gi",
            ),
            id="should be rejected by a VM without Memory - bug #14551",
        ),
        pytest.param(
            None, _requires("2Gi"), _vm_memory({}),
            RequirementFailure(
                (_MEMORY,),
                "insufficient Memory resources of 0 provided by VirtualMachine, preference requires 2Gi",
            ),
            id="should be rejected by a VM with Memory but without a Guest value provided - bug #14551",
        ),
    ],
)
def test_should_be_rejected_when_insufficient_resources_are_provided(
    it_spec: dict | None, pf_spec: dict, template_spec: dict, expected: RequirementFailure
) -> None:
    assert find_requirement_failure(it_spec, pf_spec, template_spec) == expected
