"""Go-struct access to the quantities of a VMI spec, for the memory, CPU and live-update checks.

Mirrors ``k8s.io/api/core/v1`` ``ResourceList.Memory()`` / ``ResourceList.Cpu()`` (an absent entry is
the zero quantity, printed ``0``) and the ``*resource.Quantity`` fields of ``v1.Memory`` (``guest``,
``maxGuest``: absent or null is Go's nil). A value the schema stage would have rejected (not a
quantity) reads as Go's zero value: the zero quantity, or nil for a pointer field.

These run for every VM, so each reads its path with plain ``dict.get`` calls and returns as soon as
a part is absent; quantity strings are parsed through ``quantity.parse``'s cache.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.apimachinery.quantity import Quantity

REQUESTS = "requests"
LIMITS = "limits"
MEMORY = "memory"
CPU = "cpu"

# The Go zero ``Quantity{}`` (immutable, so one instance serves every absent entry).
ZERO = quantity.zero()


def domain_field(spec: dict, key: str) -> object:
    """``spec.Domain.<key>`` as stored: None when it, or ``domain``, is absent (or ``domain`` is not
    an object)."""
    domain = spec.get("domain")
    return domain.get(key) if isinstance(domain, dict) else None


def resource(spec: dict, section: str, name: str) -> Quantity:
    """``spec.Domain.Resources.<section>.<Name>()``: the entry, or the zero quantity."""
    resources = domain_field(spec, "resources")
    if not isinstance(resources, dict):
        return ZERO
    values = resources.get(section)
    if not isinstance(values, dict):
        return ZERO
    value = values.get(name)
    if value is None:
        return ZERO
    parsed = quantity.parse(value)
    return parsed if isinstance(parsed, Quantity) else ZERO


def memory_request(spec: dict) -> Quantity:
    return resource(spec, REQUESTS, MEMORY)


def memory_limit(spec: dict) -> Quantity:
    return resource(spec, LIMITS, MEMORY)


def cpu_request(spec: dict) -> Quantity:
    return resource(spec, REQUESTS, CPU)


def cpu_limit(spec: dict) -> Quantity:
    return resource(spec, LIMITS, CPU)


def optional_quantity(value: object) -> Quantity | None:
    """A ``*resource.Quantity`` field: None for nil (absent or null)."""
    if value is None:
        return None
    parsed = quantity.parse(value)
    return parsed if isinstance(parsed, Quantity) else None


def memory_spec(spec: dict) -> dict | None:
    """``spec.Domain.Memory``: None for nil."""
    memory = domain_field(spec, "memory")
    return memory if isinstance(memory, dict) else None


def cpu_spec(spec: dict) -> dict | None:
    """``spec.Domain.CPU``: None for nil."""
    cpu = domain_field(spec, "cpu")
    return cpu if isinstance(cpu, dict) else None


def guest_memory(spec: dict) -> Quantity | None:
    """``spec.Domain.Memory.Guest``: None when ``Memory`` or ``Guest`` is nil."""
    memory = memory_spec(spec)
    return None if memory is None else optional_quantity(memory.get("guest"))


def has_guest_mapping_passthrough(cpu: dict) -> bool:
    """``CPU.NUMA != nil && CPU.NUMA.GuestMappingPassthrough != nil``."""
    numa = cpu.get("numa")
    return isinstance(numa, dict) and numa.get("guestMappingPassthrough") is not None
