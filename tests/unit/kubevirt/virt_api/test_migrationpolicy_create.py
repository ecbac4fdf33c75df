"""``krmfn.kubevirt.virt_api.migrationpolicy_create``: a MigrationPolicy's CREATE chain, end to end."""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import (
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
)
from krmfn.kubevirt.virt_api.migrationpolicy_create import admit_migration_policy
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN, V1_7, V1_8, V1_9

CONFIG = ClusterConfig()


def policy(spec: dict, api_version: str = "migrations.kubevirt.io/v1alpha1", **metadata: object) -> dict:
    return {"apiVersion": api_version, "kind": "MigrationPolicy", "metadata": {"name": "p", **metadata},
            "spec": spec}


def test_a_valid_policy_is_admitted() -> None:
    spec = {"selectors": {"namespaceSelector": {"a": "b"}}, "allowAutoConverge": True, "bandwidthPerMigration": "64Mi",
            "completionTimeoutPerGiB": 800, "allowPostCopy": False, "allowWorkloadDisruption": True}
    verdict = admit_migration_policy(policy(spec), [], "default", CONFIG)
    assert verdict.allowed and verdict.causes == [] and verdict.warnings == []


def test_a_namespace_on_the_cluster_scoped_policy_is_dropped() -> None:
    assert admit_migration_policy(policy({"selectors": {}}, namespace="x"), [], "default", CONFIG).allowed


def test_an_unserved_version_is_rejected_at_api_discovery() -> None:
    verdict = admit_migration_policy(policy({"selectors": {}}, "migrations.kubevirt.io/v1"), [], "default", CONFIG)
    assert verdict.stage == STAGE_API_DISCOVERY
    assert verdict.message == 'no matches for kind "MigrationPolicy" in version "migrations.kubevirt.io/v1"'


def test_an_unknown_field_is_rejected_at_field_validation() -> None:
    verdict = admit_migration_policy(policy({"selectors": {}, "bandwidth": "1"}), [], "default", CONFIG)
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert verdict.message == ('MigrationPolicy in version "v1alpha1" cannot be handled as a MigrationPolicy: strict '
                               'decoding error: unknown field "spec.bandwidth"')


def test_the_status_is_an_empty_struct() -> None:
    item = policy({"selectors": {}})
    item["status"] = {"phase": "x"}
    assert admit_migration_policy(item, [], "default", CONFIG).stage == STAGE_FIELD_VALIDATION
    item["status"] = None
    assert admit_migration_policy(item, [], "default", CONFIG).allowed


def test_the_crd_schema_requires_selectors_and_bounds_max_downtime() -> None:
    spec = {"maxDowntimeMs": 0, "experimental": {"compression": "gzip", "downtimeTuning": {"steps": 0}}}
    verdict = admit_migration_policy(policy(spec, name="Bad"), [], "default", ClusterConfig(kubevirt_version=MAIN))
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert [cause.field for cause in verdict.causes] == [
        "metadata.name", "spec.selectors", "spec.experimental.compression", "spec.experimental.downtimeTuning.steps",
        "spec.maxDowntimeMs"]
    assert verdict.causes[2].message == 'Unsupported value: "gzip": supported values: "none", "zstd"'
    assert verdict.causes[4].message == ("Invalid value: 0: spec.maxDowntimeMs in body should be greater than or "
                                         "equal to 1")


def test_the_webhook_rejects_negative_values() -> None:
    verdict = admit_migration_policy(policy({"selectors": {}, "bandwidthPerMigration": "-1"}), [], "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.causes == [Cause("spec.bandwidthPerMigration", "must not be negative", "FieldValueInvalid")]


def test_older_releases_do_not_know_the_tuning_fields() -> None:
    for version in (V1_8, V1_7):
        verdict = admit_migration_policy(policy({"selectors": {}, "maxDowntimeMs": 5}), [], "default",
                                         ClusterConfig(kubevirt_version=version))
        assert verdict.stage == STAGE_FIELD_VALIDATION
        assert verdict.message.endswith('unknown field "spec.maxDowntimeMs"')


def test_v1_9_knows_no_downtime_tuning_and_its_factors_are_strings() -> None:
    config = ClusterConfig(kubevirt_version=V1_9)
    spec = {"selectors": {}, "experimental": {"downtimeTuning": {"steps": 0}}}
    verdict = admit_migration_policy(policy(spec), [], "default", config)
    assert verdict.message == ('MigrationPolicy in version "v1alpha1" cannot be handled as a MigrationPolicy: strict '
                               'decoding error: unknown field "spec.experimental.downtimeTuning"')
    verdict = admit_migration_policy(policy({"selectors": {}, "experimental": {"stallDetector": {"ewmaAlpha": 1}}}),
                                     [], "default", config)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes[0].message == ('Invalid value: "integer": spec.experimental.stallDetector.ewmaAlpha in body '
                                         'must be of type string: "integer"')
