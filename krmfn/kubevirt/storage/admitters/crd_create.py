"""The API server's part of a CREATE of the snapshot, restore and export custom resources, before
their validating webhook (no KubeVirt file: generic Kubernetes behaviour for the CRDs of
``pkg/virt-operator/resource/generate/components/crds.go``, docs/kubevirt/admission.md#stages-of-a-create).

1. ``kube-apiserver/api-discovery``: the apiVersion is not served; a deprecated served version
   adds the CRD's deprecation warning;
2. ``kube-apiserver/field-validation``: strict field validation;
3. ``kube-apiserver/crd-schema``: ObjectMeta, then the CRD's OpenAPI schema.

These CRDs have a status subresource: on CREATE the API server drops ``status`` before it
validates the object and before any webhook sees it, and it sets the request namespace on an
object without one. ``as_stored`` is the object as the webhook sees it and the cluster stores it.
None of these kinds has a mutating webhook.
"""
from __future__ import annotations

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.util.webhooks import Admission, AdmissionWarning


def as_stored(obj: dict, namespace: str) -> dict:
    """``obj`` as the API server passes it on: without ``status``, in its effective namespace
    (a shallow copy; ``obj`` is untouched)."""
    stored = {key: value for key, value in obj.items() if key != "status"}
    metadata = obj.get("metadata")
    if isinstance(metadata, dict):
        stored["metadata"] = {**metadata, "namespace": bundles.object_namespace(obj, namespace)}
    return stored


def admit_before_webhook(obj: dict, resource: apiserver.CustomResource, namespace: str,
                         warnings: list[AdmissionWarning]) -> Admission | None:
    """Stages 1-3: the rejection, or None when the object reaches its validating webhook.
    ``warnings`` are the deprecation warnings a rejection after discovery carries."""
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    without_status = {key: value for key, value in obj.items() if key != "status"}
    report = schemas.check(without_status, resource.schema_for(apiserver.version_of(obj)))
    return (apiserver.field_validation_error(obj, resource, warnings, report)
            or apiserver.crd_schema_error(obj, resource, namespace, warnings, report))
