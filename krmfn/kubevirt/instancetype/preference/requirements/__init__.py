"""Preference requirements (docs/kubevirt/requirements.md#preference-requirements), mirroring KubeVirt's
pkg/instancetype/preference/requirements/checker.go.

KubeVirt checks requirements only in the VM validating webhook, on a copy of the VM after the
instance type and preference were applied and the VMI spec defaults set
(docs/kubevirt/requirements.md#where-requirements-are-checked); the caller passes that T. The checks run CPU -> memory
-> architecture and stop at the first failure.

With a v1beta2 instance type (krmfn's optional guest) the CPU and memory requirements are checked
against whichever side supplies them: the instance type when it sets them, else the VM.
"""
from __future__ import annotations

from krmfn.kubevirt.bundle import V1BETA1
from krmfn.kubevirt.apimachinery.gozero import ptr_set
from krmfn.kubevirt.instancetype.preference.requirements.architecture import check_architecture
from krmfn.kubevirt.instancetype.preference.requirements.cpu import check_cpu
from krmfn.kubevirt.instancetype.preference.requirements.failure import MESSAGE_PREFIX, RequirementFailure
from krmfn.kubevirt.instancetype.preference.requirements.memory import check_memory

__all__ = ["MESSAGE_PREFIX", "RequirementFailure", "check_requirements", "find_requirement_failure"]


def check_requirements(it_spec: dict | None, pf_spec: dict | None, template_spec: dict) -> str | None:
    """KubeVirt's message for the first unmet requirement, or None when all are met.

    Example: "failure checking preference requirements: insufficient CPU resources of 1 vCPU
    provided by instance type, preference requires 2 vCPU". Use `find_requirement_failure` to also
    get the cause's field.
    """
    failure = find_requirement_failure(it_spec, pf_spec, template_spec)
    return failure.message if failure is not None else None


def find_requirement_failure(
    it_spec: dict | None, pf_spec: dict | None, template_spec: dict, it_version: str = V1BETA1
) -> RequirementFailure | None:
    """The first unmet requirement (paths and inner error), or None when all are met.

    it_spec None means "no instance type": the CPU and memory requirements then look at T.
    it_version is the instance type's rules version (``v1beta2``: optional guests).
    """
    if not isinstance(pf_spec, dict):
        return None
    requirements = pf_spec.get("requirements")
    if not isinstance(requirements, dict):
        return None
    if ptr_set(requirements.get("cpu")):
        failure = check_cpu(it_spec, pf_spec, template_spec, it_version)
        if failure is not None:
            return failure
    if ptr_set(requirements.get("memory")):
        failure = check_memory(it_spec, pf_spec, template_spec, it_version)
        if failure is not None:
            return failure
    architecture = requirements.get("architecture")
    if ptr_set(architecture):
        return check_architecture(str(architecture), template_spec)
    return None
