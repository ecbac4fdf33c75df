"""The VirtualMachineBackup and VirtualMachineBackupTracker validating webhooks on CREATE
(``virtualmachinebackup-validator.backup.kubevirt.io``,
``virtualmachinebackuptracker-validator.backup.kubevirt.io``).

Mirrors ``pkg/storage/admitters/backup.go`` (d923fdb8; v1.8.4 the same on CREATE; absent in
v1.7.4): ``VMBackupAdmitter.Admit`` (``validate_vm_backup_create``) with ``validateSingleBackup``
(``single_backup_causes``), and ``VMBackupTrackerAdmitter.Admit``
(``validate_vm_backup_tracker_create``), in their order:

1. the IncrementalBackup feature gate: "IncrementalBackup feature gate not enabled", a bare message;
2. (backups) ``json.Unmarshal``: a ``spec.ttlDuration`` Go cannot parse (``metav1.Duration``) is
   Go's error, a bare message;
3. (backups) the backups of the informer in the request namespace, in turn: one of the same name
   (``VirtualMachineBackup "<name>" already exists`` on ``metadata.name``), else one with the same
   ``spec.source`` (``equality.Semantic.DeepEqual``: apiGroup, kind, name) that is not terminal
   (``cbt.IsBackupTerminal``: a ``Complete`` or ``Failed`` condition ``True``):
   ``VirtualMachineBackup "<name>" in progress for source`` on ``spec.source``; the first match
   answers.

Release difference without effect on a CREATE chain: v1.8.4 asked ``IsBackupDone`` (a ``Done``
condition) where d923fdb8 asks ``IsBackupTerminal``; a backup the bundle stores has no status
(the status subresource drops it), so it is in progress under both. UPDATE (allowed: the spec's
immutability is a CEL rule) is not ported.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.duration import parse_duration_error
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
    allow,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

INCREMENTAL_BACKUP_GATE = "IncrementalBackup"
GATE_MESSAGE = "IncrementalBackup feature gate not enabled"
ALREADY_EXISTS_FMT = 'VirtualMachineBackup "{name}" already exists'
IN_PROGRESS_FMT = 'VirtualMachineBackup "{name}" in progress for source'
TERMINAL_CONDITIONS = ("Complete", "Failed")


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def name_of(obj: dict) -> str:
    return _str(_dict(obj.get("metadata")).get("name"))


def source_key(backup: dict) -> tuple[str | None, str, str]:
    """``spec.source`` as ``equality.Semantic.DeepEqual`` compares it (a nil apiGroup is not ``""``)."""
    source = _dict(_dict(backup.get("spec")).get("source"))
    api_group = source.get("apiGroup")
    return (api_group if isinstance(api_group, str) else None, _str(source.get("kind")), _str(source.get("name")))


def is_backup_terminal(backup: dict) -> bool:
    """``cbt.IsBackupTerminal``: a ``Complete`` or ``Failed`` condition with status ``True``."""
    conditions = _dict(backup.get("status")).get("conditions")
    if not isinstance(conditions, list):
        return False
    return any(isinstance(condition, dict) and condition.get("type") in TERMINAL_CONDITIONS
               and condition.get("status") == "True" for condition in conditions)


def single_backup_causes(backup: dict, existing: list[dict]) -> list[Cause]:
    """``validateSingleBackup``: ``existing`` are the backups of the request namespace."""
    for other in existing:
        if name_of(other) == name_of(backup):
            return [Cause("metadata.name", ALREADY_EXISTS_FMT.format(name=name_of(other)), CAUSE_FIELD_VALUE_INVALID)]
        if source_key(other) == source_key(backup) and not is_backup_terminal(other):
            return [Cause("spec.source", IN_PROGRESS_FMT.format(name=name_of(other)), CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_vm_backup_create(backup: dict, existing: list[dict], config: ClusterConfig) -> Admission:
    """``VMBackupAdmitter.Admit`` for a CREATE of ``backup`` (as the API server passes it);
    ``existing`` are the backups the informer holds in its namespace."""
    if not config.feature_gate_enabled(INCREMENTAL_BACKUP_GATE):
        return reject_message(STAGE_VALIDATING_WEBHOOK, GATE_MESSAGE)
    ttl = _dict(backup.get("spec")).get("ttlDuration")
    decode_error = parse_duration_error(ttl) if isinstance(ttl, str) else None
    if decode_error is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_error, located="spec.ttlDuration")
    causes = single_backup_causes(backup, existing)
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes) if causes else allow()


def validate_vm_backup_tracker_create(config: ClusterConfig) -> Admission:
    """``VMBackupTrackerAdmitter.Admit`` for a CREATE: the feature gate only."""
    if not config.feature_gate_enabled(INCREMENTAL_BACKUP_GATE):
        return reject_message(STAGE_VALIDATING_WEBHOOK, GATE_MESSAGE)
    return allow()
