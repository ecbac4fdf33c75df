"""The embedded common-instancetypes catalog: upstream's instance types and preferences, built
from compact definitions written in this package (docs/common-instancetypes.md).

Public API (plain data; the objects are read from the stored build, ``krmfn.catalog.stored``):

* ``CATALOG_VERSIONS`` / ``DEFAULT_VERSION``: the embedded releases (``v1.5.1``, ``v1.6.0``,
  ``v1.7.0``: what KubeVirt v1.7, v1.8 and v1.9 deploy) and the newest.
* ``instancetypes(version, kind)`` / ``preferences(version, kind)``: every object of one kind,
  sorted by name, as fresh dicts (callers may mutate them).
* ``lookup(kind, name, version)``: one object, or None. ``kind`` is matched case-insensitively.
* ``table(version)``: one row per cluster instance type for ``krmfn catalog`` (name, class,
  vCPUs, memory, notable features), in class and ladder order; ``preference_table(version)`` is
  the same for preferences.
* ``definition(version)``, ``instancetype_class(name, version)``, ``class_of(name, version)``:
  the compact definitions, for the generator's class rules.
* ``instancetype_features(spec)``: the notable-feature words of any instance type spec.

An unknown version raises ``UnknownCatalogVersion`` (a ``ValueError``). Adding a release means
writing ``vX_Y_Z.py`` next to ``v1_7_0.py`` (the older ones are written as what they lack of the
next), registering it in ``_definitions`` and ``CATALOG_VERSIONS``, and writing its stored build
with ``python -m krmfn.catalog``.

Importing the package loads no catalog. The objects are read from the stored build
(``krmfn.catalog.stored``: ``data/<version>.json``) the first time a function asks for one (a
bundle that holds the instance types and preferences its VMs reference never does); the compact
definitions, ``catalog.model`` and ``catalog.build`` load only for what needs the classes (the
generator, ``krmfn catalog``) and to write the stored files.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from krmfn.catalog import stored
from krmfn.model.kinds import (
    INSTANCETYPE_KINDS,
    PREFERENCE_KINDS,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
)

TYPE_CHECKING = False  # typing stays unloaded for `krmfn --help` (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

    from krmfn.catalog.model import CatalogDefinition, InstancetypeClass

__all__ = [
    "CATALOG_VERSIONS", "DEFAULT_VERSION", "UnknownCatalogVersion", "class_of", "definition",
    "instancetype_class", "instancetype_features", "instancetypes", "lookup", "preference_table",
    "preferences", "table",
]

CATALOG_VERSIONS: tuple[str, ...] = ("v1.5.1", "v1.6.0", "v1.7.0")  # each module's VERSION, oldest first
DEFAULT_VERSION = "v1.7.0"
ALL_KINDS = INSTANCETYPE_KINDS + PREFERENCE_KINDS


class UnknownCatalogVersion(ValueError):
    """A catalog version krmfn does not embed."""

    def __init__(self, version: object) -> None:
        super().__init__(f'unknown catalog version "{version}"; embedded: {", ".join(CATALOG_VERSIONS)}')
        self.version = version


@cache
def _definitions() -> Mapping[str, CatalogDefinition]:
    """Every embedded release's compact definition, loaded on first use (about 5 ms)."""
    from krmfn.catalog import v1_5_1, v1_6_0, v1_7_0  # noqa: PLC0415
    return {module.VERSION: module.CATALOG for module in (v1_5_1, v1_6_0, v1_7_0)}


def definition(version: str = DEFAULT_VERSION) -> CatalogDefinition:
    """The compact definition of ``version``."""
    try:
        return _definitions()[version]
    except (KeyError, TypeError):
        raise UnknownCatalogVersion(version) from None


@cache
def _objects(version: str, kind: str) -> tuple[dict[str, Any], ...]:
    """The built objects of one kind, cached; never handed out without a copy. Read from the
    stored build (``krmfn.catalog.stored``), not built again."""
    if kind not in ALL_KINDS:
        raise ValueError(f'not an instance type or preference kind: "{kind}"')
    if version not in CATALOG_VERSIONS:
        raise UnknownCatalogVersion(version)
    return tuple(stored.as_kind(_stored(version)[stored.stored_kind(kind)], kind))


@cache
def _stored(version: str) -> dict[str, list[dict[str, Any]]]:
    return stored.load(version)


@cache
def _index(version: str) -> dict[tuple[str, str], dict[str, Any]]:
    return {(kind, obj["metadata"]["name"]): obj for kind in ALL_KINDS for obj in _objects(version, kind)}


def instancetypes(version: str = DEFAULT_VERSION, kind: str = VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE) -> list[dict]:
    """Every instance type of ``version`` as ``kind``, sorted by name."""
    if kind not in INSTANCETYPE_KINDS:
        raise ValueError(f'not an instance type kind: "{kind}"')
    return [_fresh(obj) for obj in _objects(version, kind)]


def preferences(version: str = DEFAULT_VERSION, kind: str = VIRTUAL_MACHINE_CLUSTER_PREFERENCE) -> list[dict]:
    """Every preference of ``version`` as ``kind``, sorted by name."""
    if kind not in PREFERENCE_KINDS:
        raise ValueError(f'not a preference kind: "{kind}"')
    return [_fresh(obj) for obj in _objects(version, kind)]


def _fresh(value: Any) -> Any:
    """A deep copy of stored (JSON) data: callers may change what they are given."""
    if isinstance(value, dict):
        return {key: _fresh(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_fresh(item) for item in value]
    return value


def names(kind: str, version: str = DEFAULT_VERSION) -> list[str]:
    """The names of every ``kind`` object of ``version`` (a catalog kind), sorted."""
    return sorted(name for known, name in _index(version) if known == kind)


def canonical_kind(kind: str) -> str | None:
    """The Kind spelled ``kind`` (case-insensitive), if it is one of the four catalog kinds."""
    lowered = kind.lower() if isinstance(kind, str) else ""
    return next((known for known in ALL_KINDS if known.lower() == lowered), None)


def lookup(kind: str, name: str, version: str = DEFAULT_VERSION) -> dict | None:
    """The catalog object ``kind``/``name`` of ``version`` as a fresh dict, or None."""
    resolved = canonical_kind(kind)
    if resolved is None:
        return None
    found = _index(version).get((resolved, name))
    if found is None:
        return None
    return _fresh(found)


def instancetype_class(name: str, version: str = DEFAULT_VERSION) -> InstancetypeClass | None:
    """The class called ``name`` (``cx1``) in ``version``, or None."""
    return definition(version).instancetype_class(name)


def class_of(instancetype_name: str, version: str = DEFAULT_VERSION) -> InstancetypeClass | None:
    """The class whose ``<class><version>.`` prefix ``instancetype_name`` carries, or None."""
    prefix, dot, _ = instancetype_name.partition(".")
    return instancetype_class(prefix, version) if dot else None


# -- listings ------------------------------------------------------------------------------------


def instancetype_features(spec: Mapping[str, Any]) -> list[str]:
    """Short words for what makes an instance type special, in a fixed order."""
    cpu = _mapping(spec.get("cpu"))
    memory = _mapping(spec.get("memory"))
    features = []
    if cpu.get("dedicatedCPUPlacement"):
        features.append("dedicated CPUs")
    if cpu.get("isolateEmulatorThread"):
        features.append("isolated emulator thread")
    if "numa" in cpu:
        features.append("NUMA")
    if "realtime" in cpu:
        features.append("realtime")
    if "maxSockets" in cpu:
        features.append(f"maxSockets {cpu['maxSockets']}")
    page_size = _mapping(memory.get("hugepages")).get("pageSize")
    if page_size:
        features.append(f"hugepages {page_size}")
    if "overcommitPercent" in memory:
        features.append(f"memory overcommit {memory['overcommitPercent']}%")
    if spec.get("ioThreadsPolicy"):
        features.append(f"IO threads {spec['ioThreadsPolicy']}")
    features.extend(f"GPU {gpu.get('deviceName', '?')}" for gpu in _dicts(spec.get("gpus")))
    features.extend(f"host device {dev.get('deviceName', '?')}" for dev in _dicts(spec.get("hostDevices")))
    if _mapping(spec.get("annotations")):
        features.append("VMI annotations")
    return features


def table(version: str = DEFAULT_VERSION) -> list[dict[str, Any]]:
    """Rows for ``krmfn catalog``: one per instance type, in class order then ladder order.

    Keys: ``name``, ``class`` (``cx1``), ``classLabel``, ``displayName``, ``vcpus`` (int),
    ``memory`` (str) and ``features`` (list of str).
    """
    from krmfn.catalog.build import iter_instancetypes  # noqa: PLC0415
    rows = []
    for cls, obj in iter_instancetypes(definition(version), VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE):
        spec = obj["spec"]
        rows.append({
            "name": obj["metadata"]["name"],
            "class": cls.name,
            "classLabel": cls.class_label,
            "displayName": cls.display_name,
            "vcpus": spec["cpu"]["guest"],
            "memory": spec["memory"]["guest"],
            "features": instancetype_features(spec),
        })
    return rows


def preference_table(version: str = DEFAULT_VERSION) -> list[dict[str, Any]]:
    """Rows for the preference listing, sorted by name.

    Keys: ``name``, ``displayName``, ``osType``, ``arch`` (or None), ``vcpus`` / ``memory`` (the
    requirements, or None) and ``features`` (list of str).
    """
    from krmfn.catalog.model import LABEL_PREFIX  # noqa: PLC0415
    rows = []
    for obj in _objects(version, VIRTUAL_MACHINE_CLUSTER_PREFERENCE):
        metadata, spec = obj["metadata"], obj["spec"]
        requirements = _mapping(spec.get("requirements"))
        rows.append({
            "name": metadata["name"],
            "displayName": metadata["annotations"].get("openshift.io/display-name"),
            "osType": metadata["labels"].get(LABEL_PREFIX + "os-type"),
            "arch": metadata["labels"].get(LABEL_PREFIX + "arch"),
            "vcpus": _mapping(requirements.get("cpu")).get("guest"),
            "memory": _mapping(requirements.get("memory")).get("guest"),
            "features": _preference_features(spec),
        })
    return rows


def _preference_features(spec: Mapping[str, Any]) -> list[str]:
    devices = _mapping(spec.get("devices"))
    efi = _mapping(_mapping(spec.get("firmware")).get("preferredEfi"))
    features = []
    if "preferredDiskBus" in devices:
        features.append(f"disk {devices['preferredDiskBus']}")
    if "preferredInterfaceModel" in devices:
        features.append(f"NIC {devices['preferredInterfaceModel']}")
    topology = _mapping(spec.get("cpu")).get("preferredCPUTopology")
    if topology:
        features.append(f"topology {topology}")
    if efi:
        features.append("secure boot" if efi.get("secureBoot") else "EFI")
    if efi.get("persistent"):
        features.append("persistent EFI")
    if "preferredTPM" in devices:
        features.append("TPM")
    if "preferredHyperv" in _mapping(spec.get("features")):
        features.append("Hyper-V")
    if devices.get("preferredNetworkInterfaceMultiQueue"):
        features.append("NIC multiqueue")
    if devices.get("preferredDiskDedicatedIoThread"):
        features.append("dedicated disk IO thread")
    return features


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _dicts(value: Any) -> list[Mapping[str, Any]]:
    return [item for item in value if isinstance(item, Mapping)] if isinstance(value, list) else []
