"""The new size: its vCPUs and memory checked, and the source's spec resized to them.

A copy keeps what it is not told to change. A request's ``vcpus`` and ``memory`` replace the
source's ``spec.cpu.guest`` / ``spec.memory.guest``; what it leaves out is kept from the source,
as the source spells it (``ConcreteSize``, ``kept`` naming them). The result is the source's spec
with both guests set (given memory in canonical form, ``4096Mi`` → ``4Gi``; a v1beta2
``cpu.topology`` gives way to given vCPUs), within the class rules (the class's smallest rung, hugepages, ``maxGuest``;
``maxSockets`` follows the vCPUs for cx1 and wherever it equalled the source's guest). A source
with nothing to keep for a value left out (a catalog class, which has no size of its own; a
custom size; a v1beta2 ``cpu.topology``, which a v1beta1 copy cannot carry) is the error
``generate-size-missing``, never a copy that drops or invents it; a v1beta2 source copied with
neither value stays as it is (``KeptSize``).

``custom: true`` asks for a ``CustomSize`` (seed 000): the source's spec without ``cpu.guest``,
``memory.guest`` and a ``cpu.maxSockets`` that followed the guest, for the VM to supply
(``instancetype.kubevirt.io/v1beta2``, see ``krmfn.kubevirt.instancetype.v1beta2``); it takes no
``vcpus`` or ``memory``. The proposal gives every class but u1 one, ``<class>.custom``; a custom
size with nothing left once its patches and sets are applied (class u1, or any u1 size, without
changes) is an error (``custom_is_empty``, judged by the engine on the finished copy).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from krmfn.catalog.build import to_plain
from krmfn.model.record import record
from krmfn.modes.generate.findings import (
    CLASS_MINIMUM,
    CUSTOM_EMPTY,
    CUSTOM_INVALID,
    CUSTOM_SIZE,
    HUGEPAGES,
    MAX_GUEST,
    MAX_SOCKETS,
    MEMORY_INVALID,
    MEMORY_RANGE,
    SIZE_MISSING,
    VCPUS_INVALID,
    VCPUS_RANGE,
    error,
    warning,
)
from krmfn.modes.generate.requests import SizeRequest, field_path
from krmfn.modes.generate.source import Source
from krmfn.kubevirt.apimachinery.quantity import Quantity, QuantityError, must_parse, parse
from krmfn.kubevirt.bundle import V1BETA2
from krmfn.model.findings import Finding
from krmfn.model.kinds import INSTANCETYPE_GROUP, split_api_version
from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

MAX_VCPUS = 2**32 - 1  # spec.cpu.guest is a uint32
_DIGITS = LazyPattern(r"[0-9]+\Z")


@record(frozen=True)
class ConcreteSize:
    """A request with valid vCPUs and memory; ``path`` is the request's; ``kept`` names the values
    (``vcpus``, ``memory``) the request left out and the source gave."""

    name: str
    vcpus: int
    memory: Quantity
    path: str
    kept: tuple[str, ...] = ()


@record(frozen=True)
class CustomSize:
    """``custom: true``: the VM gives the vCPUs and memory (seed 000)."""

    name: str
    path: str


@record(frozen=True)
class KeptSize:
    """A v1beta2 source copied without vcpus and memory: its sizing (a custom size's none, a
    ``cpu.topology``) kept as it is, and the copy stays v1beta2."""

    name: str
    path: str


Size = ConcreteSize | CustomSize | KeptSize
SIZE_KEYS = ("vcpus", "memory")
_GUEST_FIELDS = {"vcpus": "spec.cpu.guest", "memory": "spec.memory.guest"}


def requested_size(request: SizeRequest, path: str, source: Source | None, findings: list[Finding]) -> Size | None:
    """The request's size, or None with errors in ``findings`` (invalid vcpus, memory or custom; a
    value left out that ``source`` has none of; vcpus or memory with custom). ``source`` None
    (``from`` did not resolve): only the request's own fields are checked."""
    custom = _check_custom(request.custom, field_path(path, "custom"), findings)
    given = [key for key in SIZE_KEYS if not _is_missing(getattr(request, key))]
    if custom is None:
        return None
    if custom:
        for key in given:
            what = "these vCPUs" if key == "vcpus" else "this memory"
            findings.append(error(f"{key} cannot be given with custom: a custom size leaves the vCPUs and memory to "
                                  f"the VM (leave out {key}, or leave out custom for a copy with {what})",
                                  field_path(path, key), CUSTOM_SIZE))
        return None if given else CustomSize(request.name, path)
    vcpus = _check_vcpus(request.vcpus, field_path(path, "vcpus"), findings) if "vcpus" in given else None
    memory = _check_memory(request.memory, field_path(path, "memory"), findings) if "memory" in given else None
    if source is None or len(given) == len(SIZE_KEYS):
        if vcpus is None or memory is None:
            return None
        return ConcreteSize(request.name, vcpus, memory, path)
    if not given and is_v1beta2(source) and not all(_guest(source, key) is not None for key in SIZE_KEYS):
        return KeptSize(request.name, path)
    kept = tuple(key for key in SIZE_KEYS if key not in given)
    if not _check_kept(source, kept, path, findings):
        return None
    if "vcpus" in kept:
        vcpus = _kept_vcpus(source)
    if "memory" in kept:
        memory = _kept_memory(source)
    if vcpus is None or memory is None:
        return None
    return ConcreteSize(request.name, vcpus, memory, path, kept)


def is_v1beta2(source: Source) -> bool:
    """Whether the source is an ``instancetype.kubevirt.io/v1beta2`` object (krmfn's optional guests)."""
    api_version = source.obj.get("apiVersion")
    return isinstance(api_version, str) and split_api_version(api_version) == (INSTANCETYPE_GROUP, V1BETA2)


def new_spec(source: Source, size: Size, findings: list[Finding]) -> dict[str, Any]:
    """The source's spec for the new size, with findings for the class rules it breaks."""
    if isinstance(size, CustomSize):
        return _custom_spec(source)
    if isinstance(size, KeptSize):
        return to_plain(_mapping(source.obj.get("spec")))
    return _sized_spec(source, size, findings)


def custom_is_empty(source: Source, size: CustomSize, spec: dict[str, Any], findings: list[Finding]) -> bool:
    """Whether the finished custom size (patches and sets applied) has nothing to give; the error
    in ``findings`` when so."""
    if not _is_empty(spec):
        return False
    findings.append(error(f"a custom size of {source.description} would be empty: it gives nothing but vCPUs and "
                          "memory, which a custom size leaves to the VM, and no patch or set adds anything (the "
                          "proposal gives every class but u1 one)", field_path(size.path, "from"), CUSTOM_EMPTY))
    return True


def size_text(size: Size) -> str:
    if isinstance(size, CustomSize):
        return "custom size: the VM gives the vCPUs and memory"
    if isinstance(size, KeptSize):
        return "the source's v1beta2 sizing"
    if len(size.kept) == len(SIZE_KEYS):
        return f"the source's {vcpus_text(size.vcpus)} and {size.memory.canonical_form()}"
    vcpus = ("the source's " if "vcpus" in size.kept else "") + vcpus_text(size.vcpus)
    memory = ("the source's " if "memory" in size.kept else "") + size.memory.canonical_form()
    return f"{vcpus}, {memory}"


def vcpus_text(vcpus: int) -> str:
    return "1 vCPU" if vcpus == 1 else f"{vcpus} vCPUs"


# -- vcpus and memory ----------------------------------------------------------------------------


def _is_missing(value: Any) -> bool:
    return value is None or value == ""


def _check_custom(value: Any, path: str, findings: list[Finding]) -> bool | None:
    """``custom`` as a boolean (``"true"``/``"false"`` too); None, with an error, for anything else."""
    if value is None or value == "" or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    findings.append(error(f'custom must be true or false, got "{value}"', path, CUSTOM_INVALID))
    return None


def _check_vcpus(value: Any, path: str, findings: list[Finding]) -> int | None:
    vcpus = _as_int(value)
    if vcpus is None:
        findings.append(error(f'vcpus must be a whole number of vCPUs, got "{value}"', path, VCPUS_INVALID))
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
    memory = parse(value)
    if isinstance(memory, QuantityError):
        findings.append(error(f'memory "{value}" is not a quantity: {memory.message}', path, MEMORY_INVALID))
        return None
    if memory.sign() <= 0 or not memory.is_integer():
        findings.append(error(f'memory must be a positive whole number of bytes, got "{value}"', path, MEMORY_RANGE))
        return None
    return memory


# -- what the source keeps ----------------------------------------------------------------------


def _guest(source: Source, key: str) -> Any:
    """The source's ``spec.cpu.guest`` (``vcpus``) or ``spec.memory.guest`` (``memory``), or None."""
    section = _mapping(_mapping(source.obj.get("spec")).get("cpu" if key == "vcpus" else "memory"))
    value = section.get("guest")
    return None if _is_missing(value) else value


def _check_kept(source: Source, kept: tuple[str, ...], path: str, findings: list[Finding]) -> bool:
    """Whether the source has a valid value for each of ``kept``; an error naming what would be
    dropped or invented otherwise."""
    if source.is_class:
        where = field_path(path, kept[0]) if len(kept) == 1 else field_path(path, "from")
        example = f" ({source.cls.name}.{source.cls.sizes[0].size})" if source.cls is not None else ""
        findings.append(error(f"{' and '.join(kept)} left out, but from names {source.description}, which has no "
                              f"vCPUs and memory of its own to keep: give vcpus and memory, name one of its "
                              f"sizes{example}, or set custom for the class's custom size", where, SIZE_MISSING))
        return False
    ok = True
    for key in kept:
        value = _guest(source, key)
        where = field_path(path, key)
        if value is None:
            topology = key == "vcpus" and "topology" in _mapping(_mapping(source.obj.get("spec")).get("cpu"))
            what = ("gives its vCPUs as spec.cpu.topology (v1beta2), which a v1beta1 copy cannot keep" if topology
                    else f"has no {_GUEST_FIELDS[key]} to keep (the VM gives it)")
            advice = f"give {key}" + ("" if len(kept) == len(SIZE_KEYS) else
                                      f", or leave out {SIZE_KEYS[1 - SIZE_KEYS.index(key)]} too for a copy that "
                                      "keeps the source's sizing")
            findings.append(error(f"{key} left out, but {source.description} {what}: {advice}", where, SIZE_MISSING))
            ok = False
        elif (_kept_vcpus(source) if key == "vcpus" else _kept_memory(source)) is None:
            findings.append(error(f'{key} left out, but {source.description} has {_GUEST_FIELDS[key]} "{value}", '
                                  f"which is not a valid value to keep: give {key}", where, SIZE_MISSING))
            ok = False
    return ok


def _kept_vcpus(source: Source) -> int | None:
    vcpus = _as_int(_guest(source, "vcpus"))
    return vcpus if vcpus is not None and 1 <= vcpus <= MAX_VCPUS else None


def _kept_memory(source: Source) -> Quantity | None:
    return _quantity(_guest(source, "memory"))


def _quantity(value: Any) -> Quantity | None:
    memory = parse(value)
    return memory if isinstance(memory, Quantity) and memory.sign() > 0 and memory.is_integer() else None


def _is_empty(value: Any) -> bool:
    """A spec with nothing in it but empty maps."""
    return isinstance(value, Mapping) and all(_is_empty(item) for item in value.values())


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
    if "vcpus" not in size.kept:  # a kept value stays as the source spells it
        cpu["guest"] = size.vcpus
    if "memory" not in size.kept:
        memory["guest"] = size.memory.canonical_form()
    return spec


def _custom_spec(source: Source) -> dict[str, Any]:
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
