"""The one table from (stage, reasons, kind) to check ID (krmfn/modes/validate/classify.py)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import (
    STAGE_ALREADY_EXISTS,
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_INSTANCETYPE_APPLY,
    STAGE_INSTANCETYPE_MUTATOR,
    STAGE_MUTATING_SCHEMA,
    STAGE_PREFERENCE_REQUIREMENTS,
    STAGE_SET_DEFAULTS,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
)
from krmfn.model.reasons import KUBEVIRT_CRASH, NO_REASONS, SPREAD_TOPOLOGY, V1BETA2_RULE
from krmfn.model.check_ids import CHECK_IDS
from krmfn.modes.validate.classify import check_for_cause, check_for_expand_failure, table_check_ids

VM = "VirtualMachine"
IT = "VirtualMachineClusterInstancetype"
PF = "VirtualMachinePreference"


def test_every_check_the_table_names_is_registered() -> None:
    assert table_check_ids() <= set(CHECK_IDS)


@pytest.mark.parametrize("stage, kind, expected", [
    (STAGE_API_DISCOVERY, IT, "api-version"),
    (STAGE_FIELD_VALIDATION, PF, "unknown-field"),
    (STAGE_CRD_SCHEMA, IT, "schema"),
    (STAGE_MUTATING_SCHEMA, VM, "schema"),
    (STAGE_VALIDATING_SCHEMA, VM, "schema"),
    (STAGE_VALIDATING_WEBHOOK, IT, "instancetype-admission"),
    (STAGE_VALIDATING_WEBHOOK, "VirtualMachineInstancetype", "instancetype-admission"),
    (STAGE_VALIDATING_WEBHOOK, PF, "preference-admission"),
    (STAGE_VALIDATING_WEBHOOK, "VirtualMachineClusterPreference", "preference-admission"),
    (STAGE_INSTANCETYPE_MUTATOR, VM, "matcher"),
    (STAGE_INSTANCETYPE_APPLY, VM, "conflict"),
    (STAGE_SET_DEFAULTS, VM, "vm-defaults"),
    (STAGE_PREFERENCE_REQUIREMENTS, VM, "preference-requirements"),
    (STAGE_ALREADY_EXISTS, IT, None),  # the duplicate-object check reads the bundle itself
])
def test_by_stage_and_kind(stage: str, kind: str, expected: str | None) -> None:
    assert check_for_cause(stage, NO_REASONS, kind) == expected


@pytest.mark.parametrize("stage, reasons, expected", [
    (STAGE_INSTANCETYPE_APPLY, {SPREAD_TOPOLOGY}, "spread-topology"),
    (STAGE_PREFERENCE_REQUIREMENTS, {SPREAD_TOPOLOGY}, "preference-requirements"),  # spread names a check at apply only
    (STAGE_INSTANCETYPE_APPLY, {KUBEVIRT_CRASH}, "kubevirt-crash"),
    (STAGE_INSTANCETYPE_APPLY, {KUBEVIRT_CRASH, SPREAD_TOPOLOGY}, "kubevirt-crash"),  # a crash wins
    (STAGE_INSTANCETYPE_APPLY, {V1BETA2_RULE}, "v1beta2-sizing"),
    (STAGE_VALIDATING_WEBHOOK, {V1BETA2_RULE}, "v1beta2-sizing"),
    (STAGE_INSTANCETYPE_APPLY, {V1BETA2_RULE, KUBEVIRT_CRASH}, "kubevirt-crash"),
])
def test_reasons_win_over_the_stage(stage: str, reasons: set[str], expected: str) -> None:
    assert check_for_cause(stage, frozenset(reasons), IT if stage == STAGE_VALIDATING_WEBHOOK else VM) == expected


@pytest.mark.parametrize("kind, reasons, expected", [
    ("instancetype-not-found", set(), "reference"),
    ("preference-invalid", {SPREAD_TOPOLOGY}, "reference"),  # expand has no spread check: the object is broken
    ("preference-invalid", {KUBEVIRT_CRASH}, "kubevirt-crash"),
    ("vm-guest-not-accepted", {V1BETA2_RULE}, "v1beta2-sizing"),
    ("instancetype-conflict", set(), "conflict"),  # what validate reports at admission, named alike in inline
    ("default-network-interface", set(), "vm-defaults"),
    ("inference-failed", set(), "matcher"),
    ("revision-not-found", set(), "reference"),
    (None, set(), "reference"),
])
def test_expand_failures(kind: str | None, reasons: set[str], expected: str) -> None:
    assert check_for_expand_failure(kind, frozenset(reasons)) == expected
