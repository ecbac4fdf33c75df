"""The CREATE chain of a VirtualMachineInstanceReplicaSet, in the order a cluster runs it.

No single KubeVirt file: the API server and KubeVirt's VMIRS validating webhook (there is no VMIRS
mutating webhook; docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``kubevirt.io`` serves ``v1`` and the deprecated ``v1alpha3``
   (``NewReplicaSetCrd``, ``virtv1.ApiSupportedVersions``), whose CRD warning is kept;
2. ``kube-apiserver/field-validation``: strict field validation against the VMIRS CRD
   (``krmfn.kubevirt.apiserver.vmirs_schema``);
3. ``kube-apiserver/crd-schema``: ObjectMeta validation, then the CRD's OpenAPI schema
   (``spec.selector`` and ``spec.template`` are required);
4. the VMIRS validating webhook (``vmirs-admitter.go`` ``Admit``,
   ``krmfn.kubevirt.virt_api.admitters.vmirs_admitter``): its ``ValidateSchema``
   (``validating-webhook/openapi-schema``), then the decoding, ``ValidateVMIRSSpec`` and the
   discontinued feature gates (``validating-webhook``).

The VMIs the replica set creates go through the VMI chain on their own; they are not admitted here.
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.vmirs_schema import VMIRS_DEPRECATED, VMIRS_VERSIONS, vmirs_schema
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.kubevirt.virt_api.admitters.vmirs_admitter import admit_vmirs_webhook
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion


def vmirs_resource(version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> apiserver.CustomResource:
    """The VMIRS CRD as a KubeVirt release serves it."""
    return apiserver.CustomResource(
        kind=kinds.VIRTUAL_MACHINE_INSTANCE_REPLICA_SET,
        group=kinds.KUBEVIRT_GROUP,
        versions=VMIRS_VERSIONS,
        namespaced=True,
        schema=vmirs_schema(version),
        deprecated=VMIRS_DEPRECATED,
    )


VMIRS_RESOURCE = vmirs_resource()


def admit_vmirs(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a VMIRS CREATE; ``items`` is the bundle (the webhook looks nothing up in
    it), ``namespace`` the request namespace of an object without one."""
    resource = VMIRS_RESOURCE if config.kubevirt_version == DEFAULT_KUBEVIRT_VERSION \
        else vmirs_resource(config.kubevirt_version)
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    warnings = apiserver.deprecation_warnings(obj, resource)
    report = schemas.check(obj, resource.schema)
    rejected = (apiserver.field_validation_error(obj, resource, warnings, report)
                or apiserver.crd_schema_error(obj, resource, namespace, warnings, report))
    if rejected is not None:
        return rejected
    return admit_vmirs_webhook(obj, config, warnings)
