"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/migrationpolicy-admitter_test.go``
(main, d923fdb8; ``kubevirtVersion: main``), ported: ``MigrationPolicyAdmitter.Admit`` on a CREATE
(``admit_migration_policy_create``) and ``parseScalarFloatFromQuantity``.

The policies are ``kubecli.NewMinimalMigrationPolicy("test-policy")`` with the case's spec, as
JSON (Go marshals an unset ``selectors`` as null). The Go test enables ``MigrationStallDetection``
by default; the feature gate tables disable every gate or enable the one named. The Go test only
checks ``Allowed``; the causes are compared too, from the Go code.

Not ported: the UPDATE entries ("allow unchanged update ...", "reject changing value ...", of the
maxDowntimeMs, downtimeTuning and stallDetector tables): UPDATE is out of scope.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.apimachinery.quantity import must_parse
from krmfn.kubevirt.apiserver.migrations_schema import MIGRATION_POLICY
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, STAGE_VALIDATING_WEBHOOK, Cause
from krmfn.kubevirt.virt_api.admitters.migrationpolicy_admitter import (
    admit_migration_policy_create,
    parse_scalar_float_from_quantity,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN

STALL_DETECTION = ClusterConfig(feature_gates=("MigrationStallDetection",), kubevirt_version=MAIN)
NO_GATES = ClusterConfig(kubevirt_version=MAIN)
DOWNTIME_TUNING = ClusterConfig(feature_gates=("MigrationDowntimeTuning",), kubevirt_version=MAIN)
SD = "spec.experimental.stallDetector"


def policy(spec: dict) -> dict:
    return {"apiVersion": "migrations.kubevirt.io/v1alpha1", "kind": "MigrationPolicy",
            "metadata": {"name": "test-policy"}, "spec": {"selectors": None, **spec}}


def stall_detector(**options: object) -> dict:
    return {"experimental": {"stallDetector": options}}


def invalid(field: str, message: str) -> Cause:
    return Cause(field, message, CAUSE_FIELD_VALUE_INVALID)


@pytest.mark.parametrize(("spec", "causes"), [
    pytest.param({"bandwidthPerMigration": "-1230"}, [invalid("spec.bandwidthPerMigration", "must not be negative")],
                 id="negative BandwidthPerMigration"),
    pytest.param({"completionTimeoutPerGiB": -1}, [invalid("spec.completionTimeoutPerGiB", "must not be negative")],
                 id="negative CompletionTimeoutPerGiB"),
    pytest.param(stall_detector(precopyPossibleFactor="-1"),
                 [invalid(f"{SD}.precopyPossibleFactor", 'invalid scalar "-1": must not be negative')],
                 id="negative precopyPossibleFactor"),
    pytest.param(stall_detector(ewmaAlpha="0"), [invalid(f"{SD}.ewmaAlpha", "must be greater than 0")],
                 id="ewmaAlpha zero"),
    pytest.param(stall_detector(ewmaAlpha="1.1"), [invalid(f"{SD}.ewmaAlpha", "must be less than or equal to 1")],
                 id="ewmaAlpha above maximum"),
    pytest.param(stall_detector(ewmaAlpha="0.123456"),
                 [invalid(f"{SD}.ewmaAlpha", 'invalid scalar "123456u": must have at most 3 decimal places')],
                 id="ewmaAlpha with excessive decimal precision"),
    pytest.param(stall_detector(precopyPossibleFactor="0.5"),
                 [invalid(f"{SD}.precopyPossibleFactor", "must be greater than or equal to 1")],
                 id="precopyPossibleFactor below minimum"),
    pytest.param(stall_detector(patienceWindowDecayFactor="1.5"),
                 [invalid(f"{SD}.patienceWindowDecayFactor", "must be less than or equal to 1")],
                 id="patienceWindowDecayFactor above maximum"),
    pytest.param({"experimental": {"stallDetector": {}, "downtimeTuning": {}}},
                 [invalid("spec.experimental.downtimeTuning",
                          "experimental.downtimeTuning cannot be modified without enabling the MigrationDowntimeTuning "
                          "feature gate"),
                  invalid("spec.experimental",
                          "experimental.stallDetector and experimental.downtimeTuning are mutually exclusive; the "
                          "stall detection path manages its own downtime schedule")],
                 id="stallDetector and downtimeTuning both set"),
])
def test_should_reject_migration_policy_with(spec: dict, causes: list[Cause]) -> None:
    verdict = admit_migration_policy_create(policy(spec), STALL_DETECTION, MIGRATION_POLICY)
    assert verdict is not None and not verdict.allowed
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.causes == causes


@pytest.mark.parametrize("spec", [
    pytest.param({"bandwidthPerMigration": "10"}, id="greater than zero BandwidthPerMigration"),
    pytest.param({"completionTimeoutPerGiB": 1}, id="greater than zero CompletionTimeoutPerGiB"),
    pytest.param({"completionTimeoutPerGiB": 0}, id="zero CompletionTimeoutPerGiB"),
    pytest.param({"maxDowntimeMs": 900}, id="valid MaxDowntimeMs"),
    pytest.param({"bandwidthPerMigration": "0"}, id="zero BandwidthPerMigration"),
    pytest.param({}, id="empty spec"),
    pytest.param(stall_detector(completionTimeoutFactor="3"), id="completionTimeoutFactor without upper bound"),
    pytest.param(stall_detector(precopyPossibleFactor="2"), id="precopyPossibleFactor without upper bound"),
    pytest.param(stall_detector(ewmaAlpha="500m"), id="ewmaAlpha with milli DecimalSI form"),
])
def test_should_accept_migration_policy_with(spec: dict) -> None:
    assert admit_migration_policy_create(policy(spec), STALL_DETECTION, MIGRATION_POLICY) is None


MAX_DOWNTIME_GATED = invalid("spec.maxDowntimeMs", "maxDowntimeMs cannot be modified without enabling the "
                                                   "MigrationStallDetection or MigrationDowntimeTuning feature gate")


@pytest.mark.parametrize(("config", "causes"), [
    pytest.param(NO_GATES, [MAX_DOWNTIME_GATED], id="reject on create without gate"),
    pytest.param(DOWNTIME_TUNING, [], id="allow on create with MigrationDowntimeTuning"),
])
def test_max_downtime_ms_feature_gate_validation(config: ClusterConfig, causes: list[Cause]) -> None:
    verdict = admit_migration_policy_create(policy({"maxDowntimeMs": 900}), config, MIGRATION_POLICY)
    assert (verdict.causes if verdict is not None else []) == causes


@pytest.mark.parametrize("spec", [
    pytest.param({"experimental": {"downtimeTuning": {"initialMs": 10}}},
                 id="experimental.downtimeTuning feature gate validation when feature gate is disabled: "
                    "reject on create"),
    pytest.param(stall_detector(stallMargin=4),
                 id="experimental.stallDetector feature gate validation when feature gate is disabled: "
                    "reject on create"),
])
def test_experimental_feature_gate_validation_when_feature_gate_is_disabled(spec: dict) -> None:
    verdict = admit_migration_policy_create(policy(spec), NO_GATES, MIGRATION_POLICY)
    assert verdict is not None and not verdict.allowed
    assert len(verdict.causes) == 1 and verdict.causes[0].message.endswith("feature gate")


@pytest.mark.parametrize(("value", "precision", "expected"), [
    pytest.param("2", 3, 2.0, id="accepts integer quantity"),
    pytest.param("1.5", 1, 1.5, id="accepts decimal within precision"),
    pytest.param("-1", 3, None, id="rejects negative quantity"),
    pytest.param("1.55", 1, None, id="rejects too many decimal places"),
    pytest.param("1.5e1", 0, 15.0, id="accepts exponential notation when value fits precision"),
])
def test_parse_scalar_float_from_quantity(value: str, precision: int, expected: float | None) -> None:
    result = parse_scalar_float_from_quantity(must_parse(value), precision)
    if expected is None:
        assert isinstance(result, str)
    else:
        assert result == expected
