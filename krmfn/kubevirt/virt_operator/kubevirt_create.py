"""The CREATE chain of the KubeVirt custom resource, in the order a cluster runs it.

No single KubeVirt file: the API server, then virt-operator's validating webhook
(docs/kubevirt/admission.md#stages-of-a-create); the KubeVirt CR has no mutating webhook.

1. ``kube-apiserver/api-discovery``: ``kubevirt.io`` serves ``v1`` and the deprecated ``v1alpha3``
   (``crds.go`` ``NewKubeVirtCrd``, ``newCRDVersions()``); a ``v1alpha3`` CR gets the CRD's
   deprecation warning;
2. ``kube-apiserver/field-validation``: strict field validation against the KubeVirt CRD of the
   release (``krmfn.kubevirt.apiserver.kubevirt_schema``);
3. ``kube-apiserver/crd-schema``: ObjectMeta validation (a namespaced object), then the CRD's
   OpenAPI schema (required fields, enums, bounds, quantity patterns), then its ``maxItems`` and
   ``minLength`` (``length_causes``), every cause listed;
4. ``validating-webhook/openapi-schema``: the webhook's ``ValidateSchema``;
5. ``validating-webhook``: ``kubeVirtCreateAdmitter.Admit``'s LIST: another KubeVirt CR in the
   bundle rejects this one (4 and 5:
   ``krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter``).

The webhook reads no feature gate and no cluster setting: ``config`` only picks the release.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.kubevirt_schema import (
    KUBEVIRT_DEPRECATED,
    KUBEVIRT_VERSIONS,
    kubevirt_schema,
    length_causes,
)
from krmfn.kubevirt.util.webhooks import STAGE_CRD_SCHEMA, Admission, Cause, allow, reject
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter import admit_kubevirt_create
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion


@cache
def kubevirt_resource(version: KubevirtVersion) -> apiserver.CustomResource:
    """The KubeVirt CRD as a KubeVirt release serves it."""
    return apiserver.CustomResource(
        kind=kinds.KUBEVIRT,
        group=kinds.KUBEVIRT_GROUP,
        versions=KUBEVIRT_VERSIONS,
        namespaced=True,
        schema=kubevirt_schema(version),
        deprecated=KUBEVIRT_DEPRECATED,
    )


def admit_kubevirt(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of one KubeVirt CR's CREATE; ``items`` is the bundle (its other KubeVirt CRs
    exist already), ``namespace`` the request namespace of a CR without one."""
    version = config.kubevirt_version
    resource = kubevirt_resource(version)
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    warnings = apiserver.deprecation_warnings(obj, resource)
    report = schemas.check(obj, resource.schema)
    rejected = apiserver.field_validation_error(obj, resource, warnings, report)
    if rejected is not None:
        return rejected
    causes = apiserver.object_meta_causes(obj, resource, namespace)
    causes += [Cause(*error.crd_cause()) for error in report.errors]
    causes += length_causes(obj, version)
    if causes:
        return reject(STAGE_CRD_SCHEMA, causes, warnings)
    return admit_kubevirt_create(obj, items, resource.schema, warnings) or allow(warnings)
