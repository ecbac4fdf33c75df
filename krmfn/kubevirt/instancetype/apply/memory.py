"""Instance type ``memory`` (docs/kubevirt/instancetype-apply.md#field-table, #memory,
docs/kubevirt/quantities.md#canonical-form).

Mirrors ``applyMemory`` and ``validateMemory`` of ``pkg/instancetype/apply/memory.go``. A v1beta2
instance type without ``memory.guest`` (krmfn's own, ``krmfn.kubevirt.instancetype.v1beta2``) leaves the
guest memory to the VM's ``domain.memory.guest``.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.bundle import V1BETA1, V1BETA2
from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import child, clone, ptr_set

INVALID_QUANTITY_FMT = "invalid value %r for instance type %s: %s"
INVALID_VM_QUANTITY_FMT = "invalid value %r for spec.template.spec.domain.memory.guest: %s"
INVALID_PERCENT_FMT = "invalid value %r for instance type spec.memory.overcommitPercent: must be an integer"


def apply_memory(base: Conflict, it_spec: dict, template_spec: dict, version: str = V1BETA1) -> list[Conflict]:
    """Apply ``IT.memory`` to ``T.domain.memory`` (and the overcommit request).

    ``domain.memory`` is created first. Only the first memory conflict is reported
    (docs/kubevirt/instancetype-apply.md#example-cpu-and-memory-conflicts-together). Otherwise guest := IT guest as
    KubeVirt serialises it (``2048Mi`` -> ``2Gi``, ``01Gi`` kept); with ``overcommitPercent > 0``
    ``resources.requests.memory`` gets the float32 request in the guest's format; hugepages and maxGuest are copied
    when present.

    ``version`` ``v1beta2`` and no IT guest: the VM's ``domain.memory.guest`` is required, kept as
    written, and is the guest the overcommit request is computed from.
    """
    domain = child(template_spec, "domain")
    vm_memory = child(domain, "memory")
    it_memory = _it_memory(it_spec)
    guest_from_vm = version == V1BETA2 and not ptr_set(it_memory.get("guest"))
    conflicts = validate_memory(base, it_memory, domain, guest_from_vm)
    if conflicts:
        return conflicts
    values = _decode_it_memory(it_memory)
    if isinstance(values, Conflict):
        return [values]
    guest, overcommit_percent, max_guest = values
    if guest_from_vm:
        vm_guest = quantity.parse(vm_memory["guest"])
        if isinstance(vm_guest, quantity.QuantityError):
            return [Conflict.with_message(INVALID_VM_QUANTITY_FMT % (vm_memory["guest"], vm_guest.message),
                                          *base.child("domain", "memory", "guest").path)]
        guest = vm_guest
    else:
        vm_memory["guest"] = guest.canonical()
    if overcommit_percent > 0:
        requests = child(child(domain, "resources"), "requests")
        requests["memory"] = quantity.overcommit_request(guest, overcommit_percent).canonical()
    if ptr_set(it_memory.get("hugepages")):
        vm_memory["hugepages"] = clone(it_memory["hugepages"])
    if max_guest is not None:
        vm_memory["maxGuest"] = max_guest.canonical()
    return []


def validate_memory(base: Conflict, it_memory: dict, domain: dict, guest_from_vm: bool = False) -> list[Conflict]:
    """``validateMemory``: the first of guest, hugepages, maxGuest, requests.memory,
    limits.memory that conflicts, or nothing (docs/kubevirt/instancetype-apply.md#memory step 2). ``guest_from_vm`` (a
    v1beta2 instance type without guest): a missing VM guest takes the guest's place."""
    vm_memory = domain.get("memory")
    vm_memory = vm_memory if isinstance(vm_memory, dict) else {}
    if guest_from_vm:
        missing = v1beta2.memory_conflict(base, vm_memory)
        if missing is not None:
            return [missing]
    elif ptr_set(vm_memory.get("guest")):
        return [base.child("domain", "memory", "guest")]
    for name in ("hugepages", "maxGuest"):
        if ptr_set(vm_memory.get(name)) and ptr_set(it_memory.get(name)):
            return [base.child("domain", "memory", name)]
    for section in ("requests", "limits"):
        resources = domain.get("resources")
        entries = resources.get(section) if isinstance(resources, dict) else None
        if isinstance(entries, dict) and "memory" in entries:
            return [base.child("domain", "resources", section, "memory")]
    return []


def _decode_it_memory(it_memory: dict) -> tuple[quantity.Quantity, int, quantity.Quantity | None] | Conflict:
    """guest, overcommitPercent and maxGuest as Go decodes them; a Conflict with a message for a
    value Go could not decode (the API server would have rejected such an instance type)."""
    raw_guest = it_memory.get("guest")
    # A missing guest is Go's zero Quantity, which serialises as "0" (the CRD requires it).
    guest = quantity.zero() if raw_guest is None else quantity.parse(raw_guest)
    if isinstance(guest, quantity.QuantityError):
        return _invalid_quantity(raw_guest, "spec.memory.guest", guest)
    percent = _overcommit_percent(it_memory.get("overcommitPercent"))
    if percent is None:
        return Conflict.with_message(
            INVALID_PERCENT_FMT % (it_memory.get("overcommitPercent"),),
            "instancetype.spec.memory.overcommitPercent",
        )
    max_guest: quantity.Quantity | None = None
    raw_max_guest = it_memory.get("maxGuest")
    if ptr_set(raw_max_guest):
        parsed_max_guest = quantity.parse(raw_max_guest)
        if isinstance(parsed_max_guest, quantity.QuantityError):
            return _invalid_quantity(raw_max_guest, "spec.memory.maxGuest", parsed_max_guest)
        max_guest = parsed_max_guest
    return guest, percent, max_guest


def _overcommit_percent(value: object) -> int | None:
    """A Go ``int``: absent is 0; integral numbers only."""
    if value is None:
        return 0
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) else None


def _invalid_quantity(raw: object, field: str, error: quantity.QuantityError) -> Conflict:
    return Conflict.with_message(INVALID_QUANTITY_FMT % (raw, field, error.message), "instancetype." + field)


def _it_memory(it_spec: dict) -> dict:
    memory = it_spec.get("memory")
    return memory if isinstance(memory, dict) else {}
