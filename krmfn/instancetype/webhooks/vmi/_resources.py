"""Go-struct access to the quantities of a VMI spec, for the memory, CPU and live-update checks.

Mirrors ``k8s.io/api/core/v1`` ``ResourceList.Memory()`` / ``ResourceList.Cpu()`` (an absent entry is
the zero quantity, printed ``0``) and the ``*resource.Quantity`` fields of ``v1.Memory`` (``guest``,
``maxGuest``: absent or null is Go's nil). A value the schema stage would have rejected (not a
quantity) reads as Go's zero value: the zero quantity, or nil for a pointer field.
"""
from __future__ import annotations

from krmfn.instancetype import quantity
from krmfn.instancetype.quantity import Quantity
from krmfn.instancetype.webhooks.vmi._access import as_dict, domain

REQUESTS = "requests"
LIMITS = "limits"
MEMORY = "memory"
CPU = "cpu"


def resource(spec: dict, section: str, name: str) -> Quantity:
    """``spec.Domain.Resources.<section>.<Name>()``: the entry, or the zero quantity."""
    values = as_dict(as_dict(domain(spec).get("resources")).get(section))
    parsed = quantity.parse(values[name]) if values.get(name) is not None else None
    return parsed if isinstance(parsed, Quantity) else quantity.zero()


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
    memory = domain(spec).get("memory")
    return memory if isinstance(memory, dict) else None


def cpu_spec(spec: dict) -> dict | None:
    """``spec.Domain.CPU``: None for nil."""
    cpu = domain(spec).get("cpu")
    return cpu if isinstance(cpu, dict) else None


def guest_memory(spec: dict) -> Quantity | None:
    """``spec.Domain.Memory.Guest``: None when ``Memory`` or ``Guest`` is nil."""
    return optional_quantity(as_dict(memory_spec(spec)).get("guest"))


def has_guest_mapping_passthrough(cpu: dict) -> bool:
    """``CPU.NUMA != nil && CPU.NUMA.GuestMappingPassthrough != nil``."""
    numa = cpu.get("numa")
    return isinstance(numa, dict) and numa.get("guestMappingPassthrough") is not None
