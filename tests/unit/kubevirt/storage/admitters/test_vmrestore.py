"""``krmfn.kubevirt.storage.admitters.vmrestore``: the restore webhook's lookups, errors and
release differences."""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.vmrestore import (
    RestoreCluster,
    is_backend_storage_needed,
    target_key,
    validate_patches,
    validate_target_vm,
    validate_volume_restore_policy,
    validate_vm_restore_create,
)
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Cause, reject_message
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_7, V1_8, V1_9

BAD_PATCH = '{"op": "replace", "path": "/kind", "value": "x"}'
BAD_PATCH_CAUSE = Cause("spec.patches", 'patching is valid only for elements under /spec/ only:  "path": "/kind"',
                        "FieldValueInvalid")


def restore(**spec: object) -> dict:
    return {"kind": "VirtualMachineRestore", "metadata": {"name": "r", "namespace": "ns"},
            "spec": {"target": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"},
                     "virtualMachineSnapshotName": "s", **spec}}


def cluster(snapshot: dict | None = None, vm: dict | None = None, content: dict | None = None,
            restores: list[dict] | None = None) -> RestoreCluster:
    return RestoreCluster(lambda _ns, _name: snapshot, lambda _ns, _name: vm, lambda _ns, _name: content,
                          lambda _ns: restores or [])


def test_no_snapshot_drops_the_patch_causes() -> None:
    assert validate_target_vm(restore(patches=[BAD_PATCH]), "ns", cluster()) == ([], None)
    assert validate_target_vm(restore(patches=[BAD_PATCH]), "ns", cluster({}, {})) == ([BAD_PATCH_CAUSE], None)


def test_a_missing_target_needs_the_snapshot_content() -> None:
    assert validate_target_vm(restore(), "ns", cluster({})) == ([], "snapshot content name is nil in vmSnapshot status")
    snapshot = {"status": {"virtualMachineSnapshotContentName": "c"}}
    assert validate_target_vm(restore(), "ns", cluster(snapshot)) == (
        [], 'virtualmachinesnapshotcontents.snapshot.kubevirt.io "c" not found')
    assert validate_target_vm(restore(), "ns", cluster(snapshot, content={"spec": {"source": {}}})) == (
        [], "unexpected snapshot source")
    content = {"spec": {"source": {"virtualMachine": {"spec": {}}}}}
    assert validate_target_vm(restore(), "ns", cluster(snapshot, content=content)) == ([], None)


def test_another_uid_is_another_vm() -> None:
    snapshot = {"status": {"sourceUID": "a", "virtualMachineSnapshotContentName": "c"}}
    efi = {"spec": {"template": {"spec": {"domain": {"firmware": {"bootloader": {"efi": {"persistent": True}}}}}}}}
    content = {"spec": {"source": {"virtualMachine": efi}}}
    vm_a = {"metadata": {"uid": "a"}}
    assert validate_target_vm(restore(), "ns", cluster(snapshot, vm_a, content)) == ([], None)
    causes, error = validate_target_vm(restore(), "ns", cluster(snapshot, {"metadata": {"uid": "b"}}, content))
    assert error is None
    assert [cause.field for cause in causes] == ["spec"]


def test_unusable_names_are_the_clients_errors() -> None:
    verdict = validate_vm_restore_create(restore(virtualMachineSnapshotName=""), cluster(), ClusterConfig())
    assert verdict == reject_message(STAGE_VALIDATING_WEBHOOK, "resource name may not be empty")
    bad_target = restore(target={"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "a/b"})
    verdict = validate_vm_restore_create(bad_target, cluster({}), ClusterConfig())
    assert verdict.message == "invalid resource name \"a/b\": [may not contain '/']"


def test_backend_storage() -> None:
    tpm = {"spec": {"template": {"spec": {"domain": {"devices": {"tpm": {"persistent": True}}}}}}}
    assert is_backend_storage_needed(tpm)
    disabled = {"spec": {"template": {"spec": {"domain": {"devices": {"tpm": {"persistent": True,
                                                                              "enabled": False}}}}}}}
    assert not is_backend_storage_needed(disabled)
    assert not is_backend_storage_needed({"spec": {}})


def test_prefix_target_name_since_v1_8() -> None:
    spec = {"volumeRestorePolicy": "PrefixTargetName"}
    assert validate_volume_restore_policy(spec, V1_9) == []
    assert validate_volume_restore_policy(spec, V1_8) == []
    assert validate_volume_restore_policy(spec, V1_7) == [
        Cause("spec.volumeRestorePolicy", 'volume restore policy "PrefixTargetName" doesn\'t exist',
              "FieldValueInvalid")]
    assert validate_volume_restore_policy({"volumeRestorePolicy": ""}, V1_9)[0].message == \
        'volume restore policy "" doesn\'t exist'


def test_patches_split_as_go_does() -> None:
    assert validate_patches(['[{"op":"remove","path":"/apiVersion","value":null}]'], "f") == [
        Cause("f", 'patching is valid only for elements under /spec/ only: "path":"/apiVersion"', "FieldValueInvalid")]
    assert validate_patches(["{}"], "f") == [
        Cause("f", 'patch format is not valid - one ":" expected in a single key-value json patch: ',
              "FieldValueInvalid")]


def test_in_progress_compares_the_whole_target_and_skips_complete_restores() -> None:
    other = restore()
    no_group = restore(target={"kind": "VirtualMachine", "name": "vm"})
    assert target_key(other) != target_key(restore(target={"apiGroup": "", "kind": "VirtualMachine", "name": "vm"}))
    complete = {**restore(), "status": {"complete": True}}
    verdict = validate_vm_restore_create(restore(), cluster(restores=[other, no_group, complete]), ClusterConfig())
    assert verdict.causes == [Cause("spec.target", 'VirtualMachineRestore "r" in progress', "FieldValueInvalid")]


def test_a_wrong_target_still_meets_the_in_progress_check() -> None:
    wrong = restore(target={"apiGroup": "x", "kind": "VirtualMachine", "name": "vm"})
    verdict = validate_vm_restore_create(wrong, cluster(restores=[wrong]), ClusterConfig())
    assert [cause.message for cause in verdict.causes] == ["invalid apiGroup", 'VirtualMachineRestore "r" in progress']
