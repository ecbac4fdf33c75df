"""The CREATE chains of a VirtualMachineBackup and a VirtualMachineBackupTracker, in the order a
cluster runs them.

No single KubeVirt file: the API server (as ``krmfn.kubevirt.storage.admitters.crd_create``, plus
the CRDs' CEL rules) and KubeVirt's backup webhooks (docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``backup.kubevirt.io`` serves ``v1alpha1`` since v1.8; v1.7
   has no such group, so every apiVersion is ``no matches for kind ...``
   (``krmfn.kubevirt.apiserver.backup_schema``);
2. ``kube-apiserver/field-validation``: strict field validation against the CRD schema;
3. ``kube-apiserver/crd-schema``: ObjectMeta, then the schema (``spec``, ``spec.source`` and its
   ``kind`` and ``name`` required, the ``mode`` enum), then the CEL rules (``cel_causes``): each
   failing rule is ``Invalid value: "object": <message>`` on the object that carries it (the
   spec's rules first, then the source's). A Required, Unsupported, Too long, Too many or type
   error before them blocks the rules: the API server then adds the single cause
   ``<nil>: Invalid value: "null": some validation rules were not checked ...`` instead;
4. ``validating-webhook``: ``krmfn.kubevirt.storage.admitters.backup`` on the object as stored (no
   status, in its namespace).

There is no mutating webhook. The backup webhook's informer is the bundle: the backups that
precede ``obj`` in ``items`` (all of them when ``obj`` is not one of ``items``), in its namespace,
that their own chain admitted, each admitted against those before it, all stored without status
(so never terminal). The tracker webhook reads nothing.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.backup_schema import (
    BACKUP_SOURCE_RULES,
    BACKUP_SPEC_RULES,
    TRACKER_SOURCE_RULES,
    VIRTUAL_MACHINE_BACKUP,
    VIRTUAL_MACHINE_BACKUP_TRACKER,
    Rule,
    backup_versions,
)
from krmfn.kubevirt.storage.admitters.backup import validate_vm_backup_create, validate_vm_backup_tracker_create
from krmfn.kubevirt.storage.admitters.crd_create import as_stored
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, STAGE_CRD_SCHEMA, Admission, Cause, reject
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion

RULES_NOT_CHECKED = Cause("<nil>", 'Invalid value: "null": some validation rules were not checked because the '
                                   "object was invalid; correct the existing errors to complete validation",
                          CAUSE_FIELD_VALUE_INVALID)
# apiextensions-apiserver's hasBlockingErr: these errors keep the CEL rules from running.
_BLOCKING_CODES = frozenset({schemas.REQUIRED, schemas.ENUM, schemas.INVALID_TYPE})
_BLOCKING_META_PREFIXES = ("Required value", "Unsupported value", "Too long", "Too many")


@cache
def backup_resource(version: KubevirtVersion) -> apiserver.CustomResource:
    """The VirtualMachineBackup CRD as a KubeVirt release serves it."""
    return apiserver.CustomResource(kind=kinds.VIRTUAL_MACHINE_BACKUP, group=kinds.BACKUP_GROUP,
                                    versions=backup_versions(version), namespaced=True, schema=VIRTUAL_MACHINE_BACKUP)


@cache
def tracker_resource(version: KubevirtVersion) -> apiserver.CustomResource:
    """The VirtualMachineBackupTracker CRD as a KubeVirt release serves it."""
    return apiserver.CustomResource(kind=kinds.VIRTUAL_MACHINE_BACKUP_TRACKER, group=kinds.BACKUP_GROUP,
                                    versions=backup_versions(version), namespaced=True,
                                    schema=VIRTUAL_MACHINE_BACKUP_TRACKER)


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _failing(rules: tuple[Rule, ...], value: dict, field: str) -> list[Cause]:
    return [Cause(field, f'Invalid value: "object": {message}') for message, holds in rules if not holds(value)]


def cel_causes(obj: dict, spec_rules: tuple[Rule, ...], source_rules: tuple[Rule, ...]) -> list[Cause]:
    """The failing CEL rules of a schema-valid object: the spec's, then its source's."""
    spec = _dict(obj.get("spec"))
    return _failing(spec_rules, spec, "spec") + _failing(source_rules, _dict(spec.get("source")), "spec.source")


def cel_blocked(meta_causes: list[Cause], report: schemas.SchemaReport) -> bool:
    """apiextensions-apiserver's ``hasBlockingErr``: an error of the schema or ObjectMeta that keeps
    the CEL rules from running (``RULES_NOT_CHECKED`` instead)."""
    return (any(error.code in _BLOCKING_CODES for error in report.errors)
            or any(cause.message.startswith(_BLOCKING_META_PREFIXES) for cause in meta_causes))


def admit_before_webhook(obj: dict, resource: apiserver.CustomResource, namespace: str,
                         spec_rules: tuple[Rule, ...], source_rules: tuple[Rule, ...]) -> Admission | None:
    """Stages 1-3: the rejection, or None when the object reaches its validating webhook."""
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    without_status = {key: value for key, value in obj.items() if key != "status"}
    report = schemas.check(without_status, resource.schema)
    rejected = apiserver.field_validation_error(obj, resource, [], report)
    if rejected is not None:
        return rejected
    meta_causes = apiserver.object_meta_causes(obj, resource, namespace)
    causes = meta_causes + [Cause(*error.crd_cause()) for error in report.errors]
    if cel_blocked(meta_causes, report):
        causes.append(RULES_NOT_CHECKED)
    else:
        causes += cel_causes(without_status, spec_rules, source_rules)
    return reject(STAGE_CRD_SCHEMA, causes) if causes else None


def _admit_backup(obj: dict, namespace: str, config: ClusterConfig, stored: list[dict]) -> Admission:
    rejected = admit_before_webhook(obj, backup_resource(config.kubevirt_version), namespace,
                                    BACKUP_SPEC_RULES, BACKUP_SOURCE_RULES)
    if rejected is not None:
        return rejected
    backup_namespace = bundles.object_namespace(obj, namespace)
    existing = [other for other in stored if bundles.object_namespace(other, namespace) == backup_namespace]
    return validate_vm_backup_create(as_stored(obj, namespace), existing, config)


def backups_before(obj: dict, items: list, namespace: str, config: ClusterConfig) -> list[dict]:
    """The backups stored before ``obj`` in its namespace, in creation order, as stored."""
    obj_namespace = bundles.object_namespace(obj, namespace)
    stored: list[dict] = []
    for item in items:
        if item is obj:
            break
        if (kinds.is_kind(item, kinds.VIRTUAL_MACHINE_BACKUP, kinds.BACKUP_GROUP)
                and bundles.object_namespace(item, namespace) == obj_namespace
                and _admit_backup(item, namespace, config, stored).allowed):
            stored.append(as_stored(item, namespace))
    return stored


def admit_vm_backup(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the VirtualMachineBackup ``obj``; ``items`` is the bundle (the
    cluster), ``namespace`` the request namespace of an object without one."""
    return _admit_backup(obj, namespace, config, backups_before(obj, items, namespace, config))


def admit_vm_backup_tracker(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the VirtualMachineBackupTracker ``obj``."""
    del items  # the tracker webhook GETs nothing
    rejected = admit_before_webhook(obj, tracker_resource(config.kubevirt_version), namespace,
                                    (), TRACKER_SOURCE_RULES)
    if rejected is not None:
        return rejected
    return validate_vm_backup_tracker_create(config)
