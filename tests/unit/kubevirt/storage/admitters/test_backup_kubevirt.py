"""KubeVirt's ``backup_test.go`` (d923fdb8; both Describes: the backup and the tracker admitter)
against ``krmfn.kubevirt.storage.admitters.backup``.

Not ported: "Resource validation" (the wrong group or resource in the request: krmfn's chain
only sends backups and trackers to their webhook), the UPDATE case (out of scope).
"""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.backup import validate_vm_backup_create, validate_vm_backup_tracker_create
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

ENABLED = ClusterConfig(feature_gates=("IncrementalBackup",))
DISABLED = ClusterConfig(disabled_feature_gates=("IncrementalBackup",))
SOURCE = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "test-vm"}


def backup(name: str, status: dict | None = None) -> dict:
    obj = {"metadata": {"name": name, "namespace": "default"}, "spec": {"source": dict(SOURCE), "pvcName": "test-pvc"}}
    if status is not None:
        obj["status"] = status
    return obj


def condition(kind: str) -> dict:
    return {"conditions": [{"type": kind, "status": "True"}]}


def test_should_reject_create_operation_when_incremental_backup_feature_gate_is_not_enabled() -> None:
    verdict = validate_vm_backup_create({"spec": {}}, [], DISABLED)
    assert not verdict.allowed
    assert verdict.message == "IncrementalBackup feature gate not enabled"


def test_should_reject_if_backup_with_same_name_already_exists() -> None:
    verdict = validate_vm_backup_create(backup("vm-backup"), [backup("vm-backup")], ENABLED)
    assert not verdict.allowed
    assert len(verdict.causes) == 1
    assert verdict.causes[0].type == "FieldValueInvalid"
    assert "already exists" in verdict.causes[0].message
    assert verdict.causes[0].field == "metadata.name"


def test_should_reject_if_another_backup_for_the_same_source_is_in_progress() -> None:
    existing = backup("in-progress-backup", condition("Progressing"))
    verdict = validate_vm_backup_create(backup("new-backup"), [existing], ENABLED)
    assert not verdict.allowed
    assert len(verdict.causes) == 1
    assert verdict.causes[0].type == "FieldValueInvalid"
    assert "in progress for source" in verdict.causes[0].message
    assert verdict.causes[0].field == "spec.source"


def test_should_allow_creating_backup_for_the_same_source_if_existing_backup_is_done() -> None:
    existing = backup("completed-backup", condition("Complete"))
    verdict = validate_vm_backup_create(backup("new-backup"), [existing], ENABLED)
    assert verdict.allowed
    assert verdict.causes == []


def test_tracker_should_reject_create_operation_when_incremental_backup_feature_gate_is_not_enabled() -> None:
    assert not validate_vm_backup_tracker_create(DISABLED).allowed
    assert validate_vm_backup_tracker_create(DISABLED).message == "IncrementalBackup feature gate not enabled"
    assert validate_vm_backup_tracker_create(ENABLED).allowed
