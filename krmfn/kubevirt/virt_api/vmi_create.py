"""The CREATE chain of a VirtualMachineInstance, in the order a cluster runs it.

No single KubeVirt file: the API server and KubeVirt's two VMI webhooks
(docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``kubevirt.io`` serves ``v1`` and the deprecated ``v1alpha3``;
2. ``kube-apiserver/field-validation``: strict field validation against the VMI CRD;
3. the VMI mutating webhook (``vmi-mutator.go`` ``Mutate``): its ``ValidateSchema`` gate
   (``mutating-webhook/openapi-schema``: KubeVirt's OpenAPI definitions, where a quantity is any
   string or number), then the Go decoding of the VMI, presets and defaults
   (``krmfn.kubevirt.virt_api.mutators.vmi_mutator``, ``mutating-webhook/vmi-mutator``): every
   later stage sees the defaulted VMI. The API server checks the CRD's schema only after the
   mutating webhooks (``kube-apiserver/crd-schema``), so a malformed quantity is the decoding's
   ``quantities must match the regular expression ...``, not the CRD's pattern;
4. ``kube-apiserver/crd-schema``: ObjectMeta validation of the mutated object;
5. the VMI validating webhook (``vmi-create-admitter.go`` ``Admit``): its ``ValidateSchema`` on the
   mutated object (``validating-webhook/openapi-schema``), then
   ``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.admitter`` (``validating-webhook``).

``admit_vmi`` returns the verdict; ``create_vmi`` also the object a cluster would store (the mutated
VMI), or None when the chain rejects it; ``stored_source`` that object as a source in git can hold
it (docs/kubevirt/vmi.md#the-stored-vmi).
"""
from __future__ import annotations


from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.vm_schema import vmi_schema
from krmfn.kubevirt.util.validate_schema import schema_gate_error
from krmfn.kubevirt.util.webhooks import (
    REASON_DEPRECATED_FIELD,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    STAGE_VMI_MUTATOR,
    Admission,
    AdmissionWarning,
    allow,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.admitter import admit_vmi_create
from krmfn.kubevirt.apimachinery.gozero import clone, str_set
from krmfn.kubevirt.virt_api.mutators.go_roundtrip import go_encoded_vmi
from krmfn.kubevirt.virt_api.mutators.vmi_mutator import (
    VIRTUAL_MACHINE_INSTANCE_FINALIZER,
    get_vmi_from_admission_review,
    mutate_vmi,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION
from krmfn.model.record import field, record

VMI_RESOURCE = apiserver.CustomResource(
    kind=kinds.VIRTUAL_MACHINE_INSTANCE,
    group=kinds.KUBEVIRT_GROUP,
    versions=frozenset({"v1", "v1alpha3"}),
    namespaced=True,
    schema=vmi_schema(DEFAULT_KUBEVIRT_VERSION),
    deprecated={"v1alpha3": "kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."},
)


@record
class VMICreate:
    """The verdict of a VMI CREATE, and the VMI as stored when it is admitted."""

    verdict: Admission
    stored: dict | None


def presets_of(bundle_items: list[dict], namespace: str) -> list[dict]:
    """The VirtualMachineInstancePresets of the bundle in ``namespace`` (the VMI mutator lists the
    presets of the VMI's namespace from its informer)."""
    return [item for item in bundle_items if kinds.is_virtual_machine_instance_preset(item)
            and bundles.object_namespace(item, namespace) == namespace]


def create_vmi(vmi: dict, presets: list[dict], namespace: str = bundles.DEFAULT_NAMESPACE,
               config: ClusterConfig | None = None) -> VMICreate:
    """The CREATE chain of one VMI; ``presets`` are the VirtualMachineInstancePresets of the
    bundle, ``namespace`` the request namespace of a VMI without one."""
    config = config or ClusterConfig()
    rejected = apiserver.discovery_error(vmi, VMI_RESOURCE)
    if rejected is not None:
        return VMICreate(rejected, None)
    warnings = apiserver.deprecation_warnings(vmi, VMI_RESOURCE)
    schema = vmi_schema(config.kubevirt_version)
    report = schemas.check(vmi, schema, scalar_defaults=True, go_decoding=True)
    rejected = apiserver.field_validation_error(vmi, VMI_RESOURCE, warnings, report) or schema_gate_error(
        report, warnings)
    if rejected is not None:
        return VMICreate(rejected, None)
    failure = get_vmi_from_admission_review(vmi, schema, report)
    if failure is not None:
        return VMICreate(reject_message(STAGE_VMI_MUTATOR, failure[0], warnings, located=failure[1]), None)
    vmi_namespace = bundles.object_namespace(vmi, namespace)
    mutation = mutate_vmi(vmi, presets_of(presets, vmi_namespace), config)
    warnings = warnings + [AdmissionWarning(text, REASON_DEPRECATED_FIELD) for text in mutation.warnings]
    if mutation.error is not None:
        return VMICreate(reject_message(STAGE_VMI_MUTATOR, mutation.error, warnings), None)
    mutated = mutation.vmi
    rejected = apiserver.crd_schema_error(mutated, VMI_RESOURCE, namespace, warnings, None)
    if rejected is not None:
        return VMICreate(rejected, None)
    rejected = schema_gate_error(schemas.check(mutated, schema, scalar_defaults=True), warnings,
                                 STAGE_VALIDATING_SCHEMA)
    if rejected is not None:
        return VMICreate(rejected, None)
    causes, admitter_warnings = admit_vmi_create(mutated, config)
    warnings = warnings + [AdmissionWarning(text, REASON_DEPRECATED_FIELD) for text in admitter_warnings]
    if causes:
        return VMICreate(reject_webhook(STAGE_VALIDATING_WEBHOOK, causes, warnings), None)
    return VMICreate(allow(warnings), mutated)


def admit_vmi(vmi: dict, presets: list[dict], namespace: str = bundles.DEFAULT_NAMESPACE,
              config: ClusterConfig | None = None) -> Admission:
    """The verdict of ``create_vmi``."""
    return create_vmi(vmi, presets, namespace, config).verdict


# What only the live object can hold (JSON Pointers, as Argo CD's ignoreDifferences names them).
FIRMWARE_UUID_POINTER = "/spec/domain/firmware/uuid"
FINALIZERS_POINTER = "/metadata/finalizers"


@record
class StoredSource:
    """A VMI as git can hold what KubeVirt stores, and the fields only the live object has."""

    vmi: dict
    live_only: list[str] = field(default_factory=list)


def stored_source(source: dict, stored: dict) -> StoredSource:
    """The ``stored`` VMI (``create_vmi``) written for git in place of ``source``: its metadata and
    spec in the webhook's Go encoding; not its status (the cluster's), not the random firmware UUID
    the API's defaulter gives a VMI without one, and not the webhook's finalizer, which it appends
    on every CREATE (a source that held it would be stored with it twice)."""
    written = {key: clone(value) for key, value in stored.items() if key != "status"}
    live_only = []
    if not str_set(_get(source, "spec", "domain", "firmware", "uuid")):
        firmware = _get(written, "spec", "domain", "firmware")
        if isinstance(firmware, dict) and firmware.pop("uuid", None) is not None:
            live_only.append(FIRMWARE_UUID_POINTER)
    metadata = written.get("metadata")
    if isinstance(metadata, dict) and isinstance(metadata.get("finalizers"), list):
        metadata["finalizers"] = list(metadata["finalizers"])
        metadata["finalizers"].remove(VIRTUAL_MACHINE_INSTANCE_FINALIZER)  # one of equals: the webhook's
        live_only.append(FINALIZERS_POINTER)
    go_encoded_vmi(written)
    return StoredSource(written, live_only)


def _get(node: object, *path: str) -> object:
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    return node
