"""The CREATE chain of a VirtualMachineRestore, in the order a cluster runs it.

No single KubeVirt file: the API server (``krmfn.kubevirt.storage.admitters.crd_create``) and
KubeVirt's restore webhook (docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``snapshot.kubevirt.io`` serves ``v1alpha1`` and ``v1beta1``
   (``krmfn.kubevirt.apiserver.snapshot_schema``);
2. ``kube-apiserver/field-validation``: strict field validation against the CRD schema of the
   release (``snapshot_schema.restore_schema``);
3. ``kube-apiserver/crd-schema``: ObjectMeta, then the schema (``spec.target`` with its ``kind``
   and ``name``, and ``spec.virtualMachineSnapshotName`` required; since v1.9 the
   ``targetReadinessPolicy`` enum);
4. ``validating-webhook``: ``krmfn.kubevirt.storage.admitters.vmrestore`` on the object as stored
   (no status, in its namespace).

The bundle is the cluster the webhook reads (``bundle_cluster``):

* the snapshot, the target VM and the snapshot content are the first object of ``items`` of that
  kind, a served version, name and namespace (``krmfn.kubevirt.bundle.find_stored``), wherever
  it stands in the bundle; a snapshot counts only if its own chain admits it; all are seen as
  stored, without ``status`` (the status subresource drops it on CREATE), so a snapshot has no
  ``sourceUID`` nor content name yet: with the target VM in the bundle the webhook goes no further,
  without it the answer is "snapshot content name is nil in vmSnapshot status";
* the restores of the informer are those created before: the restores that precede ``obj`` in
  ``items`` (all of them when ``obj`` is not one of ``items``), in its namespace, with its
  target, that their own chain admitted (stored without status: never complete, so each is "in
  progress").

There is no mutating webhook.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver.create import CustomResource
from krmfn.kubevirt.apiserver.snapshot_schema import SNAPSHOT_VERSIONS, restore_schema
from krmfn.kubevirt.storage.admitters.crd_create import admit_before_webhook, as_stored
from krmfn.kubevirt.storage.admitters.vmrestore import RestoreCluster, target_key, validate_vm_restore_create
from krmfn.kubevirt.storage.admitters.vmsnapshot_create import admit_vm_snapshot
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion

VM_VERSIONS = frozenset({"v1", "v1alpha3"})  # what kubevirt.io serves for VirtualMachines
VIRTUAL_MACHINE_SNAPSHOT_CONTENT = "VirtualMachineSnapshotContent"


@cache
def restore_resource(version: KubevirtVersion) -> CustomResource:
    """The VirtualMachineRestore CRD as a KubeVirt release serves it."""
    return CustomResource(kind=kinds.VIRTUAL_MACHINE_RESTORE, group=kinds.SNAPSHOT_GROUP,
                          versions=SNAPSHOT_VERSIONS, namespaced=True, schema=restore_schema(version))


def bundle_cluster(items: list, namespace: str, config: ClusterConfig, restores: list[dict]) -> RestoreCluster:
    """The bundle as the restore webhook's cluster; ``restores`` are what its informer holds."""

    def snapshot(snapshot_namespace: str, name: str) -> dict | None:
        found = bundles.find_stored(items, kinds.VIRTUAL_MACHINE_SNAPSHOT, kinds.SNAPSHOT_GROUP, SNAPSHOT_VERSIONS,
                                    snapshot_namespace, name, namespace)
        if found is None or not admit_vm_snapshot(found, items, namespace, config).allowed:
            return None
        return as_stored(found, namespace)

    def virtual_machine(vm_namespace: str, name: str) -> dict | None:
        return bundles.find_stored(items, kinds.VIRTUAL_MACHINE, kinds.KUBEVIRT_GROUP, VM_VERSIONS,
                                   vm_namespace, name, namespace)

    def snapshot_content(content_namespace: str, name: str) -> dict | None:
        found = bundles.find_stored(items, VIRTUAL_MACHINE_SNAPSHOT_CONTENT, kinds.SNAPSHOT_GROUP, SNAPSHOT_VERSIONS,
                                    content_namespace, name, namespace)
        return None if found is None else as_stored(found, namespace)

    def namespace_restores(restore_namespace: str) -> list[dict]:
        return [restore for restore in restores
                if bundles.object_namespace(restore, namespace) == restore_namespace]

    return RestoreCluster(snapshot, virtual_machine, snapshot_content, namespace_restores)


def _admit(obj: dict, items: list, namespace: str, config: ClusterConfig, restores: list[dict]) -> Admission:
    rejected = admit_before_webhook(obj, restore_resource(config.kubevirt_version), namespace, [])
    if rejected is not None:
        return rejected
    return validate_vm_restore_create(as_stored(obj, namespace), bundle_cluster(items, namespace, config, restores),
                                      config)


def restores_before(obj: dict, items: list, namespace: str, config: ClusterConfig) -> list[dict]:
    """The restores stored before ``obj`` with its namespace and target, in creation order, as
    stored. Only these can make ``obj`` "in progress"; each is admitted against the ones before it."""
    obj_namespace = bundles.object_namespace(obj, namespace)
    target = target_key(obj)
    candidates = []
    for item in items:
        if item is obj:
            break
        if (kinds.is_kind(item, kinds.VIRTUAL_MACHINE_RESTORE, kinds.SNAPSHOT_GROUP)
                and bundles.object_namespace(item, namespace) == obj_namespace and target_key(item) == target):
            candidates.append(item)
    stored: list[dict] = []
    for candidate in candidates:
        if _admit(candidate, items, namespace, config, stored).allowed:
            stored.append(as_stored(candidate, namespace))
    return stored


def admit_vm_restore(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the VirtualMachineRestore ``obj``; ``items`` is the bundle (the
    cluster), ``namespace`` the request namespace of an object without one."""
    return _admit(obj, items, namespace, config, restores_before(obj, items, namespace, config))
