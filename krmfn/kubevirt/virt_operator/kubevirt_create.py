"""The CREATE chain of the KubeVirt custom resource, in the order a cluster runs it, and the
bundle's KubeVirt CRs applied one after the other.

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
5. ``validating-webhook``: ``kubeVirtCreateAdmitter.Admit``'s LIST: a KubeVirt CR the cluster
   already stores rejects this one (4 and 5:
   ``krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter``).

The cluster starts without a KubeVirt CR, and the bundle's are applied in order
(``apply_kubevirts``): the first one the chain admits is stored, and every later one of another
namespace or name is refused with ``Kubevirt is already created``; a CR the chain refuses is never
stored and rejects nothing. A later CR of the stored one's namespace and name is that same object:
``kubectl apply`` updates it, so its request is an UPDATE, whose webhook
(``krmfn.kubevirt.virt_operator.webhooks.kubevirt_update_admitter``) replaces steps 4 and 5. The
stored CR stays the first definition (what krmfn reads of it; the duplicate-object check reports
the second). When validate looks past a stage (docs/kubevirt/admission.md#every-problem-of-an-object),
the CR stored before each one is still the one a cluster stores: the CRs' own verdicts decide it.

The webhooks read no feature gate and no cluster setting: ``config`` only picks the release.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.kubevirt_schema import (
    KUBEVIRT_DEPRECATED,
    KUBEVIRT_VERSIONS,
    kubevirt_schema,
    length_causes,
)
from krmfn.kubevirt.util.webhooks import STAGE_CRD_SCHEMA, Admission, Cause, allow, looking_past, reject
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter import admit_kubevirt_create
from krmfn.kubevirt.virt_operator.webhooks.kubevirt_update_admitter import admit_kubevirt_update
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


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


def is_kubevirt(item: Any) -> bool:
    """A ``kubevirt.io`` KubeVirt of any version (an unserved one is refused at api-discovery)."""
    return kinds.is_kind(item, kinds.KUBEVIRT, kinds.KUBEVIRT_GROUP)


def object_key(obj: dict, namespace: str) -> tuple[str, str]:
    """The CR's namespace (``namespace`` for one without) and name: what makes two definitions one object."""
    metadata = obj.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return bundles.object_namespace(obj, namespace), name if isinstance(name, str) else ""


@record
class KubevirtApply:
    """The bundle's KubeVirt CRs applied in order (module doc), by item index: each one's
    ``verdicts``, the CR the cluster holds when it is applied (``held``, None: none), the CRs whose
    request is an UPDATE of the held one (``updates``), and the CR held at the end (``stored``)."""

    verdicts: dict[int, Admission] = field(default_factory=dict)
    held: dict[int, int | None] = field(default_factory=dict)
    updates: set[int] = field(default_factory=set)
    stored: int | None = None


def apply_kubevirts(items: Sequence[Any], namespace: str, version: KubevirtVersion) -> KubevirtApply:
    """Every KubeVirt CR of ``items`` applied in bundle order against what the ones before it left,
    as a cluster answers (nothing looked past); ``namespace`` is the request namespace of a CR
    without one."""
    applied = KubevirtApply()
    with looking_past(()):
        for index, item in enumerate(items):
            if not is_kubevirt(item):
                continue
            held = None if applied.stored is None else items[applied.stored]
            applied.held[index] = applied.stored
            if held is not None and object_key(held, namespace) == object_key(item, namespace):
                applied.updates.add(index)
            verdict = _request(item, held, namespace, version)
            applied.verdicts[index] = verdict
            if verdict.allowed and applied.stored is None:
                applied.stored = index
    return applied


def create_kubevirts(items: list, indices: Sequence[int], namespace: str, config: ClusterConfig) -> list[Admission]:
    """The verdicts of the KubeVirt CRs at ``indices``, each applied after the bundle's CRs before it
    (``apply_kubevirts`` decides which of those the cluster holds; the chain of each CR at
    ``indices`` runs in the caller's context, so it looks past what validate asks it to)."""
    if not indices:
        return []
    version = config.kubevirt_version
    applied = apply_kubevirts(items, namespace, version)
    return [_request(items[index], _held(items, applied.held.get(index)), namespace, version) for index in indices]


def admit_kubevirt(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of one KubeVirt CR applied after the CRs before it in ``items`` (found by
    identity; all of them when ``obj`` is not among ``items``)."""
    position = next((index for index, item in enumerate(items) if item is obj), len(items))
    version = config.kubevirt_version
    stored = apply_kubevirts(items[:position], namespace, version).stored
    return _request(obj, _held(items, stored), namespace, version)


def _held(items: Sequence[Any], index: int | None) -> dict | None:
    return None if index is None else items[index]


def _request(obj: dict, held: dict | None, namespace: str, version: KubevirtVersion) -> Admission:
    """One CR's request: an UPDATE of ``held`` when it is the same object, else a CREATE that the
    webhook's LIST answers with ``held``."""
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
    if held is not None and object_key(held, namespace) == object_key(obj, namespace):
        return admit_kubevirt_update(obj, resource.schema, warnings) or allow(warnings)
    stored = [] if held is None else [held]
    return admit_kubevirt_create(obj, stored, resource.schema, warnings) or allow(warnings)
