"""The VirtualMachineInstanceMigration validating webhook on a CREATE.

Mirrors ``pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go``
(d923fdb8): ``MigrationCreateAdmitter.Admit`` (``admit_migration_create``),
``ValidateVirtualMachineInstanceMigrationSpec``, ``hasRequestOriginatedFromVirtController``,
``isMigratable`` and ``ensureNoMigrationConflict``. Each step answers on its own, in this order:

1. the Go decoding of the migration, then ``ValidateSchema`` (stage
   ``validating-webhook/openapi-schema``, ``validate_schema_error``: kube-openapi's messages, an
   unknown field being "<path> in body is a forbidden property");
2. ``spec.vmiName`` unset: "vmiName is missing" (``FieldValueRequired`` at ``spec.vmiName``);
3. ``spec.priority`` set: before v1.9 the ``MigrationPriorityQueue`` gate first
   (``KubevirtVersion.migration_priority_needs_gate``), then only virt-controller's service
   account may set it (``FieldValueForbidden`` at ``spec.migrationPriority``, sic). A bundle is
   applied by a user, not by KubeVirt's service accounts, so a bundle's priority is always refused;
4. the VMI ``spec.vmiName`` in the migration's namespace is read (a GET): a name client-go cannot
   request is its error, a missing VMI ``the VMI "<ns>/<name>" does not exist``;
5. a VMI whose ``status.phase`` is ``Succeeded`` or ``Failed`` (``IsFinal``): "Cannot migrate VMI
   in finalized state.". Nothing else about the phase is checked: a VMI without ``status.phase``
   or in any other phase (``Pending``, ``Scheduling``, ``Scheduled``, ``Running``, ``Unknown``)
   is not final, so the webhook goes on; a VMI that does not run is not refused here (in a
   cluster, virt-controller later fails the migration). Every VMI of a bundle is stored
   ``Pending`` (``krmfn.kubevirt.virt_api.migration_create``);
6. a ``LiveMigratable`` condition with status ``False`` (``isMigratable``): "Cannot migrate VMI,
   Reason: <reason>, Message: <message>", except reason ``DisksNotLiveMigratable`` on a
   decentralized migration (exactly one of ``sendTo``/``receive``);
7. another migration of the same VMI in the namespace (the LIST by the ``kubevirt.io/vmi-name``
   label the migration mutator sets) that is neither ``Succeeded`` nor ``Failed``: "in-flight
   migration detected. Active migration job (<uid>) is currently already in progress for VMI
   <name>.";
8. ``sendTo`` or ``receive`` set: the ``DecentralizedLiveMigration`` gate
   (``FieldValueNotSupported``), then both set with different ``migrationID``
   (``FieldValueInvalid``); neither cause names a field.

Not reproduced: the error of ``labels.Parse`` for a ``vmiName`` that is not a label value (the
API server already refused the label the mutator wrote, at ``kube-apiserver/crd-schema``) and
the errors of a failing API server. The cluster (the VMI GET, the migrations LIST) is a
``MigrationCluster``.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.model import kinds
from krmfn.kubevirt.bundle import request_name_error
from krmfn.kubevirt.util.validate_schema import forbidden_property
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_FORBIDDEN,
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    CAUSE_FIELD_VALUE_REQUIRED,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
    reject_message,
    reject_webhook,
    passed_over,
)
from krmfn.kubevirt.virt_api.mutators.migration_create_mutator import MIGRATION_SELECTOR_LABEL, vmi_name_of
from krmfn.kubevirt.virt_config.featuregate import DECENTRALIZED_LIVE_MIGRATION
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

MIGRATION_PRIORITY_QUEUE = "MigrationPriorityQueue"
CONTROLLER_SERVICE_ACCOUNT_NAME = "kubevirt-controller"  # components.ControllerServiceAccountName
_SERVICE_ACCOUNT_NAMES = ("kubevirt-apiserver", CONTROLLER_SERVICE_ACCOUNT_NAME, "kubevirt-handler",
                          "kubevirt-synchronization-controller")
BUNDLE_USER = ""  # who applies a bundle: a user, none of KubeVirt's service accounts

VMI_NAME_MISSING = "vmiName is missing"
PRIORITY_GATE_DISABLED = f"{MIGRATION_PRIORITY_QUEUE} feature gate is not enabled in kubevirt resource"
PRIORITY_FORBIDDEN = "Migration priority queue, only virt-controller is allowed to set priority field"
PRIORITY_FIELD = "spec.migrationPriority"
VMI_MISSING_FMT = 'the VMI "{namespace}/{name}" does not exist'
VMI_FINAL = "Cannot migrate VMI in finalized state."
NOT_MIGRATABLE_FMT = "Cannot migrate VMI, Reason: {reason}, Message: {message}"
IN_FLIGHT_FMT = ("in-flight migration detected. Active migration job ({uid}) is currently already in progress for "
                 "VMI {name}.")
DECENTRALIZED_GATE_DISABLED = f"{DECENTRALIZED_LIVE_MIGRATION} feature gate is not enabled in kubevirt resource"
MIGRATION_ID_MISMATCH_FMT = "sendTo migrationID {send} does not match receive migrationID {receive}"

LIVE_MIGRATABLE = "LiveMigratable"  # v1.VirtualMachineInstanceIsMigratable
DISKS_NOT_MIGRATABLE = "DisksNotLiveMigratable"  # v1.VirtualMachineInstanceReasonDisksNotMigratable
FINAL_PHASES = ("Succeeded", "Failed")  # VMI IsFinal; also a migration's MigrationSucceeded, MigrationFailed


def kubevirt_service_accounts(namespace: str) -> frozenset[str]:
    """``webhooks.KubeVirtServiceAccounts``: the usernames of KubeVirt's service accounts."""
    return frozenset(f"system:serviceaccount:{namespace}:{name}" for name in _SERVICE_ACCOUNT_NAMES)


@record(frozen=True)
class MigrationCluster:
    """What the webhook reads from the cluster: ``vmi(namespace, name)`` (the stored VMI or None)
    and ``migrations(namespace)`` (the stored migrations of a namespace), and who sends the
    request (``username``, one of ``service_accounts`` when KubeVirt does)."""

    vmi: Callable[[str, str], dict | None]
    migrations: Callable[[str], list[dict]]
    username: str = BUNDLE_USER
    service_accounts: frozenset[str] = frozenset()


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def admit_migration_create(migration: dict, namespace: str, cluster: MigrationCluster, config: ClusterConfig,
                           schema: schemas.Obj) -> Admission | None:
    """``Admit``: the rejection, or None when the webhook admits the migration. ``namespace`` is
    the migration's (the request's); ``schema`` the migration's schema."""
    decode_error = schemas.go_decode_error(migration, schema, kinds.VIRTUAL_MACHINE_INSTANCE_MIGRATION)
    if decode_error is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_error)
    rejected = validate_schema_error(migration, schema, STAGE_VALIDATING_SCHEMA)
    if rejected is not None:
        return rejected
    spec = _dict(migration.get("spec"))
    causes = validate_migration_spec(spec, "spec")
    if causes:
        return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes)
    rejected = _priority_error(spec, cluster, config)
    if rejected is not None:
        return rejected
    vmi_name = vmi_name_of(migration)
    message = request_name_error(vmi_name)
    vmi = cluster.vmi(namespace, vmi_name) if message is None else None
    if message is None and vmi is None:
        message = VMI_MISSING_FMT.format(namespace=namespace, name=vmi_name)
    message = message or _vmi_error(_dict(vmi), spec) or ensure_no_migration_conflict(cluster, vmi_name, namespace)
    if message is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, message)
    causes = _decentralized_causes(spec, config)
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes) if causes else None


def validate_schema_error(obj: dict, schema: schemas.Obj, stage: str) -> Admission | None:
    """``ValidateSchema``: kube-openapi's errors, one cause each; an unknown field is
    ``<path> in body is a forbidden property`` (``.<name>`` at the top), reported object by
    object from the top, before the other errors."""
    report = schemas.check(obj, schema, scalar_defaults=True)
    unknown = sorted(report.unknown, key=lambda path: (path.count("."), path))
    causes = [Cause("", forbidden_property(path), located=path) for path in unknown]
    causes += [Cause("", error.openapi_message(), located=error.path) for error in report.errors]
    return passed_over(reject_webhook(stage, causes), schemas.decodable(report)) if causes else None


def validate_migration_spec(spec: dict, field: str) -> list[Cause]:
    """``ValidateVirtualMachineInstanceMigrationSpec``."""
    if not _str(spec.get("vmiName")):
        return [Cause(f"{field}.vmiName", VMI_NAME_MISSING, CAUSE_FIELD_VALUE_REQUIRED)]
    return []


def has_request_originated_from_virt_controller(username: str, service_accounts: frozenset[str]) -> bool:
    """``hasRequestOriginatedFromVirtController``."""
    return username in service_accounts and username.endswith(CONTROLLER_SERVICE_ACCOUNT_NAME)


def _priority_error(spec: dict, cluster: MigrationCluster, config: ClusterConfig) -> Admission | None:
    if spec.get("priority") is None:
        return None
    if config.kubevirt_version.migration_priority_needs_gate and not config.feature_gate_enabled(
            MIGRATION_PRIORITY_QUEUE):
        message = PRIORITY_GATE_DISABLED
    elif not has_request_originated_from_virt_controller(cluster.username, cluster.service_accounts):
        message = PRIORITY_FORBIDDEN
    else:
        return None
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, [Cause(PRIORITY_FIELD, message, CAUSE_FIELD_VALUE_FORBIDDEN)])


def is_decentralized(spec: dict) -> bool:
    """``VirtualMachineInstanceMigration.IsDecentralized``: exactly one of sendTo and receive."""
    return (spec.get("sendTo") is None) != (spec.get("receive") is None)


def _vmi_error(vmi: dict, spec: dict) -> str | None:
    """``IsFinal``, then ``isMigratable``."""
    status = _dict(vmi.get("status"))
    if _str(status.get("phase")) in FINAL_PHASES:
        return VMI_FINAL
    return is_migratable(status, spec)


def is_migratable(vmi_status: dict, spec: dict) -> str | None:
    """``isMigratable``: the error of the first ``LiveMigratable=False`` condition that counts."""
    conditions = vmi_status.get("conditions")
    for item in conditions if isinstance(conditions, list) else []:
        condition = _dict(item)
        if _str(condition.get("type")) != LIVE_MIGRATABLE or _str(condition.get("status")) != "False":
            continue
        reason = _str(condition.get("reason"))
        if reason == DISKS_NOT_MIGRATABLE and is_decentralized(spec):
            continue
        return NOT_MIGRATABLE_FMT.format(reason=reason, message=_str(condition.get("message")))
    return None


def ensure_no_migration_conflict(cluster: MigrationCluster, vmi_name: str, namespace: str) -> str | None:
    """``ensureNoMigrationConflict``: the first listed migration of the VMI still in flight."""
    for stored in cluster.migrations(namespace):
        labels = _dict(_dict(stored.get("metadata")).get("labels"))
        if labels.get(MIGRATION_SELECTOR_LABEL) != vmi_name:
            continue
        if _str(_dict(stored.get("status")).get("phase")) in FINAL_PHASES:
            continue
        uid = _str(_dict(stored.get("metadata")).get("uid"))
        return IN_FLIGHT_FMT.format(uid=uid, name=vmi_name_of(stored))
    return None


def _decentralized_causes(spec: dict, config: ClusterConfig) -> list[Cause]:
    send_to, receive = spec.get("sendTo"), spec.get("receive")
    if send_to is None and receive is None:
        return []
    if not config.feature_gate_enabled(DECENTRALIZED_LIVE_MIGRATION):
        return [Cause("", DECENTRALIZED_GATE_DISABLED, CAUSE_FIELD_VALUE_NOT_SUPPORTED)]
    if send_to is not None and receive is not None:
        send_id, receive_id = _str(_dict(send_to).get("migrationID")), _str(_dict(receive).get("migrationID"))
        if send_id != receive_id:
            message = MIGRATION_ID_MISMATCH_FMT.format(send=send_id, receive=receive_id)
            return [Cause("", message, CAUSE_FIELD_VALUE_INVALID)]
    return []
