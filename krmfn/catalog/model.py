"""The shapes of a compact catalog definition (docs/common-instancetypes.md#instance-type-generator-table,
#preferences).

A catalog version is one ``CatalogDefinition``: the instance type classes with their size ladders,
and the preferences as layers (base, OS family, components, per-preference metadata), mirroring
how upstream's kustomize tree composes them. ``krmfn.catalog.build`` turns a definition into the
exact upstream objects. Everything here is immutable plain data.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

LABEL_PREFIX = "instancetype.kubevirt.io/"
# The release label every object of a release bundle carries, last among its labels
# (docs/common-instancetypes.md#release-version-label); its value is the release (``v1.7.0``).
VERSION_LABEL = LABEL_PREFIX + "common-instancetypes-version"

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@record(frozen=True)
class Size:
    """One rung of a class's size ladder: ``<class><version>.<size>`` with ``vcpus`` / ``memory``."""

    size: str
    vcpus: int
    memory: str


@record(frozen=True)
class HugepageVariant:
    """A per-size hugepage twin (cx, m): name suffix (``""`` or ``"1gi"``) and page size."""

    suffix: str
    page_size: str


@record(frozen=True)
class InstancetypeClass:
    """An instance type class (docs/common-instancetypes.md#instance-type-classes, #class-wide-spec,
    #instance-type-labels-and-annotations): class-wide metadata and spec plus its ladder.

    ``labels`` are the class-wide extra labels without the ``instancetype.kubevirt.io/`` prefix;
    ``spec`` is the class-wide spec fragment that upstream's strategic-merge patch adds.
    """

    prefix: str
    version: str
    class_label: str
    display_name: str
    icon: str
    description: str
    sizes: tuple[Size, ...]
    labels: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    spec: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    hugepage_variants: tuple[HugepageVariant, ...] = ()
    max_sockets_follows_guest: bool = False

    @property
    def name(self) -> str:
        """The class as users name it: ``cx1``."""
        return f"{self.prefix}{self.version}"


@record(frozen=True)
class Layer:
    """A kustomize layer or component of a preference: full label keys, metadata annotations and
    a spec fragment. Layers are deep-merged in order; a later layer wins on a scalar
    (docs/common-instancetypes.md#preference-layers)."""

    labels: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    annotations: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    spec: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)


@record(frozen=True)
class PreferenceDefinition:
    """One preference (docs/common-instancetypes.md#preference-table): OS family, components in order, requirements
    and metadata."""

    name: str
    family: str
    display_name: str
    tags: str
    icon: str
    components: tuple[str, ...] = ()
    required_cpu: int | None = None
    required_memory: str | None = None
    arch: str | None = None


@record(frozen=True)
class CatalogDefinition:
    """Everything needed to build one catalog version."""

    version: str
    api_version: str
    classes: tuple[InstancetypeClass, ...]
    preference_base: Layer
    families: Mapping[str, tuple[Layer, tuple[str, ...]]]
    components: Mapping[str, Layer]
    preferences: tuple[PreferenceDefinition, ...]
    # The required-cpu / required-memory labels of preferences with requirements (since v1.6.0).
    requirement_labels: bool = True

    def instancetype_class(self, name: str) -> InstancetypeClass | None:
        """The class named ``cx1`` (prefix + version), or None."""
        return next((c for c in self.classes if c.name == name), None)
