"""The CREATE chain of a VirtualMachineSnapshot, in the order a cluster runs it.

No single KubeVirt file: the API server (``krmfn.kubevirt.storage.admitters.crd_create``) and
KubeVirt's snapshot webhook (docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``snapshot.kubevirt.io`` serves ``v1alpha1`` and ``v1beta1``
   (``krmfn.kubevirt.apiserver.snapshot_schema``);
2. ``kube-apiserver/field-validation``: strict field validation against the CRD schema;
3. ``kube-apiserver/crd-schema``: ObjectMeta, then the schema (``spec``, ``spec.source`` and its
   ``kind`` and ``name`` required);
4. ``validating-webhook``: ``krmfn.kubevirt.storage.admitters.vmsnapshot`` (the Snapshot gate, the
   failure deadline, the source's apiGroup and kind) on the object as stored (no status, in its
   namespace).

There is no mutating webhook. The webhook looks nothing up, so ``items`` is not read.
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver.create import CustomResource
from krmfn.kubevirt.apiserver.snapshot_schema import SNAPSHOT_VERSIONS, VIRTUAL_MACHINE_SNAPSHOT
from krmfn.kubevirt.storage.admitters.crd_create import admit_before_webhook, as_stored
from krmfn.kubevirt.storage.admitters.vmsnapshot import validate_vm_snapshot_create
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds

SNAPSHOT_RESOURCE = CustomResource(
    kind=kinds.VIRTUAL_MACHINE_SNAPSHOT,
    group=kinds.SNAPSHOT_GROUP,
    versions=SNAPSHOT_VERSIONS,
    namespaced=True,
    schema=VIRTUAL_MACHINE_SNAPSHOT,
)


def admit_vm_snapshot(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the VirtualMachineSnapshot ``obj``; ``namespace`` is the request
    namespace of an object without one."""
    del items  # the snapshot webhook GETs nothing
    rejected = admit_before_webhook(obj, SNAPSHOT_RESOURCE, namespace, [])
    if rejected is not None:
        return rejected
    return validate_vm_snapshot_create(as_stored(obj, namespace), config)
