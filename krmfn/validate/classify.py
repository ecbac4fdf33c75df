"""Which check reports an admission cause or an expand failure: the one table.

Decided by where the problem was produced, never by its text: the admission stage that rejected
the object, the object's kind, and the reasons (``krmfn.model.reasons``) set where the cause or
failure was made. A reason wins over the stage, in ``REASON_CHECKS`` order; a stage the table does
not name (a second CREATE of a stored name: the duplicate-object check reads the bundle itself) is
reported by no check.
"""
from __future__ import annotations

from krmfn.instancetype.webhooks.response import (
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
)
from krmfn.model.kinds import INSTANCETYPE_KINDS, PREFERENCE_KINDS
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
}
# The definitions' own webhooks, by kind.
WEBHOOK_CHECKS: dict[str, str] = {
    **{kind: "instancetype-admission" for kind in INSTANCETYPE_KINDS},
    **{kind: "preference-admission" for kind in PREFERENCE_KINDS},
}
# A VM that admission lets in but expand cannot handle (since KubeVirt v1.6 it fails at start).
EXPAND_FAILURE_CHECK = "reference"


def _by_reason(reasons: frozenset[str]) -> str | None:
    return next((check for reason, check in REASON_CHECKS if reason in reasons), None)


def check_for_cause(stage: str, reasons: frozenset[str], kind: str) -> str | None:
    """The check that reports one cause of a rejection at ``stage`` of an object of ``kind``."""
    by_stage_reason = next((STAGE_REASON_CHECKS[(stage, reason)] for reason in sorted(reasons)
                            if (stage, reason) in STAGE_REASON_CHECKS), None)
    by_stage = WEBHOOK_CHECKS.get(kind) if stage == STAGE_VALIDATING_WEBHOOK else STAGE_CHECKS.get(stage)
    return _by_reason(reasons) or by_stage_reason or by_stage


def check_for_expand_failure(reasons: frozenset[str]) -> str:
    """The check that reports why an admitted VM cannot be expanded."""
    return _by_reason(reasons) or EXPAND_FAILURE_CHECK


def table_check_ids() -> set[str]:
    """Every check ID the table names (a test holds them to the registered checks)."""
    return ({check for _, check in REASON_CHECKS} | set(STAGE_REASON_CHECKS.values()) | set(STAGE_CHECKS.values())
            | set(WEBHOOK_CHECKS.values()) | {EXPAND_FAILURE_CHECK})
