"""The API server's part of a CREATE of a KubeVirt custom resource, before and around the webhooks.

No KubeVirt file: this is generic Kubernetes behaviour for the CRDs virt-operator installs
(``pkg/virt-operator/resource/generate/components/crds.go``), as the golden corpus records it:

1. ``kube-apiserver/api-discovery``: the client finds no served version for the apiVersion:
   ``no matches for kind "<Kind>" in version "<group>/<version>"``;
   a deprecated served version adds the CRD's deprecation warning (the legacy instancetype
   versions under the legacy policy ``convert``: KubeVirt v1.0-v1.5's CRDs, which validated every
   version against one schema and stored the object unchanged);
2. ``kube-apiserver/field-validation``: strict field validation rejects unknown fields;
3. ``kube-apiserver/crd-schema``: ObjectMeta validation, then the CRD's OpenAPI schema (krmfn's
   ``v1beta2`` instance types have their own, ``schema.INSTANCETYPE_V1BETA2``).

Every check returns values (never raises) and leaves the object untouched.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from krmfn.model import kinds
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.kubevirt import bundle as bundles
import krmfn.kubevirt.apiserver.schema as schemas
from krmfn.kubevirt.apiserver.objectmeta import validate_object_meta
from krmfn.kubevirt.util.webhooks import (
    REASON_DEPRECATED_API_VERSION,
    REASON_LEGACY_API_VERSION,
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    Admission,
    AdmissionWarning,
    Cause,
    passed_over,
    reject,
    reject_message,
)
from krmfn.model.record import FrozenRecord

NO_MATCHES_FMT = 'no matches for kind "{kind}" in version "{api_version}"'


class CustomResource(FrozenRecord):
    """A KubeVirt CRD as the API server serves it."""

    __slots__ = ("kind", "group", "versions", "namespaced", "schema", "deprecated", "version_schemas")
    kind: str
    group: str
    versions: frozenset[str]
    namespaced: bool
    schema: schemas.Obj
    deprecated: dict[str, str]  # version -> deprecation warning
    version_schemas: Mapping[str, schemas.Obj]  # where not `schema`

    def __init__(self, kind: str, group: str, versions: frozenset[str], namespaced: bool, schema: schemas.Obj,
                 deprecated: dict[str, str] | None = None,
                 version_schemas: Mapping[str, schemas.Obj] | None = None) -> None:
        self._set(kind=kind, group=group, versions=versions, namespaced=namespaced, schema=schema,
                  deprecated={} if deprecated is None else deprecated,
                  version_schemas={} if version_schemas is None else version_schemas)

    def schema_for(self, version: str) -> schemas.Obj:
        return self.version_schemas.get(version, self.schema)


# The CRDs' deprecation warnings of the legacy versions in KubeVirt v1.0-v1.5, by kind (the cluster
# instance type's "InstanceTypes" capitalisation is upstream's).
_DEPRECATED_PLURALS = {
    kinds.VIRTUAL_MACHINE_INSTANCETYPE: "VirtualMachineInstancetypes",
    kinds.VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE: "VirtualMachineClusterInstanceTypes",
    kinds.VIRTUAL_MACHINE_PREFERENCE: "VirtualMachinePreferences",
    kinds.VIRTUAL_MACHINE_CLUSTER_PREFERENCE: "VirtualMachineClusterPreferences",
}
DEPRECATION_WARNING_FMT = "instancetype.kubevirt.io/{version} {plural} is now deprecated and will be removed in v1."


def deprecation_warning(kind: str, version: str) -> str:
    """The API server's warning for a legacy instance type or preference (KubeVirt v1.0-v1.5)."""
    return DEPRECATION_WARNING_FMT.format(version=version, plural=_DEPRECATED_PLURALS[kind])


INSTANCETYPE_SCHEMA_KINDS = {
    kinds.VIRTUAL_MACHINE_INSTANCETYPE: (True, schemas.INSTANCETYPE, schemas.INSTANCETYPE_V1BETA2),
    kinds.VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE: (False, schemas.INSTANCETYPE, schemas.INSTANCETYPE_V1BETA2),
    kinds.VIRTUAL_MACHINE_PREFERENCE: (True, schemas.PREFERENCE, schemas.PREFERENCE),
    kinds.VIRTUAL_MACHINE_CLUSTER_PREFERENCE: (False, schemas.PREFERENCE, schemas.PREFERENCE),
}


def _instancetype_resources(legacy: str, version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION,
                            ) -> dict[str, CustomResource]:
    resources = {}
    for kind, (namespaced, newest_schema, newest_v1beta2_schema) in INSTANCETYPE_SCHEMA_KINDS.items():
        preference = kind in kinds.PREFERENCE_KINDS
        schema = schemas.preference_schema(version) if preference else newest_schema
        v1beta2_schema = schema if preference else newest_v1beta2_schema
        rtype = bundles.RESOURCE_TYPES[kind]
        legacy_versions = bundles.LEGACY_VERSIONS if legacy == bundles.LEGACY_CONVERT else frozenset()
        resources[kind] = CustomResource(
            kind, rtype.group, rtype.versions | legacy_versions, namespaced, schema,
            deprecated={version: deprecation_warning(kind, version) for version in sorted(legacy_versions)},
            version_schemas={bundles.V1BETA2: v1beta2_schema},
        )
    return resources


INSTANCETYPE_RESOURCES: dict[str, CustomResource] = _instancetype_resources(bundles.LEGACY_REJECT)


@cache
def instancetype_resources(legacy: str = bundles.LEGACY_REJECT,
                           version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> dict[str, CustomResource]:
    """The four instance type and preference CRDs as a KubeVirt release serves them under a
    legacy policy."""
    if legacy == bundles.LEGACY_REJECT and version == DEFAULT_KUBEVIRT_VERSION:
        return INSTANCETYPE_RESOURCES
    return _instancetype_resources(legacy, version)


def api_version_of(obj: dict) -> str:
    value = obj.get("apiVersion")
    return value if isinstance(value, str) else ""


def version_of(obj: dict) -> str:
    return kinds.split_api_version(obj.get("apiVersion"))[1]


def discovery_error(obj: dict, resource: CustomResource) -> Admission | None:
    """Stage 1: the rejection when the apiVersion is not served for the kind, else None."""
    group, version = kinds.split_api_version(obj.get("apiVersion"))
    if group == resource.group and version in resource.versions:
        return None
    message = NO_MATCHES_FMT.format(kind=resource.kind, api_version=api_version_of(obj))
    return reject_message(STAGE_API_DISCOVERY, message)


# The version a deprecated one's warning points to, by group.
_PROPOSED_API_VERSIONS = {kinds.INSTANCETYPE_GROUP: (REASON_LEGACY_API_VERSION, "instancetype.kubevirt.io/v1beta1"),
                          kinds.KUBEVIRT_GROUP: (REASON_DEPRECATED_API_VERSION, "kubevirt.io/v1"),
                          kinds.EXPORT_GROUP: (REASON_DEPRECATED_API_VERSION, "export.kubevirt.io/v1")}


def deprecation_warnings(obj: dict, resource: CustomResource) -> list[AdmissionWarning]:
    warning = resource.deprecated.get(version_of(obj))
    if not warning:
        return []
    reason, proposed = _PROPOSED_API_VERSIONS[resource.group]
    return [AdmissionWarning(warning, reason, "apiVersion", obj.get("apiVersion"), proposed)]


def field_validation_error(obj: dict, resource: CustomResource, warnings: list[AdmissionWarning],
                           report: schemas.SchemaReport) -> Admission | None:
    """Stage 2: strict field validation (kubectl's default) of every field, at any depth: the
    fields the API server prunes (``report.pruned``, ``schemas.pruned_paths``), a value of the
    wrong JSON type included. It answers alone: the decoder's strict error fails the request before
    admission and schema validation. ``report`` is ``schemas.check(obj, resource.schema)``."""
    if not report.pruned:
        return None
    message = schemas.strict_decoding_message(resource.kind, version_of(obj), report.pruned)
    return passed_over(reject_message(STAGE_FIELD_VALIDATION, message, warnings, located=report.pruned[0]))


def object_meta_causes(obj: dict, resource: CustomResource, namespace: str) -> list[Cause]:
    namespace = bundles.object_namespace(obj, namespace)
    return [Cause(path, message) for path, message in
            validate_object_meta(obj.get("metadata"), resource.namespaced, namespace)]


def crd_schema_error(obj: dict, resource: CustomResource, namespace: str, warnings: list[AdmissionWarning],
                     report: schemas.SchemaReport | None) -> Admission | None:
    """Stage 3: ObjectMeta validation, then the OpenAPI errors of ``report`` (None: ObjectMeta
    only); every cause is listed."""
    causes = object_meta_causes(obj, resource, namespace)
    if report is not None:
        causes += [Cause(*error.crd_cause()) for error in report.errors]
    if not causes:
        return None
    return passed_over(reject(STAGE_CRD_SCHEMA, causes, warnings), schemas.decodable(report))


def admit_before_webhooks(obj: dict, resource: CustomResource, namespace: str) -> Admission | None:
    """Stages 1-3 for an object without mutating webhooks (instance types and preferences):
    the rejection, or None when the object reaches its validating webhook."""
    rejected = discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    warnings = deprecation_warnings(obj, resource)
    report = schemas.check(obj, resource.schema_for(version_of(obj)))
    return (field_validation_error(obj, resource, warnings, report)
            or crd_schema_error(obj, resource, namespace, warnings, report))
