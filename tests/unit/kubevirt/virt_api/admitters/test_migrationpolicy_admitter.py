"""``krmfn.kubevirt.virt_api.admitters.migrationpolicy_admitter``: causes, order, releases."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.apimachinery.quantity import must_parse
from krmfn.kubevirt.apiserver.migrations_schema import MIGRATION_POLICY, migration_policy_schema
from krmfn.kubevirt.virt_api.admitters.migrationpolicy_admitter import (
    admit_migration_policy_create,
    approximate_float64,
    go_g,
    go_pow10,
    migration_policy_causes,
    validate_stall_detector_factor,
    validate_stall_detector_factor_string,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN, V1_8, V1_9

BOTH_GATES = ClusterConfig(kubevirt_version=MAIN, feature_gates=("MigrationStallDetection", "MigrationDowntimeTuning"))


def test_every_cause_in_admit_order() -> None:
    spec = {"bandwidthPerMigration": "-0.5", "completionTimeoutPerGiB": -3, "maxDowntimeMs": 10,
            "experimental": {"downtimeTuning": {}, "stallDetector": {
                "completionTimeoutFactor": "0", "ewmaAlpha": "2", "precopyPossibleFactor": "1",
                "patienceWindowDecayFactor": "1"}}}
    fields = [cause.field for cause in migration_policy_causes(spec, ClusterConfig(kubevirt_version=MAIN))]
    assert fields == ["spec.completionTimeoutPerGiB", "spec.maxDowntimeMs", "spec.experimental.downtimeTuning",
                      "spec.experimental", "spec.experimental.stallDetector",
                      "spec.experimental.stallDetector.ewmaAlpha",
                      "spec.experimental.stallDetector.completionTimeoutFactor", "spec.bandwidthPerMigration"]


def test_gates_admit_the_tuning_fields() -> None:
    spec = {"maxDowntimeMs": 10, "experimental": {"stallDetector": {"ewmaAlpha": "1"}}}
    assert migration_policy_causes(spec, BOTH_GATES) == []
    stall_detection = ClusterConfig(kubevirt_version=MAIN, feature_gates=("MigrationStallDetection",))
    assert migration_policy_causes({"maxDowntimeMs": 10}, stall_detection) == []


def test_before_v1_9_the_tuning_checks_do_not_exist() -> None:
    spec = {"maxDowntimeMs": 10, "experimental": {"stallDetector": {}, "downtimeTuning": {}}}
    assert migration_policy_causes(spec, ClusterConfig(kubevirt_version=V1_8)) == []


def test_null_values_count_as_unset() -> None:
    spec = {"maxDowntimeMs": None, "bandwidthPerMigration": None,
            "experimental": {"stallDetector": None, "downtimeTuning": None}}
    assert migration_policy_causes(spec, ClusterConfig(kubevirt_version=MAIN)) == []


@pytest.mark.parametrize(("value", "message"), [
    ("1", None),
    ("1000m", None),
    ("999m", None),
    ("1001m", "must be less than or equal to 1"),
    ("1e400", 'invalid scalar "10e399"'),
    ("0.0005", 'invalid scalar "500u": must have at most 3 decimal places'),
    (0, "must be greater than 0"),
])
def test_ewma_alpha(value: object, message: str | None) -> None:
    causes = validate_stall_detector_factor("f", value, 0.0, 1.0, True)
    assert [cause.message for cause in causes] == ([message] if message else [])


def test_a_quantity_go_refuses_is_the_decoding_error() -> None:
    policy = {"spec": {"selectors": {}, "bandwidthPerMigration": "1Qi"}}
    verdict = admit_migration_policy_create(policy, ClusterConfig(kubevirt_version=MAIN), MIGRATION_POLICY)
    assert verdict is not None and verdict.causes[0].field == ""
    assert verdict.message.startswith("quantities must match the regular expression")


def test_go_float_helpers() -> None:
    assert go_pow10(-3) == 0.001 and go_pow10(2) == 100.0 and go_pow10(400) == float("inf")
    assert approximate_float64(must_parse("500m")) == 0.5
    assert go_g(0.0) == "0" and go_g(1.0) == "1" and go_g(1.7976931348623157e308) == "1.7976931348623157e+308"


def test_v1_9_has_no_downtime_tuning_and_gates_max_downtime_behind_stall_detection_alone() -> None:
    spec = {"maxDowntimeMs": 10, "experimental": {"downtimeTuning": {}, "stallDetector": {"ewmaAlpha": "-1"}}}
    causes = migration_policy_causes(spec, ClusterConfig(kubevirt_version=V1_9,
                                                         feature_gates=("MigrationDowntimeTuning",)))
    assert [(cause.field, cause.message) for cause in causes] == [
        ("spec.maxDowntimeMs", "maxDowntimeMs cannot be modified without enabling the MigrationStallDetection "
                               "feature gate"),
        ("spec.experimental.stallDetector", "experimental.stallDetector cannot be modified without enabling the "
                                            "MigrationStallDetection feature gate"),
        # ParseFactor has no sign check: a negative factor meets the bound (golden-kinds r7001-0101 at v1.9.0)
        ("spec.experimental.stallDetector.ewmaAlpha", "must be greater than 0"),
    ]


@pytest.mark.parametrize(("value", "message"), [
    ("0.5", None),
    (" 0.5\t", None),  # strings.TrimSpace
    ("1_0e-1", None),  # strconv.ParseFloat reads underscores between digits
    ("", 'invalid factor ""'),
    ("  ", 'invalid factor ""'),
    ("abc", 'invalid factor "abc": strconv.ParseFloat: parsing "abc": invalid syntax'),
    ("500m", 'invalid factor "500m": strconv.ParseFloat: parsing "500m": invalid syntax'),
    ("1e400", 'invalid factor "1e400": strconv.ParseFloat: parsing "1e400": value out of range'),
    ("NaN", 'invalid factor "NaN"'),
    ("inf", 'invalid factor "inf"'),
    ("0x1p-1", None),
    ("0.0005", 'invalid factor "0.0005": must have at most 3 decimal places'),
    ("0", "must be greater than 0"),
    ("1.001", "must be less than or equal to 1"),
])
def test_v1_9_ewma_alpha_is_a_string_read_by_parse_factor(value: str, message: str | None) -> None:
    causes = validate_stall_detector_factor_string("f", value, 0.0, 1.0, True)
    assert [cause.message for cause in causes] == ([message] if message else [])


def test_v1_9_stall_detector_timeouts_are_uint64() -> None:
    policy = {"spec": {"selectors": {}, "experimental": {"stallDetector": {"switchoverTimeout": -5}}}}
    verdict = admit_migration_policy_create(policy, ClusterConfig(kubevirt_version=V1_9), migration_policy_schema(V1_9))
    assert verdict is not None
    assert verdict.message == ("json: cannot unmarshal number -5 into Go struct field "
                               "MigrationPolicy.spec.experimental.stallDetector.switchoverTimeout of type uint64")
