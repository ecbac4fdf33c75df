"""Memory requirement (docs/kubevirt/requirements.md#memory).

Mirrors `checkMemory` in KubeVirt's pkg/instancetype/preference/requirements/memory.go. A v1beta2
instance type (krmfn's own) without `memory.guest` leaves the memory to the VM, which is then
checked as a VM without an instance type is.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.bundle import V1BETA1, V1BETA2
from krmfn.kubevirt.apimachinery.gozero import ptr_set
from krmfn.kubevirt.instancetype.preference.requirements.failure import RequirementFailure

INSTANCETYPE_PATH = "spec.instancetype"
MEMORY_PATH = "spec.template.spec.domain.memory"
INSUFFICIENT_INSTANCETYPE_MEMORY_FMT = (
    "insufficient Memory resources of {provided} provided by instance type, preference requires {required}"
)
INSUFFICIENT_VM_MEMORY_FMT = (
    "insufficient Memory resources of {provided} provided by VirtualMachine, preference requires {required}"
)


def check_memory(it_spec: dict | None, pf_spec: dict, template_spec: dict,
                 it_version: str = V1BETA1) -> RequirementFailure | None:
    """Check `PF.requirements.memory.guest` against the memory the VM gets.

    The provided memory is T.domain.memory.guest when set, else the instance type's guest, else 0
    (bug #14551). The instance type, when present, still decides the message and the path, even
    when T's guest is what was compared (after application the two are equal).
    """
    required = _quantity_or_zero(_dict(_dict(pf_spec.get("requirements")).get("memory")).get("guest"))
    provided = quantity.must_parse("0Mi")  # KubeVirt's MustParse("0Mi"), printed as "0"
    error_fmt, path = INSUFFICIENT_VM_MEMORY_FMT, MEMORY_PATH
    if it_version == V1BETA2 and it_spec is not None and not ptr_set(_dict(it_spec.get("memory")).get("guest")):
        it_spec = None  # the VM supplies the memory
    if it_spec is not None:
        provided = _quantity_or_zero(_dict(it_spec.get("memory")).get("guest"))
        error_fmt, path = INSUFFICIENT_INSTANCETYPE_MEMORY_FMT, INSTANCETYPE_PATH
    vm_guest = _dict(_dict(template_spec.get("domain")).get("memory")).get("guest")
    if ptr_set(vm_guest):
        provided = _quantity_or_zero(vm_guest)
    if quantity.compare(provided, required) >= 0:
        return None
    return RequirementFailure(
        (path,), error_fmt.format(provided=provided.canonical(), required=required.canonical())
    )


def _quantity_or_zero(value: object) -> quantity.Quantity:
    """A Go non-pointer Quantity: absent is zero. An unparsable value is also taken as zero; Go
    would have refused to decode the object before any requirement was checked."""
    if value is None:
        return quantity.zero()
    parsed = quantity.parse(value)
    return parsed if isinstance(parsed, quantity.Quantity) else quantity.zero()


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}
