"""``krmfn.kubevirt.apiserver.snapshot_schema``: the snapshot and restore CRD schemas."""
from __future__ import annotations

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.snapshot_schema import (
    SNAPSHOT_VERSIONS,
    VIRTUAL_MACHINE_RESTORE,
    VIRTUAL_MACHINE_RESTORE_V1_8,
    VIRTUAL_MACHINE_SNAPSHOT,
    restore_schema,
)
from krmfn.model.kubevirt_version import V1_7, V1_8, V1_9

SNAPSHOT = {
    "apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineSnapshot", "metadata": {"name": "s"},
    "spec": {"source": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"},
             "deletionPolicy": "Retain", "failureDeadline": "1m"},
}
RESTORE = {
    "apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineRestore", "metadata": {"name": "r"},
    "spec": {"target": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"},
             "virtualMachineSnapshotName": "s", "targetReadinessPolicy": "StopTarget",
             "volumeRestorePolicy": "InPlace", "volumeOwnershipPolicy": "Vm",
             "volumeRestoreOverrides": [{"volumeName": "a", "restoreName": "b", "labels": {"x": "y"},
                                         "annotations": {"x": "y"}}],
             "patches": ['{"op": "remove", "path": "/spec/running"}']},
}


def test_served_versions() -> None:
    assert frozenset({"v1alpha1", "v1beta1"}) == SNAPSHOT_VERSIONS


def test_every_spec_field_is_known() -> None:
    assert schemas.check(SNAPSHOT, VIRTUAL_MACHINE_SNAPSHOT) == schemas.SchemaReport()
    assert schemas.check(RESTORE, VIRTUAL_MACHINE_RESTORE) == schemas.SchemaReport()


def test_unknown_spec_fields() -> None:
    snapshot = {**SNAPSHOT, "spec": {**SNAPSHOT["spec"], "sources": []}}
    assert schemas.unknown_fields(snapshot, VIRTUAL_MACHINE_SNAPSHOT) == ["spec.sources"]
    restore = {**RESTORE, "spec": {**RESTORE["spec"], "volumeRestoreOverrides": [{"name": "a"}]}}
    assert schemas.unknown_fields(restore, VIRTUAL_MACHINE_RESTORE) == ["spec.volumeRestoreOverrides[0].name"]


def test_required_fields() -> None:
    snapshot = {**SNAPSHOT, "spec": {"source": {"apiGroup": "kubevirt.io"}}}
    assert [error.crd_cause() for error in schemas.schema_errors(snapshot, VIRTUAL_MACHINE_SNAPSHOT)] == [
        ("spec.source.kind", "Required value"), ("spec.source.name", "Required value")]
    restore = {**RESTORE, "spec": {}}
    assert [error.crd_cause() for error in schemas.schema_errors(restore, VIRTUAL_MACHINE_RESTORE)] == [
        ("spec.target", "Required value"), ("spec.virtualMachineSnapshotName", "Required value")]


def test_target_readiness_policy_is_an_enum_since_v1_9() -> None:
    restore = {**RESTORE, "spec": {**RESTORE["spec"], "targetReadinessPolicy": "Later"}}
    assert [error.crd_cause() for error in schemas.schema_errors(restore, restore_schema(V1_9))] == [
        ("spec.targetReadinessPolicy", 'Unsupported value: "Later": supported values: "StopTarget", '
                                       '"WaitGracePeriod", "FailImmediate", "WaitEventually"')]
    assert restore_schema(V1_8) is VIRTUAL_MACHINE_RESTORE_V1_8
    assert restore_schema(V1_7) is VIRTUAL_MACHINE_RESTORE_V1_8
    assert schemas.schema_errors(restore, VIRTUAL_MACHINE_RESTORE_V1_8) == []
