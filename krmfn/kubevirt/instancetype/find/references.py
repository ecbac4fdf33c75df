"""What a VM points at: the bundle keys of its matchers, revisions and status refs.

No single KubeVirt counterpart: these are the objects ``find`` (``pkg/instancetype/find``) would
GET for the VM, whether or not they exist; the inline mode's ``dropReferenced`` and the "rejected
by admission" hint of a failed expansion use them.
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.kubevirt.bundle import RESOURCE_TYPES, Bundle, ObjectKey
from krmfn.kubevirt.instancetype.find.kinds import matcher_kind, resolve_instancetype_kind, resolve_preference_kind
from krmfn.kubevirt.instancetype.find.matcher import Resolved
from krmfn.model.kinds import CONTROLLER_REVISION

_MATCHERS = (("instancetype", "instancetypeRef", resolve_instancetype_kind),
             ("preference", "preferenceRef", resolve_preference_kind))


def matcher_references(vm: dict, bundle: Bundle) -> Iterable[ObjectKey]:
    """The bundle keys a VM's matchers and status refs point at (whether or not they exist)."""
    namespace = bundle.namespace_of(vm)
    spec = vm.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    status = vm.get("status")
    status = status if isinstance(status, dict) else {}
    for matcher_key, ref_key, resolve in _MATCHERS:
        matcher = spec.get(matcher_key)
        if not isinstance(matcher, dict):
            continue
        kind = resolve(matcher_kind(matcher))
        name = matcher.get("name")
        if kind and isinstance(name, str) and name:
            scoped = namespace if RESOURCE_TYPES[kind].namespaced else ""
            yield (kind, scoped, name)
        ref = status.get(ref_key)
        ref = ref if isinstance(ref, dict) else {}
        revision_ref = ref.get("controllerRevisionRef")
        revision_ref = revision_ref if isinstance(revision_ref, dict) else {}
        for revision in (matcher.get("revisionName"), revision_ref.get("name")):
            if isinstance(revision, str) and revision:
                yield (CONTROLLER_REVISION, namespace, revision)


def resolved_keys(resolved: Iterable[Resolved | None], namespace: str) -> Iterable[ObjectKey]:
    """The objects an expansion actually used (this covers matchers filled in by inference)."""
    for found in resolved:
        if found is None:
            continue
        if found.revision:
            yield (CONTROLLER_REVISION, namespace, found.revision)
        elif found.kind in RESOURCE_TYPES:
            scoped = namespace if RESOURCE_TYPES[found.kind].namespaced else ""
            yield (found.kind, scoped, found.name)
