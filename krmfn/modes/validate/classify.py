"""Which check reports an admission cause or an expand failure: the one table.

Decided by where the problem was produced, never by its text: the admission stage that rejected
the object, the object's kind, and the reasons (``krmfn.model.reasons``) set where the cause or
failure was made. A reason wins over the stage, in ``REASON_CHECKS`` order; a stage the table does
not name (a second CREATE of a stored name: the duplicate-object check reads the bundle itself) is
reported by no check.
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import (
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_INSTANCETYPE_APPLY,
    STAGE_INSTANCETYPE_MUTATOR,
    STAGE_MUTATING_SCHEMA,
    STAGE_PREFERENCE_REQUIREMENTS,
    STAGE_REMAINING_VM_CHECKS,
    STAGE_SET_DEFAULTS,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    STAGE_CLONE_MUTATOR,
    STAGE_HYPERCONVERGED_MUTATOR,
    STAGE_MIGRATION_MUTATOR,
    STAGE_VMI_MUTATOR,
    STAGE_VM_MUTATOR,
    STAGE_DATAVOLUME_MUTATOR,
    STAGE_VIRT_TEMPLATE_WEBHOOK,
)
from krmfn.model import check_ids, kinds
from krmfn.model.kinds import INSTANCETYPE_KINDS, PREFERENCE_KINDS, VIRTUAL_MACHINE_INSTANCE, VIRTUAL_MACHINE_POOL
from krmfn.model.reasons import KUBEVIRT_CRASH, SPREAD_TOPOLOGY, V1BETA2_RULE

# A reason that names its check, wherever the problem was found (admission or expand).
REASON_CHECKS: tuple[tuple[str, str], ...] = (
    (KUBEVIRT_CRASH, "kubevirt-crash"),
    (V1BETA2_RULE, "v1beta2-sizing"),
)
# A reason that names its check at one stage.
STAGE_REASON_CHECKS: dict[tuple[str, str], str] = {
    (STAGE_INSTANCETYPE_APPLY, SPREAD_TOPOLOGY): "spread-topology",
}
STAGE_CHECKS: dict[str, str] = {
    STAGE_API_DISCOVERY: "api-version",
    STAGE_FIELD_VALIDATION: "unknown-field",
    STAGE_CRD_SCHEMA: "schema",
    STAGE_MUTATING_SCHEMA: "schema",
    STAGE_VALIDATING_SCHEMA: "schema",
    STAGE_INSTANCETYPE_MUTATOR: "matcher",
    STAGE_INSTANCETYPE_APPLY: "conflict",
    STAGE_SET_DEFAULTS: "vm-defaults",
    STAGE_PREFERENCE_REQUIREMENTS: "preference-requirements",
    STAGE_REMAINING_VM_CHECKS: "vm-admission",
    STAGE_VMI_MUTATOR: "vmi-admission",
    STAGE_VM_MUTATOR: "vm-admission",
    STAGE_MIGRATION_MUTATOR: "migration-admission",
    STAGE_CLONE_MUTATOR: "storage-admission",
    STAGE_HYPERCONVERGED_MUTATOR: "kubevirt-admission",
    STAGE_DATAVOLUME_MUTATOR: "cdi-admission",
    STAGE_VIRT_TEMPLATE_WEBHOOK: "template-admission",  # virt-template's (a request has none)
}
# The definitions' own webhooks, by kind.
WEBHOOK_CHECKS: dict[str, str] = {
    **{kind: "instancetype-admission" for kind in INSTANCETYPE_KINDS},
    **{kind: "preference-admission" for kind in PREFERENCE_KINDS},
    VIRTUAL_MACHINE_POOL: "vm-admission",  # the pool's own webhook: the VM spec checks on its template
    VIRTUAL_MACHINE_INSTANCE: "vmi-admission",
    kinds.VIRTUAL_MACHINE_INSTANCE_REPLICA_SET: "vmi-admission",
    kinds.VIRTUAL_MACHINE_INSTANCE_PRESET: "vmi-admission",
    kinds.VIRTUAL_MACHINE_INSTANCE_MIGRATION: "migration-admission",
    kinds.MIGRATION_POLICY: "migration-admission",
    kinds.VIRTUAL_MACHINE_SNAPSHOT: "storage-admission",
    kinds.VIRTUAL_MACHINE_RESTORE: "storage-admission",
    kinds.VIRTUAL_MACHINE_EXPORT: "storage-admission",
    kinds.VIRTUAL_MACHINE_BACKUP: "storage-admission",
    kinds.VIRTUAL_MACHINE_BACKUP_TRACKER: "storage-admission",
    kinds.VIRTUAL_MACHINE_CLONE: "storage-admission",
    kinds.DATA_VOLUME: "cdi-admission",  # CDI's webhooks (a DataSource has none)
    kinds.DATA_IMPORT_CRON: "cdi-admission",
    kinds.KUBEVIRT: "kubevirt-admission",
    kinds.HYPERCONVERGED: "kubevirt-admission",  # HCO's validating webhook
}
# A bug in krmfn, not a check of the bundle (krmfn.cli.guard reports its own crashes under this ID too).
INTERNAL_ERROR = check_ids.INTERNAL_ERROR
# Why a VM cannot be expanded, by the failure's kind (``Failure.check``, set where it is made),
# where the reason is not a missing or unusable reference: the check validate reports the same
# problem under at admission, so that inline and validate name it alike.
FAILURE_CHECKS: dict[str, str] = {
    "instancetype-conflict": "conflict",
    "default-network-interface": "vm-defaults",
    "vm-guest-not-accepted": "v1beta2-sizing",
    "inference-failed": "matcher",
    "matcher-invalid": "matcher",
    "instancetype-name-invalid": "matcher",  # an empty name: KubeVirt's mutating webhook refuses the matcher
    "preference-name-invalid": "matcher",
    "schema": "schema",
    INTERNAL_ERROR: INTERNAL_ERROR,
}
# Any other failure: the instance type, preference or revision is missing or unusable (for a VM that
# admission lets in, since KubeVirt v1.6 it fails at start).
EXPAND_FAILURE_CHECK = "reference"


def _by_reason(reasons: frozenset[str]) -> str | None:
    return next((check for reason, check in REASON_CHECKS if reason in reasons), None)


def check_for_cause(stage: str, reasons: frozenset[str], kind: str) -> str | None:
    """The check that reports one cause of a rejection at ``stage`` of an object of ``kind``."""
    by_stage_reason = next((STAGE_REASON_CHECKS[(stage, reason)] for reason in sorted(reasons)
                            if (stage, reason) in STAGE_REASON_CHECKS), None)
    by_stage = WEBHOOK_CHECKS.get(kind) if stage == STAGE_VALIDATING_WEBHOOK else STAGE_CHECKS.get(stage)
    return _by_reason(reasons) or by_stage_reason or by_stage


def check_for_expand_failure(failure_kind: str | None, reasons: frozenset[str]) -> str:
    """The check that reports why a VM cannot be expanded (in validate and in inline)."""
    return _by_reason(reasons) or FAILURE_CHECKS.get(failure_kind or "", EXPAND_FAILURE_CHECK)


def table_check_ids() -> set[str]:
    """Every check ID the table names (a test holds them to the registered checks)."""
    return ({check for _, check in REASON_CHECKS} | set(STAGE_REASON_CHECKS.values()) | set(STAGE_CHECKS.values())
            | set(WEBHOOK_CHECKS.values()) | set(FAILURE_CHECKS.values()) - {INTERNAL_ERROR} | {EXPAND_FAILURE_CHECK})
