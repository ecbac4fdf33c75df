"""The CREATE chain of a VirtualMachineClone, in the order a cluster runs it.

No single KubeVirt file: the API server and KubeVirt's two clone webhooks
(docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``clone.kubevirt.io`` serves ``v1alpha1`` and ``v1beta1``
   (``krmfn.kubevirt.apiserver.clone_schema``);
2. ``kube-apiserver/field-validation``: strict field validation against the CRD schema of the
   release (``clone_schema.clone_schema``);
3. the clone mutating webhook (``clone-create-mutator.go`` ``Mutate``): its ``ValidateSchema`` gate
   (``mutating-webhook/openapi-schema``: only ``spec`` required, no definition is found for it), then
   the Go decoding and the default target (``krmfn.kubevirt.virt_api.mutators.clone_create_mutator``,
   ``mutating-webhook/clone-mutator``): every later stage sees the mutated clone;
4. ``kube-apiserver/crd-schema``: the status subresource drops ``status``, then ObjectMeta and the
   CRD schema (``spec.source`` with its ``kind`` and ``name``, a target's ``kind`` and ``name``, the
   ``volumeNamePolicy`` enum);
5. ``validating-webhook``: ``krmfn.kubevirt.virt_api.admitters.vmclone_admitter`` (the Snapshot
   gate, filters, kinds, source, target, MAC addresses, patches).

The webhooks look nothing up (the source VM or snapshot need not exist), so ``items`` is not read.
``create_vm_clone`` also returns the clone as stored.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.clone_schema import CLONE_VERSIONS, clone_schema
from krmfn.kubevirt.util.validate_schema import spec_required_error
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_REQUIRED,
    STAGE_CLONE_MUTATOR,
    Admission,
    AdmissionWarning,
    Cause,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.virt_api.admitters.vmclone_admitter import admit_vm_clone_create
from krmfn.kubevirt.virt_api.mutators.clone_create_mutator import mutate_clone, target_suffix
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.reasons import KUBEVIRT_CRASH
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.record import record


@cache
def clone_resource(version: KubevirtVersion) -> apiserver.CustomResource:
    """The VirtualMachineClone CRD as a KubeVirt release serves it."""
    return apiserver.CustomResource(kind=kinds.VIRTUAL_MACHINE_CLONE, group=kinds.CLONE_GROUP,
                                    versions=CLONE_VERSIONS, namespaced=True, schema=clone_schema(version))


@record
class CloneCreate:
    """The verdict of a clone's CREATE, and the clone as stored when it is admitted."""

    verdict: Admission
    stored: dict | None


def _name_of(obj: dict) -> str:
    metadata = obj.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return name if isinstance(name, str) else ""


def create_vm_clone(obj: dict, namespace: str, config: ClusterConfig) -> CloneCreate:
    """The CREATE chain of one clone; ``namespace`` is the request namespace of a clone without one."""
    resource = clone_resource(config.kubevirt_version)
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return CloneCreate(rejected, None)
    no_warnings: list[AdmissionWarning] = []
    rejected = (apiserver.field_validation_error(obj, resource, no_warnings, schemas.check(obj, resource.schema))
                or spec_required_error(obj, no_warnings))
    if rejected is not None:
        return CloneCreate(rejected, None)
    clone_namespace = bundles.object_namespace(obj, namespace)
    mutation = mutate_clone(obj, resource.schema, target_suffix(clone_namespace, _name_of(obj)))
    if mutation.clone is None and mutation.crash:
        return CloneCreate(reject_webhook(STAGE_CLONE_MUTATOR, [Cause(
            mutation.located, mutation.error or "", CAUSE_FIELD_VALUE_REQUIRED, frozenset({KUBEVIRT_CRASH}))]), None)
    if mutation.clone is None:
        return CloneCreate(reject_message(STAGE_CLONE_MUTATOR, mutation.error or "", located=mutation.located), None)
    stored = {key: value for key, value in mutation.clone.items() if key != "status"}
    rejected = apiserver.crd_schema_error(stored, resource, namespace, no_warnings,
                                          schemas.check(stored, resource.schema))
    if rejected is not None:
        return CloneCreate(rejected, None)
    metadata = stored.get("metadata")
    if isinstance(metadata, dict):
        stored["metadata"] = {**metadata, "namespace": clone_namespace}
    verdict = admit_vm_clone_create(stored, config)
    return CloneCreate(verdict, stored if verdict.allowed else None)


def admit_vm_clone(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the VirtualMachineClone ``obj``; ``namespace`` is the request
    namespace of an object without one."""
    del items  # the clone webhooks GET nothing
    return create_vm_clone(obj, namespace, config).verdict
