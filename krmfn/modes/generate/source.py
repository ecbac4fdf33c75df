"""Resolving a request's ``from``: the instance type, preference (or class) a new object copies.

``from`` is ``[kind/]name``; kind is any spelling KubeVirt accepts, case-insensitive
(``krmfn.model.kinds.DEFINITION_KIND_SPELLINGS``).

1. Without a kind, cluster-wide first, as the proposal says: the bundle's
   ``VirtualMachineClusterInstancetype``, then the catalog's, then the bundle's
   ``VirtualMachineInstancetype`` (if several namespaces hold one, the one in ``namespace`` wins,
   otherwise it is ambiguous); then the preferences in the same order
   (``VirtualMachineClusterPreference`` of the bundle, of the catalog, ``VirtualMachinePreference``);
   then a catalog class name (``cx1``: the class-wide spec with the class's first ladder rung, so
   cx1/m1 get 2Mi hugepages; name a ``…1gi`` size for 1Gi).
2. With a kind, only that kind: the bundle, then the catalog. A bundle object always wins over
   the catalog.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from krmfn import catalog
from krmfn.catalog.model import LABEL_PREFIX, InstancetypeClass
from krmfn.model.record import record
from krmfn.modes.generate.findings import FROM_AMBIGUOUS, FROM_KIND, FROM_MISSING, FROM_UNKNOWN, error
from krmfn.modes.generate.options import GenerateOptions
from krmfn.model.findings import Finding
from krmfn.model.kinds import (
    DEFINITION_KIND_SPELLINGS,
    DEFINITION_KINDS,
    INSTANCETYPE_KINDS,
    PREFERENCE_KINDS,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_INSTANCETYPE,
    VIRTUAL_MACHINE_PREFERENCE,
    kind_of,
)
from krmfn.model.krm import labels_of, metadata_of

NAMESPACED_KINDS = (VIRTUAL_MACHINE_INSTANCETYPE, VIRTUAL_MACHINE_PREFERENCE)
# (input index, item) of the bundle objects of one kind and name, in input order.
IndexedItems = list[tuple[int, Mapping[str, Any]]]


@record(frozen=True)
class Source:
    """The instance type or preference a request copies: the object, how findings name it, its
    catalog class (instance types only), and its kind (a class's is the cluster instance type)."""

    obj: Mapping[str, Any]
    description: str
    cls: InstancetypeClass | None
    kind: str = VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE
    is_class: bool = False  # a catalog class (``from: cx1``): a spec without a size of its own

    @property
    def is_preference(self) -> bool:
        return self.kind in PREFERENCE_KINDS

    @property
    def max_sockets_follows_guest(self) -> bool:
        return self.cls is not None and self.cls.max_sockets_follows_guest


class BundleIndex:
    """The bundle's instance types and preferences by (kind, name), keeping item indices."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.by_key: dict[tuple[str, str], IndexedItems] = {}
        for index, item in enumerate(items):
            kind, name = kind_of(item), name_of(item)
            if kind in DEFINITION_KINDS and name:
                self.by_key.setdefault((kind, name), []).append((index, item))

    def get(self, kind: str, name: str) -> IndexedItems:
        return self.by_key.get((kind, name), [])

    def names(self, kinds: Iterable[str]) -> list[str]:
        wanted = set(kinds)
        return sorted({name for kind, name in self.by_key if kind in wanted})


@record(frozen=True)
class SourceFinder:
    """Resolves ``from`` against one run's bundle and catalog."""

    bundle: BundleIndex
    options: GenerateOptions

    def resolve(self, from_: Any, path: str, findings: list[Finding]) -> Source | None:
        """The source ``from`` names, or None with the error in ``findings``."""
        if not isinstance(from_, str) or not from_.strip():
            findings.append(error("from is missing: the instance type (u1.medium), preference (fedora) or class "
                                  "(cx1) to copy", path, FROM_MISSING))
            return None
        spelled_kind, slash, name = from_.strip().rpartition("/")
        kind = DEFINITION_KIND_SPELLINGS.get(spelled_kind.lower()) if slash else None
        if slash and kind is None:
            findings.append(error(f'from "{from_}": unknown kind "{spelled_kind}"; use '
                                  "virtualmachineclusterinstancetype/<name>, virtualmachineinstancetype/<name>, "
                                  "virtualmachineclusterpreference/<name> or virtualmachinepreference/<name>",
                                  path, FROM_KIND))
            return None
        for candidate_kind in (kind,) if kind else (*INSTANCETYPE_KINDS, *PREFERENCE_KINDS):
            lookup_findings: list[Finding] = []
            source = self._definition(candidate_kind, name, path, lookup_findings)
            findings.extend(lookup_findings)
            if source is not None or lookup_findings:
                return source
        source = None if kind else self._class(name)
        if source is None:
            findings.append(self._unknown_source_error(from_, name, kind, path))
        return source

    def _definition(self, kind: str, name: str, path: str, findings: list[Finding]) -> Source | None:
        matches = self._in_namespace(kind, name, path, findings)
        if matches is None:
            return None
        is_preference = kind in PREFERENCE_KINDS
        if matches:
            index, item = matches[0]  # on duplicates the first wins, as a second create would fail
            cls = None if is_preference else self._class_of_object(item)
            return Source(item, f'the bundle\'s {kind} "{name}" (item {index})', cls, kind)
        version = self.options.catalog_version
        if version:
            found = catalog.lookup(kind, name, version)
            if found is not None:
                cls = None if is_preference else catalog.class_of(name, version)
                return Source(found, f'{kind} "{name}" of catalog {version}', cls, kind)
        return None

    def _in_namespace(self, kind: str, name: str, path: str, findings: list[Finding]) -> IndexedItems | None:
        """The bundle's objects of a kind and name; of a namespaced kind in several namespaces,
        those in ``namespace`` (None, with an error, when there are none)."""
        matches = self.bundle.get(kind, name)
        if kind not in NAMESPACED_KINDS or len({namespace_of(item) for _, item in matches}) <= 1:
            return matches
        preferred = [(index, item) for index, item in matches if namespace_of(item) == self.options.namespace]
        if not preferred:
            namespaces = ", ".join(sorted({namespace_of(item) or '""' for _, item in matches}))
            findings.append(error(f'from "{name}": {kind} "{name}" exists in several namespaces ({namespaces}); '
                                  "set namespace to pick one", path, FROM_AMBIGUOUS))
            return None
        return preferred

    def _class(self, name: str) -> Source | None:
        version = self.options.catalog_version
        if not version:
            return None
        cls = catalog.instancetype_class(name, version)
        if cls is None:
            return None
        first = f"{cls.name}.{cls.sizes[0].size}"  # the plain (2Mi) twin comes first for cx1 and m1
        obj = catalog.lookup(VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE, first, version)
        return Source(obj or {}, f"class {cls.name} ({cls.display_name}) of catalog {version}", cls, is_class=True)

    def _class_of_object(self, obj: Mapping[str, Any]) -> InstancetypeClass | None:
        """The catalog class a bundle instance type belongs to: its class label, else its name prefix."""
        version = self.options.catalog_version
        if not version:
            return None
        label = labels_of(obj).get(LABEL_PREFIX + "class")
        by_label = next((cls for cls in catalog.definition(version).classes if cls.class_label == label), None)
        return by_label or catalog.class_of(name_of(obj), version)

    def _unknown_source_error(self, from_: str, name: str, kind: str | None, path: str) -> Finding:
        preferences, instancetypes = kind in PREFERENCE_KINDS or not kind, kind in INSTANCETYPE_KINDS or not kind
        known = self.bundle.names([*(INSTANCETYPE_KINDS if instancetypes else ()),
                                   *(PREFERENCE_KINDS if preferences else ())])
        version = self.options.catalog_version
        if version:
            if kind and catalog.instancetype_class(name, version):
                return error(f'from "{from_}": {name} is a class, not a {kind}; write from: {name}', path,
                             FROM_UNKNOWN)
            if instancetypes:
                known += [obj["metadata"]["name"] for obj in catalog.instancetypes(version)]
                known += [cls.name for cls in catalog.definition(version).classes]
            if preferences:
                known += [obj["metadata"]["name"] for obj in catalog.preferences(version)]
        close = difflib.get_close_matches(name, sorted(set(known)), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        where = f"the bundle or catalog {version}" if version else "the bundle (catalog off)"
        what = f"no {kind}" if kind else "no instance type, preference or class"
        return error(f'from "{from_}": {what} of that name in {where}{hint}', path, FROM_UNKNOWN)


def name_of(item: Any) -> str:
    """An item's ``metadata.name`` when it is a string, else ""."""
    name = metadata_of(item).get("name")
    return name if isinstance(name, str) else ""


def namespace_of(item: Any) -> str | None:
    """An item's ``metadata.namespace`` when it is a non-empty string, else None."""
    namespace = metadata_of(item).get("namespace")
    return namespace if isinstance(namespace, str) and namespace else None
