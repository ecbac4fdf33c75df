"""Build the upstream objects from a compact ``CatalogDefinition``.

Instance types follow the algorithm of docs/common-instancetypes.md#instance-type-generator-table (labels derived from
the size, per-size hugepages and maxSockets, then the class-wide spec deep-merged); preferences follow
docs/common-instancetypes.md#preference-layers (base, OS family with its components, the preference's components, then
its metadata and requirements). The two kinds of each are identical apart from ``kind``
(docs/common-instancetypes.md#cluster-and-namespaced-kinds); neither carries a namespace. Every object
ends its labels with ``common-instancetypes-version: <release>``, as the release bundles do
(``scripts/generate.sh`` adds it after the kustomize build, docs/common-instancetypes.md#release-version-label)
and so the objects virt-operator deploys (``pkg/virt-operator/resource/generate/components/data/``
at each KubeVirt release holds those bundles).

The result is plain ``dict``/``list`` data, sorted by name, ready to compare with or to serialise.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from krmfn.catalog.model import (
    LABEL_PREFIX,
    CatalogDefinition,
    HugepageVariant,
    InstancetypeClass,
    Layer,
    PreferenceDefinition,
    Size,
    VERSION_LABEL,
)

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

VENDOR = "kubevirt.io"


def deep_merge(base: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """A new dict: ``patch`` merged into ``base``; maps merge recursively, anything else replaces."""
    merged = to_plain(base)
    for key, value in patch.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = to_plain(value)
    return merged


def to_plain(value: Any) -> Any:
    """A deep copy with every mapping turned into a ``dict`` (definitions use read-only views)."""
    if isinstance(value, Mapping):
        return {key: to_plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(item) for item in value]
    return value


# -- instance types ------------------------------------------------------------------------------


def instancetype_name(cls: InstancetypeClass, size: Size, variant: HugepageVariant | None) -> str:
    """``<class><version>.<size><suffix>``, e.g. ``cx1.4xlarge1gi`` (docs/common-instancetypes.md#size-ladders)."""
    return f"{cls.name}.{size.size}{variant.suffix if variant else ''}"


def _instancetype_labels(cls: InstancetypeClass, size: Size, variant: HugepageVariant | None) -> dict[str, str]:
    labels = {
        "class": cls.class_label,
        "icon-pf": cls.icon,
        "version": cls.version,
        "vendor": VENDOR,
        "cpu": str(size.vcpus),
        "memory": size.memory,
        "size": size.size + (variant.suffix if variant else ""),
        **cls.labels,
    }
    if variant:
        labels["hugepages"] = variant.page_size
    return {LABEL_PREFIX + key: value for key, value in labels.items()}


def _instancetype_spec(cls: InstancetypeClass, size: Size, variant: HugepageVariant | None) -> dict[str, Any]:
    spec: dict[str, Any] = {"cpu": {"guest": size.vcpus}, "memory": {"guest": size.memory}}
    if variant:
        spec["memory"]["hugepages"] = {"pageSize": variant.page_size}
    if cls.max_sockets_follows_guest:
        spec["cpu"]["maxSockets"] = size.vcpus
    return deep_merge(spec, cls.spec)


def class_variants(cls: InstancetypeClass) -> tuple[HugepageVariant | None, ...]:
    """The hugepage twins of a class, or ``(None,)`` when sizes have no per-size page size."""
    return cls.hugepage_variants or (None,)


def build_instancetype(
    cls: InstancetypeClass, size: Size, variant: HugepageVariant | None, kind: str, definition: CatalogDefinition
) -> dict[str, Any]:
    """One instance type object of ``cls`` at ``size`` (and hugepage ``variant``) in ``definition``'s release."""
    return {
        "apiVersion": definition.api_version,
        "kind": kind,
        "metadata": {
            "annotations": {
                LABEL_PREFIX + "description": cls.description,
                LABEL_PREFIX + "displayName": cls.display_name,
            },
            "labels": {**_instancetype_labels(cls, size, variant), VERSION_LABEL: definition.version},
            "name": instancetype_name(cls, size, variant),
        },
        "spec": _instancetype_spec(cls, size, variant),
    }


def iter_instancetypes(definition: CatalogDefinition, kind: str) -> Iterable[tuple[InstancetypeClass, dict]]:
    """Every instance type of the catalog in ladder order, with its class."""
    for cls in definition.classes:
        for size in cls.sizes:
            for variant in class_variants(cls):
                yield cls, build_instancetype(cls, size, variant, kind, definition)


def build_instancetypes(definition: CatalogDefinition, kind: str) -> list[dict[str, Any]]:
    """All instance types of the catalog as ``kind``, sorted by name like kustomize's output."""
    objects = [obj for _, obj in iter_instancetypes(definition, kind)]
    return sorted(objects, key=lambda obj: obj["metadata"]["name"])


# -- preferences ---------------------------------------------------------------------------------


def _preference_layers(definition: CatalogDefinition, pref: PreferenceDefinition) -> list[Layer]:
    family_layer, family_components = definition.families[pref.family]
    names = family_components + pref.components
    return [definition.preference_base, family_layer, *(definition.components[name] for name in names)]


def _preference_metadata_layer(pref: PreferenceDefinition, requirement_labels: bool = True) -> Layer:
    labels: dict[str, str] = {}
    spec: dict[str, Any] = {}
    if pref.arch:
        labels[LABEL_PREFIX + "arch"] = pref.arch
    if pref.required_cpu is not None:
        if requirement_labels:
            labels[LABEL_PREFIX + "required-cpu"] = str(pref.required_cpu)
        spec.setdefault("requirements", {})["cpu"] = {"guest": pref.required_cpu}
    if pref.required_memory is not None:
        if requirement_labels:
            labels[LABEL_PREFIX + "required-memory"] = pref.required_memory
        spec.setdefault("requirements", {})["memory"] = {"guest": pref.required_memory}
    annotations = {"openshift.io/display-name": pref.display_name, "tags": pref.tags, "iconClass": pref.icon}
    return Layer(labels=labels, annotations=annotations, spec=spec)


def build_preference(definition: CatalogDefinition, pref: PreferenceDefinition, kind: str) -> dict[str, Any]:
    """One preference object: its layers merged in order (docs/common-instancetypes.md#preference-layers)."""
    labels: dict[str, Any] = {}
    annotations: dict[str, Any] = {}
    spec: dict[str, Any] = {}
    for layer in [*_preference_layers(definition, pref),
                  _preference_metadata_layer(pref, definition.requirement_labels)]:
        labels = deep_merge(labels, layer.labels)
        annotations = deep_merge(annotations, layer.annotations)
        spec = deep_merge(spec, layer.spec)
    return {
        "apiVersion": definition.api_version,
        "kind": kind,
        "metadata": {"annotations": annotations, "labels": {**labels, VERSION_LABEL: definition.version},
                     "name": pref.name},
        "spec": spec,
    }


def build_preferences(definition: CatalogDefinition, kind: str) -> list[dict[str, Any]]:
    """All preferences of the catalog as ``kind``, sorted by name."""
    objects = [build_preference(definition, pref, kind) for pref in definition.preferences]
    return sorted(objects, key=lambda obj: obj["metadata"]["name"])
