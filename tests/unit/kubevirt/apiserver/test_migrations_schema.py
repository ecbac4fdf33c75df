"""``krmfn.kubevirt.apiserver.migrations_schema``: the two migration CRDs' schemas."""
from __future__ import annotations

from krmfn.kubevirt.apiserver.migrations_schema import (
    MIGRATION_POLICY,
    migration_policy_schema,
    migration_schema,
)
from krmfn.kubevirt.apiserver.schema import check
from krmfn.model.kubevirt_version import MAIN, V1_7, V1_8, V1_9


def test_every_policy_field_is_known() -> None:
    spec = {"selectors": {"namespaceSelector": {}, "virtualMachineInstanceSelector": {}}, "allowAutoConverge": True,
            "bandwidthPerMigration": "1Gi", "completionTimeoutPerGiB": 1, "maxDowntimeMs": 1, "allowPostCopy": True,
            "allowWorkloadDisruption": True, "experimental": {
                "compression": "zstd",
                "downtimeTuning": {"initialMs": 1, "steps": 1, "startAfterIteration": 1, "cooldownSeconds": 1},
                "stallDetector": {"stallMargin": 4, "ewmaAlpha": "0.4", "stallProgressTimeout": 40,
                                  "switchoverTimeout": 60, "precopyPossibleFactor": "1.5",
                                  "patienceWindowDecayFactor": "0.5", "searchLocalMinima": True,
                                  "completionTimeoutFactor": 2}}}
    report = check({"apiVersion": "migrations.kubevirt.io/v1alpha1", "kind": "MigrationPolicy",
                    "metadata": {"name": "p"}, "spec": spec, "status": {}}, migration_policy_schema(MAIN))
    assert report.unknown == [] and report.errors == []


def test_older_policies_lack_the_tuning_fields() -> None:
    assert migration_policy_schema(MAIN) is MIGRATION_POLICY
    report = check({"spec": {"selectors": {}, "experimental": {"downtimeTuning": {}, "stallDetector": {
        "ewmaAlpha": "0.4", "stallProgressTimeout": -1, "completionTimeoutFactor": 2}}}}, migration_policy_schema(V1_9))
    assert report.unknown == ["spec.experimental.downtimeTuning"]  # v1.9.0: PR #18240 came after
    assert [(error.path, error.message) for error in report.errors] == [
        ("spec.experimental.stallDetector.completionTimeoutFactor",
         'spec.experimental.stallDetector.completionTimeoutFactor in body must be of type string: "integer"')]
    for version in (V1_8, V1_7):
        report = check({"spec": {"selectors": {}, "maxDowntimeMs": 1, "experimental": {}}},
                       migration_policy_schema(version))
        assert report.unknown == ["spec.experimental", "spec.maxDowntimeMs"]


def test_every_migration_field_is_known_and_status_is_open() -> None:
    spec = {"vmiName": "v", "addedNodeSelector": {"a": "b"}, "priority": "user-triggered",
            "sendTo": {"migrationID": "i", "connectURL": "u"}, "receive": {"migrationID": "i"}}
    report = check({"spec": spec, "status": {"anything": 1}}, migration_schema(V1_9))
    assert report.unknown == [] and report.errors == []
    assert [error.path for error in check({}, migration_schema(V1_9)).errors] == ["spec"]
