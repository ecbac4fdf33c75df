"""Cases of KubeVirt's ``pkg/storage/admitters/vmrestore_test.go`` (d923fdb8), ported: the CREATE
cases of "Validating VirtualMachineRestore Admitter", on ``validate_vm_restore_create`` with a
``RestoreCluster`` built as the Go test builds its fake client (``createTestVMRestoreAdmitter``):
snapshots and contents of the namespace ``default`` by name, VMs by name in any namespace, the
restores given to it in the informer. The Go test's snapshot has a status (``sourceUID: vm-uid``,
ready), as the controller leaves it. Where the Go test checks a message, a number of causes or a
cause's field, the whole answer is compared (messages, fields and types from ``vmrestore.go``).

Not ported:
- "should reject invalid request resource": krmfn routes objects by kind, never to another kind's
  webhook;
- "should reject spec update", "should allow metadata update": UPDATE, out of krmfn's scope.
"""
from __future__ import annotations

import json

import pytest

from krmfn.kubevirt.storage.admitters.vmrestore import RestoreCluster, validate_vm_restore_create
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Admission, Cause, allow, reject, reject_message
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

ENABLED = ClusterConfig(feature_gates=("Snapshot",))
DISABLED = ClusterConfig(disabled_feature_gates=("Snapshot",))
API_GROUP = "kubevirt.io"
VM_NAME = "vm"
SNAPSHOT_NAME = "snapshot"
SNAPSHOT_STATUS = {"sourceUID": "vm-uid", "readyToUse": True}


def snapshot(**status: object) -> dict:
    return {"apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineSnapshot",
            "metadata": {"name": SNAPSHOT_NAME, "namespace": "default"},
            "spec": {"source": {"apiGroup": API_GROUP, "kind": "VirtualMachine", "name": VM_NAME}},
            "status": {**SNAPSHOT_STATUS, **status}}


def vm(name: str = VM_NAME, uid: str = "vm-uid", run_strategy: str = "Always", template: dict | None = None) -> dict:
    spec: dict = {"runStrategy": run_strategy}
    if template is not None:
        spec["template"] = template
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": name, "uid": uid},
            "spec": spec}


def restore(name: str = "restore", **spec: object) -> dict:
    target = {"apiGroup": API_GROUP, "kind": "VirtualMachine", "name": VM_NAME}
    return {"apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineRestore",
            "metadata": {"name": name, "namespace": "default"},
            "spec": {"target": target, "virtualMachineSnapshotName": SNAPSHOT_NAME, **spec}}


def fake_cluster(*objects: dict) -> RestoreCluster:
    """``createTestVMRestoreAdmitter``: the fake clientset and the restore informer."""

    def in_default(kind: str) -> object:
        def get(namespace: str, name: str) -> dict | None:
            return next((o for o in objects if o["kind"] == kind and o["metadata"].get("name") == name
                         and o["metadata"].get("namespace") == namespace), None)
        return get

    def virtual_machine(_namespace: str, name: str) -> dict | None:
        return next((o for o in objects if o["kind"] == "VirtualMachine" and o["metadata"].get("name") == name), None)

    def restores(namespace: str) -> list[dict]:
        return [o for o in objects if o["kind"] == "VirtualMachineRestore"
                and o["metadata"].get("namespace") == namespace]

    return RestoreCluster(in_default("VirtualMachineSnapshot"), virtual_machine,  # type: ignore[arg-type]
                          in_default("VirtualMachineSnapshotContent"), restores)  # type: ignore[arg-type]


def invalid(field: str, message: str, cause_type: str = "FieldValueInvalid") -> Admission:
    return reject(STAGE_VALIDATING_WEBHOOK, [Cause(field, message, cause_type)])


def test_with_a_disabled_feature_gate_should_reject_anything() -> None:
    empty = {**restore(), "spec": {}}
    assert validate_vm_restore_create(empty, fake_cluster(), DISABLED) == reject_message(
        STAGE_VALIDATING_WEBHOOK, "Snapshot/Restore feature gate not enabled")


def test_should_reject_missing_apigroup() -> None:
    missing = restore()
    del missing["spec"]["target"]["apiGroup"]
    assert validate_vm_restore_create(missing, fake_cluster(snapshot()), ENABLED) == invalid(
        "spec.target.apiGroup", "missing apiGroup", "FieldValueNotFound")


def test_should_accept_when_snapshot_does_not_exist() -> None:
    assert validate_vm_restore_create(restore(), fake_cluster(), ENABLED) == allow()


@pytest.mark.parametrize(("obj", "run_strategy", "expected"), [
    pytest.param(restore(), "Always", allow(), id="should allow when VM is running"),
    pytest.param(restore(), "Manual", allow(), id="should allow when VM run strategy is not halted"),
    pytest.param(restore(target={"apiGroup": API_GROUP, "kind": "VirtualMachineInstance", "name": VM_NAME}),
                 "Always", invalid("spec.target.kind", "invalid kind"), id="should reject invalid kind"),
    pytest.param(restore(target={"apiGroup": "foo.bar", "kind": "VirtualMachine", "name": VM_NAME}),
                 "Always", invalid("spec.target.apiGroup", "invalid apiGroup"), id="should reject invalid apiGroup"),
    pytest.param(restore(), "Halted", allow(), id="should accept when VM is not running"),
    pytest.param(restore(volumeRestoreOverrides=[{}]), "Always", reject(STAGE_VALIDATING_WEBHOOK, [
        Cause("spec.volumeRestoreOverrides[0].volumeName", "must provide a volume name", "FieldValueRequired"),
        Cause("spec.volumeRestoreOverrides[0]", "must provide at least one overriden field", "FieldValueRequired"),
    ]), id="should reject volume overrides if no parameter is specified"),
    pytest.param(restore(volumeRestorePolicy="InPlace"), "Always", allow(),
                 id="should accept correct volume restore policy"),
    pytest.param(restore(volumeRestorePolicy="PrefixTargetName"), "Always", allow(),
                 id="should accept PrefixTargetName volume restore policy"),
    pytest.param(restore(volumeRestorePolicy="invalid"), "Always",
                 invalid("spec.volumeRestorePolicy", 'volume restore policy "invalid" doesn\'t exist'),
                 id="should reject invalid volume restore policy"),
    pytest.param(restore(volumeOwnershipPolicy="None"), "Always", allow(),
                 id="should accept correct volume ownership policy"),
    pytest.param(restore(volumeOwnershipPolicy="invalid"), "Always",
                 invalid("spec.volumeOwnershipPolicy", 'volume ownership policy "invalid" doesn\'t exist'),
                 id="should reject invalid volume ownership policy"),
])
def test_when_virtual_machine_exists(obj: dict, run_strategy: str, expected: Admission) -> None:
    cluster = fake_cluster(vm(run_strategy=run_strategy), snapshot())
    assert validate_vm_restore_create(obj, cluster, ENABLED) == expected


def test_should_reject_if_restore_in_progress() -> None:
    in_process = restore("restore-in-process")
    cluster = fake_cluster(vm(run_strategy="Halted"), snapshot(), in_process)
    assert validate_vm_restore_create(restore("restore-in-process"), cluster, ENABLED) == invalid(
        "spec.target", 'VirtualMachineRestore "restore-in-process" in progress')


PERSISTENT_TPM = {"spec": {"domain": {"devices": {"tpm": {"persistent": True}}}}}


@pytest.mark.parametrize("does_target_exist", [
    pytest.param(False, id="target doesn't exist"),
    pytest.param(True, id="target exists"),
])
def test_should_reject_restore_when_using_backend_storage_and_restoring_to_different_vm(
        does_target_exist: bool) -> None:
    source_vm = vm(run_strategy="Always", template=PERSISTENT_TPM)
    target_vm = vm("new-test-vm", "new-uid", "Always", PERSISTENT_TPM) if does_target_exist else vm("", "")
    content = {"apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineSnapshotContent",
               "metadata": {"name": "snapshot-content", "namespace": "default"},
               "spec": {"source": {"virtualMachine": {"metadata": source_vm["metadata"],
                                                      "spec": source_vm["spec"]}}}}
    obj = restore(target={"apiGroup": API_GROUP, "kind": "VirtualMachine", "name": "new-test-vm"})
    cluster = fake_cluster(snapshot(virtualMachineSnapshotContentName="snapshot-content"), content, target_vm)
    assert validate_vm_restore_create(obj, cluster, ENABLED) == invalid(
        "spec", "Restore to a different VM is not supported when snapshotted VM has backend storage "
                "(persistent TPM or EFI)")


def payload(op: str, path: str, value: object = "some-value") -> str:
    """``patch.New(...).GeneratePayload()``: Go's JSON of one operation (``value`` never omitted)."""
    return json.dumps([{"op": op, "path": path, "value": value}], separators=(",", ":"))


@pytest.mark.parametrize("patch", [
    pytest.param(payload("replace", "/metadata"), id="patch to replace metadata"),
    pytest.param(payload("replace", "/metadata/name"), id="patch to replace name"),
    pytest.param(payload("replace", "/kind"), id="patch to replace kind"),
    pytest.param(payload("remove", "/apiVersion", None), id="patch to remove api version"),
    pytest.param(payload("replace", "/status"), id="patch to replace status"),
    pytest.param(payload("add", "/status/ready"), id="patch to add ready status"),
])
def test_when_using_patches_should_reject_patching_elements_not_under_spec(patch: str) -> None:
    pair = patch[1:].strip("{}").split(",")[1]
    verdict = validate_vm_restore_create(restore(patches=[patch]), fake_cluster(vm(), snapshot()), ENABLED)
    assert verdict == invalid("spec.patches", f"patching is valid only for elements under /spec/ only: {pair}")


@pytest.mark.parametrize("patch", [
    pytest.param(payload("replace", "/spec/template/spec/domain/devices/interfaces/0/macAddress"),
                 id="patch to replace MAC"),
    pytest.param(payload("add", "/spec/running"), id="patch to add running"),
    pytest.param(payload("remove", "/spec/instancetype", None), id="patch to remove instancetype"),
    pytest.param(payload("replace", "/metadata/labels/key"), id="patch to replace a label"),
    pytest.param(payload("remove", "/metadata/annotations/key", None), id="patch to remove an annotation"),
])
def test_when_using_patches_should_allow_patching_elements_under_spec(patch: str) -> None:
    assert validate_vm_restore_create(restore(patches=[patch]), fake_cluster(vm(), snapshot()), ENABLED) == allow()


def test_when_using_patches_should_reject_an_invalid_patch() -> None:
    invalid_patch = '{"op": "remove", "path": "/spec/running" : "illegal-field"}'
    verdict = validate_vm_restore_create(restore(patches=[invalid_patch]), fake_cluster(vm(), snapshot()), ENABLED)
    assert verdict == invalid("spec.patches", 'patch format is not valid - one ":" expected in a single key-value '
                                              'json patch:  "path": "/spec/running" : "illegal-field"')
