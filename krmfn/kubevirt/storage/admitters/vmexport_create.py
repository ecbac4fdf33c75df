"""The CREATE chain of a VirtualMachineExport, in the order a cluster runs it.

No single KubeVirt file: the API server (``krmfn.kubevirt.storage.admitters.crd_create``) and
KubeVirt's export webhook (docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: the versions ``export.kubevirt.io`` serves in the release
   (``krmfn.kubevirt.apiserver.export_schema.export_versions``: ``v1`` and the deprecated
   ``v1beta1``, whose CRD warning every later answer carries; ``v1alpha1`` and ``v1beta1``
   before v1.9);
2. ``kube-apiserver/field-validation``: strict field validation against the CRD schema;
3. ``kube-apiserver/crd-schema``: ObjectMeta, then the schema (``spec``, ``spec.source`` and its
   ``kind`` and ``name`` required);
4. ``validating-webhook``: ``krmfn.kubevirt.storage.admitters.vmexport`` (the VMExport gate before
   v1.9, the TTL, the source by kind) on the object as stored (no status, in its namespace).

There is no mutating webhook. The webhook looks nothing up, so ``items`` is not read.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver.create import CustomResource, deprecation_warnings
from krmfn.kubevirt.apiserver.export_schema import VIRTUAL_MACHINE_EXPORT, export_versions
from krmfn.kubevirt.storage.admitters.crd_create import admit_before_webhook, as_stored
from krmfn.kubevirt.storage.admitters.vmexport import validate_vm_export_create
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion



@cache
def export_resource(version: KubevirtVersion) -> CustomResource:
    """The VirtualMachineExport CRD as a KubeVirt release serves it."""
    versions, deprecated = export_versions(version)
    return CustomResource(kind=kinds.VIRTUAL_MACHINE_EXPORT, group=kinds.EXPORT_GROUP, versions=versions,
                          namespaced=True, schema=VIRTUAL_MACHINE_EXPORT, deprecated=deprecated)


def admit_vm_export(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the VirtualMachineExport ``obj``; ``namespace`` is the request
    namespace of an object without one."""
    del items  # the export webhook GETs nothing
    resource = export_resource(config.kubevirt_version)
    warnings = deprecation_warnings(obj, resource)
    rejected = admit_before_webhook(obj, resource, namespace, warnings)
    if rejected is not None:
        return rejected
    verdict = validate_vm_export_create(as_stored(obj, namespace), config)
    verdict.warnings = warnings + verdict.warnings
    return verdict
