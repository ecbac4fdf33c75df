"""The CREATE chain of a VirtualMachineInstancePreset, in the order a cluster runs it.

No single KubeVirt file: the API server and KubeVirt's preset validating webhook (there is no
preset mutating webhook; docs/kubevirt/admission.md#stages-of-a-create). The kind is deprecated but
still served and validated:

1. ``kube-apiserver/api-discovery``: ``kubevirt.io`` serves ``v1`` and ``v1alpha3``, both deprecated
   (``NewPresetCrd``): every CREATE gets the CRD's warning ``kubevirt.io/<version>
   VirtualMachineInstancePresets is now deprecated and will be removed in v2.`` (no replacement
   version: the replacement is instance types and preferences);
2. ``kube-apiserver/field-validation``: strict field validation against the preset CRD
   (``krmfn.kubevirt.apiserver.vmirs_schema``);
3. ``kube-apiserver/crd-schema``: ObjectMeta validation, then the CRD's OpenAPI schema
   (``spec.selector`` is required, ``spec.domain.devices`` when a domain is given);
4. the preset validating webhook (``vmi-preset-admitter.go`` ``Admit``,
   ``krmfn.kubevirt.virt_api.admitters.vmi_preset_admitter``): its ``ValidateSchema``
   (``validating-webhook/openapi-schema``), then the decoding and ``ValidateVMIPresetSpec``
   (``validating-webhook``).

What a preset does to VMIs is the VMI mutator's (``krmfn.kubevirt.virt_api.mutators.preset``).
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.vmirs_schema import PRESET_DEPRECATED, PRESET_VERSIONS, vmi_preset_schema
from krmfn.kubevirt.util.webhooks import REASON_DEPRECATED_API_VERSION, Admission, AdmissionWarning
from krmfn.kubevirt.virt_api.admitters.vmi_preset_admitter import admit_vmi_preset_webhook
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion


def vmi_preset_resource(version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> apiserver.CustomResource:
    """The preset CRD as a KubeVirt release serves it."""
    return apiserver.CustomResource(
        kind=kinds.VIRTUAL_MACHINE_INSTANCE_PRESET,
        group=kinds.KUBEVIRT_GROUP,
        versions=PRESET_VERSIONS,
        namespaced=True,
        schema=vmi_preset_schema(version),
        deprecated=PRESET_DEPRECATED,
    )


VMI_PRESET_RESOURCE = vmi_preset_resource()


def preset_deprecation_warnings(obj: dict, resource: apiserver.CustomResource) -> list[AdmissionWarning]:
    """The CRD's deprecation warning of the served version, pointing at ``apiVersion`` with no
    proposed replacement (``apiserver.deprecation_warnings`` proposes ``kubevirt.io/v1``, itself
    deprecated for this kind)."""
    text = resource.deprecated.get(apiserver.version_of(obj))
    return [AdmissionWarning(text, REASON_DEPRECATED_API_VERSION, "apiVersion", obj.get("apiVersion"))] if text else []


def admit_vmi_preset(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a preset CREATE; ``items`` is the bundle (the webhook looks nothing up in
    it), ``namespace`` the request namespace of an object without one."""
    version = config.kubevirt_version
    resource = VMI_PRESET_RESOURCE if version == DEFAULT_KUBEVIRT_VERSION else vmi_preset_resource(version)
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    warnings = preset_deprecation_warnings(obj, resource)
    report = schemas.check(obj, resource.schema)
    rejected = (apiserver.field_validation_error(obj, resource, warnings, report)
                or apiserver.crd_schema_error(obj, resource, namespace, warnings, report))
    if rejected is not None:
        return rejected
    return admit_vmi_preset_webhook(obj, version, warnings)
