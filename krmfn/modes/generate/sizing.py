"""The new size: its vCPUs and memory checked, and the source's spec resized to them.

A request with ``vcpus`` and ``memory`` is a ``ConcreteSize``: the source's spec with
``spec.cpu.guest`` / ``spec.memory.guest`` replaced (memory in canonical form, ``4096Mi`` →
``4Gi``; a v1beta2 ``cpu.topology`` gives way to the new vCPUs), within the class rules (the
class's smallest rung, hugepages, ``maxGuest``; ``maxSockets`` follows the vCPUs for cx1 and
wherever it equalled the source's guest).

A request without both asks for a ``CustomSize`` (seed 000): the source's spec without
``cpu.guest``, ``memory.guest`` and a ``cpu.maxSockets`` that followed the guest, for the VM to
supply (``instancetype.kubevirt.io/v1beta2``, see ``krmfn.kubevirt.instancetype.v1beta2``). The proposal
gives every class but u1 one, ``<class>.custom``; a source with nothing left but vCPUs and memory
(class u1, or any u1 size) is an error.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from krmfn.catalog.build import to_plain
from krmfn.modes.generate.findings import (
    CLASS_MINIMUM,
    CUSTOM_EMPTY,
    HUGEPAGES,
    MAX_GUEST,
    MAX_SOCKETS,
    MEMORY_INVALID,
    MEMORY_RANGE,
    VCPUS_INVALID,
    VCPUS_RANGE,
    error,
    warning,
)
from krmfn.modes.generate.requests import SizeRequest, field_path
from krmfn.modes.generate.source import Source
from krmfn.kubevirt.apimachinery.quantity import Quantity, QuantityError, must_parse, parse
from krmfn.model.findings import Finding

MAX_VCPUS = 2**32 - 1  # spec.cpu.guest is a uint32
_DIGITS = re.compile(r"[0-9]+\Z")


@dataclass(frozen=True)
class ConcreteSize:
    """A request with valid vCPUs and memory; ``path`` is the request's."""

    name: str
    vcpus: int
    memory: Quantity
    path: str


@dataclass(frozen=True)
class CustomSize:
    """A request without vCPUs and memory: the VM gives both (seed 000)."""

    name: str
    path: str


Size = ConcreteSize | CustomSize


def requested_size(request: SizeRequest, path: str, findings: list[Finding]) -> Size | None:
    """The request's size, or None with errors in ``findings`` when vcpus or memory is invalid."""
    if _is_missing(request.vcpus) and _is_missing(request.memory):
        return CustomSize(request.name, path)
    vcpus = _check_vcpus(request.vcpus, field_path(path, "vcpus"), findings)
    memory = _check_memory(request.memory, field_path(path, "memory"), findings)
    if vcpus is None or memory is None:
        return None
    return ConcreteSize(request.name, vcpus, memory, path)


def new_spec(source: Source, size: Size, findings: list[Finding]) -> dict[str, Any]:
    """The source's spec for the new size, with findings for the class rules it breaks."""
    if isinstance(size, CustomSize):
        return _custom_spec(source, size, findings)
    return _sized_spec(source, size, findings)


def size_text(size: Size) -> str:
    if isinstance(size, CustomSize):
        return "custom size: the VM gives the vCPUs and memory"
    return f"{vcpus_text(size.vcpus)}, {size.memory.canonical_form()}"


def vcpus_text(vcpus: int) -> str:
    return "1 vCPU" if vcpus == 1 else f"{vcpus} vCPUs"


# -- vcpus and memory ----------------------------------------------------------------------------


def _is_missing(value: Any) -> bool:
    return value is None or value == ""


def _check_vcpus(value: Any, path: str, findings: list[Finding]) -> int | None:
    vcpus = _as_int(value)
    if vcpus is None:
        shown = "missing (leave out memory too for a custom size)" if _is_missing(value) else f'"{value}"'
        findings.append(error(f"vcpus must be a whole number of vCPUs, got {shown}", path, VCPUS_INVALID))
        return None
    if not 1 <= vcpus <= MAX_VCPUS:
        findings.append(error(f"vcpus must be between 1 and {MAX_VCPUS}, got {vcpus}", path, VCPUS_RANGE))
        return None
    return vcpus


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _DIGITS.match(value.strip().lstrip("+-") or "x"):
        return int(value.strip())
    return None


def _check_memory(value: Any, path: str, findings: list[Finding]) -> Quantity | None:
    if _is_missing(value):
        findings.append(error("memory is missing: a quantity such as 4Gi (leave out vcpus too for a custom size)",
                              path, MEMORY_INVALID))
        return None
    memory = parse(value)
    if isinstance(memory, QuantityError):
        findings.append(error(f'memory "{value}" is not a quantity: {memory.message}', path, MEMORY_INVALID))
        return None
    if memory.sign() <= 0 or not memory.is_integer():
        findings.append(error(f'memory must be a positive whole number of bytes, got "{value}"', path, MEMORY_RANGE))
        return None
    return memory


# -- the new spec --------------------------------------------------------------------------------


def _sized_spec(source: Source, size: ConcreteSize, findings: list[Finding]) -> dict[str, Any]:
    spec = to_plain(_mapping(source.obj.get("spec")))
    cpu = spec["cpu"] = spec["cpu"] if isinstance(spec.get("cpu"), dict) else {}
    memory = spec["memory"] = spec["memory"] if isinstance(spec.get("memory"), dict) else {}
    _check_class_minimum(source, size, findings)
    _check_hugepages(memory, size, source, findings)
    _check_max_guest(memory, size, findings)
    _follow_max_sockets(cpu, size, source, findings)
    cpu.pop("topology", None)  # a v1beta2 source's topology gives way to the new vCPUs
    cpu["guest"] = size.vcpus
    memory["guest"] = size.memory.canonical_form()
    return spec


def _custom_spec(source: Source, size: CustomSize, findings: list[Finding]) -> dict[str, Any]:
    """The source's spec without guests (and a maxSockets that followed the guest, which is now
    the VM's); empty cpu and memory sections are left out."""
    spec = to_plain(_mapping(source.obj.get("spec")))
    cpu = spec["cpu"] if isinstance(spec.get("cpu"), dict) else {}
    memory = spec["memory"] if isinstance(spec.get("memory"), dict) else {}
    if "maxSockets" in cpu and (source.max_sockets_follows_guest or cpu["maxSockets"] == cpu.get("guest")):
        del cpu["maxSockets"]
    cpu.pop("guest", None)
    memory.pop("guest", None)
    for section, value in (("cpu", cpu), ("memory", memory)):
        if value:
            spec[section] = value
        else:
            spec.pop(section, None)
    if not spec:
        findings.append(error(f"a custom size of {source.description} would be empty: it gives nothing but vCPUs and "
                              "memory, which a custom size leaves to the VM (the proposal gives every class but u1 "
                              "one)", field_path(size.path, "from"), CUSTOM_EMPTY))
    return spec


def _check_class_minimum(source: Source, size: ConcreteSize, findings: list[Finding]) -> None:
    cls = source.cls
    if cls is None:
        return
    min_vcpus = min(rung.vcpus for rung in cls.sizes)
    min_memory = min((must_parse(rung.memory) for rung in cls.sizes), key=lambda q: q.as_fraction())
    smallest = f"{vcpus_text(min_vcpus)} and {min_memory.canonical_form()}"
    if size.vcpus < min_vcpus:
        findings.append(error(f"{vcpus_text(size.vcpus)} is below what class {cls.name} allows (its smallest size "
                              f"has {smallest})", field_path(size.path, "vcpus"), CLASS_MINIMUM))
    if size.memory.as_fraction() < min_memory.as_fraction():
        findings.append(error(f"memory {size.memory.canonical_form()} is below what class {cls.name} allows (its "
                              f"smallest size has {smallest})", field_path(size.path, "memory"), CLASS_MINIMUM))


def _check_hugepages(memory: Mapping[str, Any], size: ConcreteSize, source: Source, findings: list[Finding]) -> None:
    page_size = _mapping(memory.get("hugepages")).get("pageSize")
    if page_size is None:
        return
    page = parse(page_size)
    if isinstance(page, QuantityError) or page.sign() <= 0:
        findings.append(error(f'the source\'s spec.memory.hugepages.pageSize "{page_size}" is not a page size',
                              field_path(size.path, "from"), HUGEPAGES))
        return
    if size.memory.as_fraction() % page.as_fraction() != 0:
        pages = size.memory.as_fraction() / page.as_fraction()
        findings.append(error(
            f"memory {size.memory.canonical_form()} is not a whole number of {page.canonical_form()} hugepages "
            f"({_fraction_text(pages)} pages; spec.memory.hugepages.pageSize of {source.description})",
            field_path(size.path, "memory"), HUGEPAGES))


def _check_max_guest(memory: Mapping[str, Any], size: ConcreteSize, findings: list[Finding]) -> None:
    if "maxGuest" not in memory:
        return
    max_guest = parse(memory["maxGuest"])
    if isinstance(max_guest, Quantity) and max_guest.as_fraction() < size.memory.as_fraction():
        findings.append(error(f"memory {size.memory.canonical_form()} is above the source's spec.memory.maxGuest "
                              f"{max_guest.canonical_form()}", field_path(size.path, "memory"), MAX_GUEST))


def _follow_max_sockets(cpu: dict[str, Any], size: ConcreteSize, source: Source, findings: list[Finding]) -> None:
    if "maxSockets" not in cpu:
        return
    if source.max_sockets_follows_guest or cpu["maxSockets"] == cpu.get("guest"):
        # cx1: maxSockets = guest keeps KubeVirt from reserving hotplug sockets
        # (docs/kubevirt/resolution.md#instance-type-resolution).
        cpu["maxSockets"] = size.vcpus
    elif isinstance(cpu["maxSockets"], int) and cpu["maxSockets"] < size.vcpus:
        findings.append(warning(f"the source's spec.cpu.maxSockets {cpu['maxSockets']} is kept but is below "
                                f"{vcpus_text(size.vcpus)}: a VM whose topology uses more sockets is rejected",
                                field_path(size.path, "vcpus"), MAX_SOCKETS))


# -- small helpers -------------------------------------------------------------------------------


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0").rstrip(".")


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}
