"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/migrationpolicy-admitter_test.go``
and of ``ParseFactor`` in ``pkg/virt-config/configuration_test.go`` at the v1.9.0 release tag
(``kubevirtVersion: v1.9``), ported: there the stall detector's factors are strings read by
``virtconfig.ParseFactor``, ``maxDowntimeMs`` needs ``MigrationStallDetection`` alone and
``experimental.downtimeTuning`` does not exist (main's cases are in
``test_migrationpolicy_admitter_kubevirt.py``).

The policies are ``kubecli.NewMinimalMigrationPolicy("test-policy")`` with the case's spec, as
JSON. The Go test enables ``MigrationStallDetection`` by default; the feature gate tables disable
every gate. The Go test only checks ``Allowed``; the causes are compared too, from the Go code.
Not ported: the UPDATE entries (UPDATE is out of scope).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.apiserver.migrations_schema import migration_policy_schema
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Cause
from krmfn.kubevirt.virt_api.admitters.migrationpolicy_admitter import admit_migration_policy_create, parse_factor
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_9
from tests.unit.kubevirt.virt_api.admitters.test_migrationpolicy_admitter_kubevirt import (
    SD,
    invalid,
    policy,
    stall_detector,
)

STALL_DETECTION = ClusterConfig(feature_gates=("MigrationStallDetection",), kubevirt_version=V1_9)
NO_GATES = ClusterConfig(kubevirt_version=V1_9)
SCHEMA = migration_policy_schema(V1_9)


@pytest.mark.parametrize(("spec", "causes"), [
    pytest.param({"bandwidthPerMigration": "-1230"}, [invalid("spec.bandwidthPerMigration", "must not be negative")],
                 id="negative BandwidthPerMigration"),
    pytest.param({"completionTimeoutPerGiB": -1}, [invalid("spec.completionTimeoutPerGiB", "must not be negative")],
                 id="negative CompletionTimeoutPerGiB"),
    pytest.param(stall_detector(precopyPossibleFactor="not-a-number"),
                 [invalid(f"{SD}.precopyPossibleFactor", 'invalid factor "not-a-number": strconv.ParseFloat: parsing '
                                                         '"not-a-number": invalid syntax')],
                 id="invalid precopyPossibleFactor"),
    pytest.param(stall_detector(precopyPossibleFactor="0.5"),
                 [invalid(f"{SD}.precopyPossibleFactor", "must be greater than or equal to 1")],
                 id="precopyPossibleFactor below minimum"),
    pytest.param(stall_detector(patienceWindowDecayFactor="1.5"),
                 [invalid(f"{SD}.patienceWindowDecayFactor", "must be less than or equal to 1")],
                 id="patienceWindowDecayFactor above maximum"),
])
def test_should_reject_migration_policy_with(spec: dict, causes: list[Cause]) -> None:
    verdict = admit_migration_policy_create(policy(spec), STALL_DETECTION, SCHEMA)
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
])
def test_should_accept_migration_policy_with(spec: dict) -> None:
    assert admit_migration_policy_create(policy(spec), STALL_DETECTION, SCHEMA) is None


def test_max_downtime_ms_feature_gate_validation_when_feature_gate_is_disabled_reject_on_create() -> None:
    verdict = admit_migration_policy_create(policy({"maxDowntimeMs": 900}), NO_GATES, SCHEMA)
    assert verdict is not None
    assert verdict.causes == [invalid("spec.maxDowntimeMs", "maxDowntimeMs cannot be modified without enabling the "
                                                            "MigrationStallDetection feature gate")]


def test_stall_detector_feature_gate_validation_when_feature_gate_is_disabled_reject_on_create() -> None:
    verdict = admit_migration_policy_create(policy(stall_detector(stallMargin=4)), NO_GATES, SCHEMA)
    assert verdict is not None
    assert verdict.causes == [invalid(SD, "experimental.stallDetector cannot be modified without enabling the "
                                          "MigrationStallDetection feature gate")]


@pytest.mark.parametrize(("value", "precision", "expected"), [
    pytest.param("2", 3, 2.0, id="accepts integer factor"),
    pytest.param("1.5", 1, 1.5, id="accepts decimal within precision"),
    pytest.param("1.55", 1, 'invalid factor "1.55": must have at most 1 decimal places',
                 id="rejects too many decimal places"),
    pytest.param("1.5e1", 0, 15.0, id="accepts exponential notation when value fits precision"),
])
def test_parse_factor(value: str, precision: int, expected: float | str) -> None:
    assert parse_factor(value, precision) == expected
