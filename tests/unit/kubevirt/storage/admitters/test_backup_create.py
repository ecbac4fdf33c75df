"""``krmfn.kubevirt.storage.admitters.backup_create``: the backup and tracker CREATE chains, end to end."""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.backup_create import (
    RULES_NOT_CHECKED,
    admit_vm_backup,
    admit_vm_backup_tracker,
)
from krmfn.kubevirt.util.webhooks import (
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
    allow,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_7, V1_8

CONFIG = ClusterConfig(feature_gates=("IncrementalBackup",))


def backup(name: str = "b", vm: str = "vm", **spec: object) -> dict:
    source = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": vm}
    return {"apiVersion": "backup.kubevirt.io/v1alpha1", "kind": "VirtualMachineBackup", "metadata": {"name": name},
            "spec": {"source": source, "pvcName": "pvc", **spec}}


def tracker(**source: object) -> dict:
    return {"apiVersion": "backup.kubevirt.io/v1alpha1", "kind": "VirtualMachineBackupTracker",
            "metadata": {"name": "t"},
            "spec": {"source": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm", **source}}}


def test_a_backup_and_a_tracker_pass() -> None:
    assert admit_vm_backup(backup(), [], "default", CONFIG) == allow()
    assert admit_vm_backup_tracker(tracker(), [], "default", CONFIG) == allow()
    v1_8 = ClusterConfig(feature_gates=("IncrementalBackup",), kubevirt_version=V1_8)
    assert admit_vm_backup(backup(), [], "default", v1_8) == allow()


def test_v1_7_has_no_backup_group() -> None:
    config = ClusterConfig(feature_gates=("IncrementalBackup",), kubevirt_version=V1_7)
    verdict = admit_vm_backup(backup(), [], "default", config)
    assert verdict.stage == STAGE_API_DISCOVERY
    assert verdict.message == 'no matches for kind "VirtualMachineBackup" in version "backup.kubevirt.io/v1alpha1"'
    assert admit_vm_backup_tracker(tracker(), [], "default", config).stage == STAGE_API_DISCOVERY


def test_field_validation() -> None:
    verdict = admit_vm_backup(backup(pvc="x"), [], "default", CONFIG)
    assert verdict.stage == STAGE_FIELD_VALIDATION


def test_crd_schema_and_cel_rules() -> None:
    verdict = admit_vm_backup(backup(pvcName="", mode="Pull"), [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes == [Cause("spec", 'Invalid value: "object": pvcName is required'),
                              Cause("spec", 'Invalid value: "object": tokenSecretRef is required when mode is Pull')]
    obj = backup()
    obj["spec"]["source"] = {"apiGroup": "snapshot.kubevirt.io", "kind": "VirtualMachine", "name": ""}
    assert [c.message for c in admit_vm_backup(obj, [], "default", CONFIG).causes] == [
        'Invalid value: "object": apiGroup must be kubevirt.io or backup.kubevirt.io',
        'Invalid value: "object": kind must be VirtualMachine for kubevirt.io or VirtualMachineBackupTracker for '
        'backup.kubevirt.io',
        'Invalid value: "object": name is required']
    del obj["spec"]["source"]["apiGroup"]
    assert [c.message for c in admit_vm_backup(obj, [], "default", CONFIG).causes] == [
        'Invalid value: "object": apiGroup is required', 'Invalid value: "object": name is required']


def test_schema_errors_block_the_cel_rules() -> None:
    verdict = admit_vm_backup(backup(mode="Other", pvcName=""), [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes[-1] == RULES_NOT_CHECKED
    assert len(verdict.causes) == 2


def test_tracker_cel_rules() -> None:
    verdict = admit_vm_backup_tracker(tracker(apiGroup="x", kind="Pod"), [], "default", CONFIG)
    assert verdict.causes == [Cause("spec.source", 'Invalid value: "object": apiGroup must be kubevirt.io'),
                              Cause("spec.source", 'Invalid value: "object": kind must be VirtualMachine')]


def test_gate() -> None:
    config = ClusterConfig(disabled_feature_gates=("IncrementalBackup",))
    for verdict in (admit_vm_backup(backup(), [], "default", config),
                    admit_vm_backup_tracker(tracker(), [], "default", config)):
        assert verdict.stage == STAGE_VALIDATING_WEBHOOK
        assert verdict.message == "IncrementalBackup feature gate not enabled"


def test_ttl_duration_decoding() -> None:
    verdict = admit_vm_backup(backup(ttlDuration="1x"), [], "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.message == 'time: unknown unit "x" in duration "1x"'


def test_an_earlier_backup_of_the_same_source_is_in_progress() -> None:
    first, second, other_vm = backup("b1"), backup("b2"), backup("b3", vm="other")
    elsewhere = backup("b4")
    elsewhere["metadata"]["namespace"] = "ns"
    items = [first, second, other_vm, elsewhere]
    assert admit_vm_backup(first, items, "default", CONFIG) == allow()
    verdict = admit_vm_backup(second, items, "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.causes == [Cause("spec.source", 'VirtualMachineBackup "b1" in progress for source',
                                    "FieldValueInvalid")]
    assert admit_vm_backup(other_vm, items, "default", CONFIG) == allow()
    assert admit_vm_backup(elsewhere, items, "default", CONFIG) == allow()


def test_a_rejected_earlier_backup_was_never_stored() -> None:
    rejected = backup("b1", pvcName="")
    later = backup("b2")
    assert admit_vm_backup(later, [rejected, later], "default", CONFIG) == allow()


def test_an_earlier_backup_of_the_same_name() -> None:
    first, second = backup("b"), backup("b", vm="other")
    verdict = admit_vm_backup(second, [first, second], "default", CONFIG)
    assert verdict.causes == [Cause("metadata.name", 'VirtualMachineBackup "b" already exists', "FieldValueInvalid")]
