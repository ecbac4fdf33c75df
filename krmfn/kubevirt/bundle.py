"""An index over the objects of a bundle: what a fake cluster "has stored" (docs/kubevirt/resolution.md#namespaces,
#missing-references).

KubeVirt resolves matchers with GETs against the API server; offline, the bundle plays the
cluster. This module mirrors the lookups KubeVirt makes (the informer stores / clients used by
`pkg/instancetype/find`, `pkg/instancetype/preference/find` and `pkg/instancetype/infer`):

* objects are keyed by (kind, namespace, name); cluster-scoped kinds use namespace "";
* a namespaced object without `metadata.namespace` lives in the assumed default namespace
  (kubectl's context namespace, `default` unless configured: docs/kubevirt/resolution.md#namespaces);
* only served group/versions count: an object of an unserved apiVersion was never stored. The
  instance type and preference kinds are served in `v1beta1` (KubeVirt) and `v1beta2` (krmfn's
  optional-guest version, served by no KubeVirt); with the legacy policy `convert` also in
  `v1alpha1` and `v1alpha2`, which KubeVirt v1.0-v1.5 served with a deprecation warning and no
  conversion (CRD strategy `None`: the stored spec is the object's own);
* objects that admission rejects were never stored either (docs/kubevirt/resolution.md#missing-references): the caller
passes
  their keys in `rejected` (the validate mode computes them);
* on duplicates the first object wins, as a second CREATE of the same name fails (``kubectl
  apply`` would keep the last: the duplicate-object check reports every duplicate).

Objects are plain dicts and are never copied or mutated here.
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn import catalog
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.kinds import (
    CLUSTER_DEFINITION_KINDS,
    CONTROLLER_REVISION,
    DATA_SOURCE,
    DATA_VOLUME,
    INSTANCETYPE_GROUP,
    PERSISTENT_VOLUME_CLAIM,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
    VIRTUAL_MACHINE_INSTANCETYPE,
    VIRTUAL_MACHINE_PREFERENCE,
    VOLUME_SNAPSHOT,
    split_api_version,
)
from krmfn.model.record import FrozenRecord

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

DEFAULT_NAMESPACE = "default"
V1BETA1 = "v1beta1"
V1BETA2 = "v1beta2"  # krmfn's own: optional guest, cpu.topology (design proposals, never merged)
LEGACY_VERSIONS = frozenset({"v1alpha1", "v1alpha2"})
# The `legacyApiVersions` option: read v1alpha1/v1alpha2 as KubeVirt v1.0-v1.5 did, or refuse them
# as KubeVirt does since v1.6 (the golden corpus, d923fdb8).
LEGACY_CONVERT = "convert"
LEGACY_REJECT = "reject"
LEGACY_POLICIES = (LEGACY_CONVERT, LEGACY_REJECT)

ObjectKey = tuple[str, str, str]
"""(kind, namespace, name); namespace is "" for cluster-scoped kinds."""


class ResourceType(FrozenRecord):
    """How the API server knows a kind: group, served versions, scope and qualified resource."""

    __slots__ = ("group", "versions", "namespaced", "resource")
    group: str
    versions: frozenset[str]
    namespaced: bool
    resource: str

    def __init__(self, group: str, versions: frozenset[str], namespaced: bool, resource: str) -> None:
        self._set(group=group, versions=versions, namespaced=namespaced, resource=resource)

    def serves(self, version: str, legacy: str = LEGACY_REJECT) -> bool:
        """Whether `version` is served; legacy instancetype versions only under `convert`."""
        if version in self.versions:
            return True
        return legacy == LEGACY_CONVERT and self.group == INSTANCETYPE_GROUP and version in LEGACY_VERSIONS

    @property
    def qualified_resource(self) -> str:
        """`<plural>.<group>`, or just `<plural>` for the core group, as in NotFound messages."""
        return f"{self.resource}.{self.group}" if self.group else self.resource


_INSTANCETYPE_VERSIONS = frozenset({V1BETA1, V1BETA2})
RESOURCE_TYPES: dict[str, ResourceType] = {
    VIRTUAL_MACHINE_INSTANCETYPE: ResourceType(
        INSTANCETYPE_GROUP, _INSTANCETYPE_VERSIONS, True, "virtualmachineinstancetypes"),
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE: ResourceType(
        INSTANCETYPE_GROUP, _INSTANCETYPE_VERSIONS, False, "virtualmachineclusterinstancetypes"),
    VIRTUAL_MACHINE_PREFERENCE: ResourceType(
        INSTANCETYPE_GROUP, _INSTANCETYPE_VERSIONS, True, "virtualmachinepreferences"),
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE: ResourceType(
        INSTANCETYPE_GROUP, _INSTANCETYPE_VERSIONS, False, "virtualmachineclusterpreferences"),
    CONTROLLER_REVISION: ResourceType("apps", frozenset({"v1"}), True, "controllerrevisions"),
    PERSISTENT_VOLUME_CLAIM: ResourceType("", frozenset({"v1"}), True, "persistentvolumeclaims"),
    DATA_VOLUME: ResourceType("cdi.kubevirt.io", frozenset({"v1beta1"}), True, "datavolumes"),
    DATA_SOURCE: ResourceType("cdi.kubevirt.io", frozenset({"v1beta1"}), True, "datasources"),
    VOLUME_SNAPSHOT: ResourceType("snapshot.storage.k8s.io", frozenset({"v1"}), True, "volumesnapshots"),
}

EMPTY_NAME_MESSAGE = "resource name may not be empty"


def not_found_message(kind: str, name: str) -> str:
    """The API server's NotFound text, e.g. `controllerrevisions.apps "x" not found`
    (docs/kubevirt/resolution.md#missing-references)."""
    return f'{RESOURCE_TYPES[kind].qualified_resource} "{name}" not found'


def request_name_error(name: str) -> str | None:
    """client-go's refusal to GET an object by this name (docs/kubevirt/resolution.md#missing-references), or None
    when the name is usable."""
    if not name:
        return EMPTY_NAME_MESSAGE
    if name in (".", ".."):
        problems = [f"may not be '{name}'"]
    else:
        problems = [f"may not contain '{c}'" for c in ("/", "%") if c in name]
    if problems:
        return f'invalid resource name "{name}": [{" ".join(problems)}]'
    return None


def is_served(obj: dict, legacy: str = LEGACY_REJECT) -> bool:
    """True when obj's kind is indexed and its apiVersion is one the API server serves for it."""
    kind = obj.get("kind")
    rtype = RESOURCE_TYPES.get(kind) if isinstance(kind, str) else None
    if rtype is None:
        return False
    group, version = split_api_version(obj.get("apiVersion"))
    return group == rtype.group and rtype.serves(version, legacy)


def semantics_version(obj: dict) -> str:
    """The version whose rules an instance type or preference follows: `v1beta2` for v1beta2
    objects, else `v1beta1` (a legacy object is read as the v1beta1 object KubeVirt stored)."""
    return V1BETA2 if split_api_version(obj.get("apiVersion"))[1] == V1BETA2 else V1BETA1


def object_namespace(obj: dict, default_namespace: str = DEFAULT_NAMESPACE) -> str:
    """The effective namespace of any object (also VMs): its own, else the assumed default."""
    metadata = obj.get("metadata")
    namespace = metadata.get("namespace") if isinstance(metadata, dict) else None
    return namespace if isinstance(namespace, str) and namespace else default_namespace


def key_of(obj: dict, default_namespace: str = DEFAULT_NAMESPACE) -> ObjectKey | None:
    """The index key of obj, or None when obj is not an indexed kind or has no name."""
    kind = obj.get("kind")
    rtype = RESOURCE_TYPES.get(kind) if isinstance(kind, str) else None
    metadata = obj.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    if rtype is None or not isinstance(name, str) or not name:
        return None
    namespace = object_namespace(obj, default_namespace) if rtype.namespaced else ""
    return (kind, namespace, name)  # type: ignore[return-value]


class Bundle:
    """Read-only lookups over a bundle's supporting objects, like GETs against a cluster."""

    def __init__(
        self,
        objects: Iterable[dict],
        default_namespace: str = DEFAULT_NAMESPACE,
        rejected: set[ObjectKey] | None = None,
        catalog_version: str | None = None,
        legacy: str = LEGACY_REJECT,
        kubevirt_version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION,
    ) -> None:
        self.default_namespace = default_namespace
        self.legacy = legacy
        self.kubevirt_version = kubevirt_version  # how revisions decode (the scheme's line in errors)
        # Filled by the caller (validation), possibly after construction: checked on every get().
        self.rejected: set[ObjectKey] = rejected if rejected is not None else set()
        self.catalog_version = catalog_version
        self.catalog_hits: set[ObjectKey] = set()
        self._index: dict[ObjectKey, dict] = {}
        self._declared: set[ObjectKey] = set()  # every key the bundle names, stored or not
        for obj in objects:
            self._add(obj)

    def _add(self, obj: dict) -> None:
        if not isinstance(obj, dict):
            return
        key = key_of(obj, self.default_namespace)
        if key is None:
            return
        self._declared.add(key)
        if is_served(obj, self.legacy):
            self._index.setdefault(key, obj)

    def get(self, kind: str, namespace: str, name: str) -> dict | None:
        """The stored object, or None. `namespace` is ignored for cluster-scoped kinds."""
        if not RESOURCE_TYPES[kind].namespaced:
            namespace = ""
        key = (kind, namespace, name)
        if self.rejected and key in self.rejected:
            return None
        found = self._index.get(key)
        if found is None and self.catalog_version and kind in CLUSTER_DEFINITION_KINDS and key not in self._declared:
            found = self._from_catalog(key, self.catalog_version)
        return found

    def declare(self, objects: Iterable[dict]) -> None:
        """Count these objects' keys as named by the bundle (no catalog stand-in) without storing them."""
        for obj in objects:
            key = key_of(obj, self.default_namespace)
            if key is not None:
                self._declared.add(key)

    def _from_catalog(self, key: ObjectKey, version: str) -> dict | None:
        """A cluster object of the embedded catalog, which virt-operator deploys by default.

        Only for keys the bundle does not name at all: a bundle object, even one admission
        rejects, always wins over the catalog.
        """
        found = catalog.lookup(key[0], key[2], version)
        if found is not None:
            self._index[key] = found
            self.catalog_hits.add(key)
        return found

    def from_catalog(self, kind: str, name: str) -> bool:
        return (kind, "", name) in self.catalog_hits

    def names(self, kind: str, namespace: str) -> set[str]:
        """Every name a get() of ``kind`` could find (bundle objects in ``namespace`` for a
        namespaced kind, else the cluster's, plus the catalog's), for suggestions."""
        if not RESOURCE_TYPES[kind].namespaced:
            namespace = ""
        found = {key[2] for key in self._index if key[0] == kind and key[1] == namespace and key not in self.rejected}
        if self.catalog_version and kind in CLUSTER_DEFINITION_KINDS:
            found.update(name for name in catalog.names(kind, self.catalog_version)
                         if (kind, "", name) not in self._declared)
        return found

    def namespace_of(self, obj: dict) -> str:
        """The effective namespace of obj (a VM or any namespaced object) in this bundle."""
        return object_namespace(obj, self.default_namespace)

    def keys(self) -> Iterable[ObjectKey]:
        return self._index.keys()

    def __contains__(self, key: object) -> bool:
        return key in self._index and key not in self.rejected

    def __len__(self) -> int:
        return len(self._index)


def find_stored(items: Iterable[Any], kind: str, group: str, versions: frozenset[str], namespace: str, name: str,
                default_namespace: str = DEFAULT_NAMESPACE) -> dict | None:
    """A GET of the namespaced ``kind`` of ``group`` called ``name`` in ``namespace``, for kinds
    ``Bundle`` does not index (VirtualMachines, snapshots, restores): the first object of
    ``items`` of a served version (``versions``) with that name in that effective namespace
    (``object_namespace`` with ``default_namespace``), or None (NotFound)."""
    for item in items:
        if not isinstance(item, dict) or item.get("kind") != kind:
            continue
        item_group, item_version = split_api_version(item.get("apiVersion"))
        metadata = item.get("metadata")
        if (item_group == group and item_version in versions and isinstance(metadata, dict)
                and metadata.get("name") == name and object_namespace(item, default_namespace) == namespace):
            return item
    return None
