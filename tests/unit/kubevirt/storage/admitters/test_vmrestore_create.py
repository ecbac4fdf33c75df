"""``krmfn.kubevirt.storage.admitters.vmrestore_create``: the restore CREATE chain, end to end,
with the bundle as the cluster."""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.vmrestore_create import admit_vm_restore, restores_before
from krmfn.kubevirt.util.webhooks import (
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
    allow,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_8

CONFIG = ClusterConfig()
VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm"}, "spec": {}}
SNAPSHOT = {"apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineSnapshot",
            "metadata": {"name": "snap"},
            "spec": {"source": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"}}}
CONTENT_NIL = "snapshot content name is nil in vmSnapshot status"


def restore(name: str = "restore", api_version: str = "snapshot.kubevirt.io/v1beta1", **spec: object) -> dict:
    return {"apiVersion": api_version, "kind": "VirtualMachineRestore", "metadata": {"name": name},
            "spec": {"target": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"},
                     "virtualMachineSnapshotName": "snap", **spec}}


def test_a_restore_of_a_bundle_vm_passes() -> None:
    obj = restore()
    assert admit_vm_restore(obj, [VM, SNAPSHOT, obj], "default", CONFIG) == allow()


def test_without_the_snapshot_the_webhook_looks_no_further() -> None:
    obj = restore(patches=['{"op": "replace", "path": "/kind", "value": "x"}'])
    assert admit_vm_restore(obj, [obj], "default", CONFIG) == allow()


def test_without_the_target_vm_the_stored_snapshot_has_no_content_name() -> None:
    obj = restore()
    verdict = admit_vm_restore(obj, [SNAPSHOT, obj], "default", CONFIG)
    assert (verdict.stage, verdict.message) == (STAGE_VALIDATING_WEBHOOK, CONTENT_NIL)
    with_status = {**SNAPSHOT, "status": {"sourceUID": "u", "virtualMachineSnapshotContentName": "c"}}
    assert admit_vm_restore(obj, [with_status, obj], "default", CONFIG).message == CONTENT_NIL


def test_lookups_follow_namespace_version_and_the_snapshots_admission() -> None:
    obj = restore()
    other_namespace = {**VM, "metadata": {"name": "vm", "namespace": "other"}}
    assert admit_vm_restore(obj, [SNAPSHOT, other_namespace, obj], "default", CONFIG).message == CONTENT_NIL
    unserved = {**VM, "apiVersion": "kubevirt.io/v2"}
    assert admit_vm_restore(obj, [SNAPSHOT, unserved, obj], "default", CONFIG).message == CONTENT_NIL
    rejected_snapshot = {**SNAPSHOT, "spec": {"source": {"apiGroup": "apps", "kind": "Deployment", "name": "vm"}}}
    assert admit_vm_restore(obj, [rejected_snapshot, obj], "default", CONFIG) == allow()


def test_api_discovery() -> None:
    verdict = admit_vm_restore(restore(api_version="snapshot.kubevirt.io/v1"), [], "default", CONFIG)
    assert verdict.stage == STAGE_API_DISCOVERY


def test_field_validation() -> None:
    verdict = admit_vm_restore(restore(snapshotName="snap"), [], "default", CONFIG)
    assert verdict.stage == STAGE_FIELD_VALIDATION


def test_crd_schema_by_release() -> None:
    obj = restore(targetReadinessPolicy="Never")
    verdict = admit_vm_restore(obj, [VM, SNAPSHOT, obj], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert [cause.field for cause in verdict.causes] == ["spec.targetReadinessPolicy"]
    v1_8 = ClusterConfig(kubevirt_version=V1_8, feature_gates=("Snapshot",))
    assert admit_vm_restore(obj, [VM, SNAPSHOT, obj], "default", v1_8) == allow()


def test_validating_webhook_gate_and_causes() -> None:
    obj = restore(volumeOwnershipPolicy="Mine")
    assert admit_vm_restore(obj, [VM, SNAPSHOT, obj], "default", CONFIG).causes == [
        Cause("spec.volumeOwnershipPolicy", 'volume ownership policy "Mine" doesn\'t exist', "FieldValueInvalid")]
    verdict = admit_vm_restore(restore(), [], "default", ClusterConfig(kubevirt_version=V1_8))
    assert (verdict.stage, verdict.message) == (STAGE_VALIDATING_WEBHOOK, "Snapshot/Restore feature gate not enabled")


def test_restores_created_before_are_in_progress() -> None:
    first, second, third = restore("first"), restore("second"), restore("third")
    items = [VM, SNAPSHOT, first, second, third]
    assert admit_vm_restore(first, items, "default", CONFIG) == allow()
    assert admit_vm_restore(second, items, "default", CONFIG).causes == [
        Cause("spec.target", 'VirtualMachineRestore "first" in progress', "FieldValueInvalid")]
    # "second" was rejected, so never stored: only "first" holds "third" back.
    assert [r["metadata"]["name"] for r in restores_before(third, items, "default", CONFIG)] == ["first"]
    assert admit_vm_restore(third, items, "default", CONFIG).causes == [
        Cause("spec.target", 'VirtualMachineRestore "first" in progress', "FieldValueInvalid")]


def test_only_restores_of_the_same_namespace_and_target_count() -> None:
    elsewhere = {**restore("elsewhere"), "metadata": {"name": "elsewhere", "namespace": "other"}}
    other_target = restore("other", target={"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm2"})
    rejected = restore("rejected", volumeRestorePolicy="Nope")
    obj = restore()
    items = [VM, SNAPSHOT, elsewhere, other_target, rejected, obj]
    assert admit_vm_restore(obj, items, "default", CONFIG) == allow()
