"""The CREATE chain of a HyperConverged (``hco.kubevirt.io``), in the order a cluster runs it.

No single HCO file: the API server with HCO's CRD (``deploy/crds/hco00.crd.yaml``, HCO v1.18.1),
then HCO's webhooks (docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``hco.kubevirt.io`` serves ``v1`` and ``v1beta1`` (neither
   deprecated); anything else is ``no matches for kind "HyperConverged" in version ...``;
2. ``kube-apiserver/field-validation``: strict field validation against the version's schema
   (``krmfn.hco.deploy.crds.hco00_crd``): a field HCO's CRD does not have, such as the long
   removed ``spec.featureGates.sriovLiveMigration``, is
   ``HyperConverged in version "v1beta1" cannot be handled as a HyperConverged: strict decoding
   error: unknown field "spec.featureGates.sriovLiveMigration"``;
3. the CRD's defaults (``krmfn.hco.deploy.crds.defaulting``), then
   ``mutating-webhook/hyperconverged-mutator``: the webhook's decoding and patches
   (``krmfn.hco.webhooks.mutator``);
4. ``kube-apiserver/crd-schema``: ObjectMeta (a namespaced object), the schema (types, enums,
   patterns, minimums; ``metadata.name`` must match ``kubevirt-hyperconverged``), the CRD's
   ``maxItems`` (one hypervisor) and ``minLength`` (a template's ``serviceAccountName``), then its
   CEL rules (``RULES``), each ``Invalid value: "object": <message>`` on the object that carries
   it; a Required, Unsupported, Too many or type error blocks the rules (the API server's
   ``some validation rules were not checked`` cause instead). Like the field validation, a
   rejection here that HCO's webhook could still decode is looked past when validate asks what
   the later stages answer (docs/kubevirt/admission.md#every-problem-of-an-object);
5. ``validating-webhook``: HCO's validator (``krmfn.hco.webhooks.validator``); its warnings are
   the answer's warnings.

The status is dropped on CREATE (a status subresource); no lookups in the bundle.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from krmfn.hco.deploy.crds.defaulting import defaulted
from krmfn.hco.deploy.crds.hco00_crd import SERVED_VERSIONS, STORAGE_VERSION, hyperconverged_schemas
from krmfn.hco.webhooks.mutator import decode_error, mutate_create
from krmfn.hco.webhooks.validator import validate_create
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.storage.admitters.backup_create import RULES_NOT_CHECKED
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_TOO_MANY,
    REASON_DEPRECATED_FIELD,
    STAGE_CRD_SCHEMA,
    STAGE_HYPERCONVERGED_MUTATOR,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    AdmissionWarning,
    Cause,
    allow,
    passed_over,
    reject,
    reject_message,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

MAX_HYPERVISORS = 1
# apiextensions-apiserver's hasBlockingErr: these keep the CEL rules from running.
_BLOCKING_CODES = frozenset({schemas.REQUIRED, schemas.ENUM, schemas.INVALID_TYPE})
_BLOCKING_META_PREFIXES = ("Required value", "Unsupported value", "Too long", "Too many")

Rule = tuple[str, Callable[[dict], bool]]


def _has(obj: dict, key: str) -> bool:
    return obj.get(key) is not None


def _mac_range(pool: dict) -> bool:
    return _has(pool, "rangeStart") == _has(pool, "rangeEnd")


def _has_device_types(config: dict) -> bool:
    return any(isinstance(config.get(key), list) and len(config[key]) > 0
               for key in ("mediatedDeviceTypes", "mediatedDevicesTypes"))


def _ratio(obj: dict) -> bool:
    ratio = obj.get("vmiCPUAllocationRatio")
    return not _has(obj, "vmiCPUAllocationRatio") or (isinstance(ratio, (int, float)) and ratio > 0)


MAC_RANGE = ("both rangeStart and rangeEnd must be configured together, or both omitted", _mac_range)
MDEV_TYPES = ("for mediatedDevicesConfiguration a non-empty mediatedDeviceTypes or mediatedDevicesTypes(deprecated) "
              "is required", _has_device_types)
NODE_MDEV_TYPES = ("for nodeMediatedDeviceTypes a non-empty mediatedDeviceTypes or mediatedDevicesTypes(deprecated) "
                   "is required", _has_device_types)
CPU_RATIO = ("vmiCPUAllocationRatio must be greater than 0", _ratio)
# The CRD's x-kubernetes-validations, by version: (path of the object from spec, [] a list's items; rule).
RULES: dict[str, tuple[tuple[tuple[str, ...], Rule], ...]] = {
    "v1": (
        (("networking", "kubeMacPoolConfiguration"), MAC_RANGE),
        (("virtualization",), CPU_RATIO),
    ),
    "v1beta1": (
        (("kubeMacPoolConfiguration",), MAC_RANGE),
        (("mediatedDevicesConfiguration",), MDEV_TYPES),
        (("mediatedDevicesConfiguration", "nodeMediatedDeviceTypes", "[]"), NODE_MDEV_TYPES),
        (("resourceRequirements",), CPU_RATIO),
    ),
}


@cache
def hyperconverged_resource() -> apiserver.CustomResource:
    """The HyperConverged CRD as the API server serves it."""
    schemas_by_version = hyperconverged_schemas()
    return apiserver.CustomResource(kind=kinds.HYPERCONVERGED, group=kinds.HCO_GROUP,
                                    versions=frozenset(SERVED_VERSIONS), namespaced=True,
                                    schema=schemas_by_version[STORAGE_VERSION], version_schemas=schemas_by_version)


def _objects_at(value: Any, path: tuple[str, ...], field: str) -> list[tuple[dict, str]]:
    """The objects at ``path`` under ``value``, with their field paths."""
    if not path:
        return [(value, field)] if isinstance(value, dict) else []
    head, rest = path[0], path[1:]
    if head == "[]":
        items = value if isinstance(value, list) else []
        return [found for index, item in enumerate(items) for found in _objects_at(item, rest, f"{field}[{index}]")]
    child = value.get(head) if isinstance(value, dict) else None
    return _objects_at(child, rest, f"{field}.{head}")


def cel_causes(obj: dict, version: str) -> list[Cause]:
    """The failing CEL rules of a schema-valid HyperConverged, in the CRD's order."""
    causes = []
    for path, (message, holds) in RULES.get(version, ()):
        causes += [Cause(field, f'Invalid value: "object": {message}', CAUSE_FIELD_VALUE_INVALID)
                   for value, field in _objects_at(obj.get("spec"), path, "spec") if not holds(value)]
    return causes


def length_causes(obj: dict, version: str) -> list[Cause]:
    """The CRD's ``maxItems: 1`` of the hypervisors and ``minLength: 1`` of a template's
    ``serviceAccountName``."""
    spec: dict = obj["spec"] if isinstance(obj.get("spec"), dict) else {}
    v1 = version == "v1"
    owner, prefix = (spec.get("virtualization"), "spec.virtualization") if v1 else (spec, "spec")
    causes = []
    hypervisors = owner.get("hypervisors") if isinstance(owner, dict) else None
    if isinstance(hypervisors, list) and len(hypervisors) > MAX_HYPERVISORS:
        causes.append(Cause(f"{prefix}.hypervisors",
                            f"Too many: {len(hypervisors)}: must have at most {MAX_HYPERVISORS} item",
                            CAUSE_FIELD_VALUE_TOO_MANY))
    sources, prefix = (spec.get("workloadSources"), "spec.workloadSources") if v1 else (spec, "spec")
    templates = sources.get("dataImportCronTemplates") if isinstance(sources, dict) else None
    for index, template in enumerate(templates if isinstance(templates, list) else []):
        template_spec = template.get("spec") if isinstance(template, dict) else None
        if isinstance(template_spec, dict) and template_spec.get("serviceAccountName") == "":
            path = f"{prefix}.dataImportCronTemplates[{index}].spec.serviceAccountName"
            causes.append(Cause(path, f'Invalid value: "": {path} in body should be at least 1 chars long',
                                CAUSE_FIELD_VALUE_INVALID))
    return causes


def _blocking(causes: list[Cause], report: schemas.SchemaReport) -> bool:
    return (any(error.code in _BLOCKING_CODES for error in report.errors)
            or any(cause.message.startswith(_BLOCKING_META_PREFIXES) for cause in causes))


def _without_status(obj: dict) -> dict:
    return {key: value for key, value in obj.items() if key != "status"}


def admit_hyperconverged(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of one HyperConverged's CREATE (module doc); ``items`` and ``config`` are not read."""
    del items, config  # HCO's webhooks look nothing up and read no KubeVirt setting
    resource = hyperconverged_resource()
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    version = apiserver.version_of(obj)
    schema = resource.schema_for(version)
    rejected = apiserver.field_validation_error(obj, resource, [], schemas.check(_without_status(obj), schema))
    if rejected is not None:
        return rejected
    stored = defaulted(_without_status(obj), version)
    error = decode_error(stored, version)
    if error is not None:
        return reject_message(STAGE_HYPERCONVERGED_MUTATOR, error)
    stored = mutate_create(stored, version)
    report = schemas.check(stored, schema)
    causes = apiserver.object_meta_causes(stored, resource, namespace)
    causes += [Cause(*error.crd_cause()) for error in report.errors]
    causes += length_causes(stored, version)
    if _blocking(causes, report):
        causes.append(RULES_NOT_CHECKED)
    else:
        causes += cel_causes(stored, version)
    rejected = passed_over(reject(STAGE_CRD_SCHEMA, causes), schemas.decodable(report)) if causes else None
    if rejected is not None:
        return rejected
    answer = validate_create(stored, version)
    warnings = [AdmissionWarning(warning.text, REASON_DEPRECATED_FIELD, warning.path) for warning in answer.warnings]
    if answer.denied is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, answer.denied, warnings)
    return allow(warnings)
