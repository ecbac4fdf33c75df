"""Cases of KubeVirt's ``pkg/storage/admitters/vmsnapshot_test.go`` (d923fdb8), ported: the CREATE
cases of "Validating VirtualMachineSnapshot Admitter", on ``validate_vm_snapshot_create`` (the
webhook itself: the Go test sends objects the CRD schema would stop first, such as an empty spec).
Where the Go test checks a message or a cause's field, the whole answer is compared.

The "when VirtualMachine exists" cases give the admitter's client a VM; the webhook never GETs it,
so they are the same snapshot without one (the VM's run strategy and persistent TPM change nothing).

Not ported:
- "should reject invalid request resource": krmfn routes objects by kind, never to another kind's
  webhook;
- "should reject spec update", "should allow metadata update": UPDATE, out of krmfn's scope.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.storage.admitters.vmsnapshot import validate_vm_snapshot_create
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Admission, Cause, allow, reject, reject_message
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

ENABLED = ClusterConfig(feature_gates=("Snapshot",))
DISABLED = ClusterConfig(disabled_feature_gates=("Snapshot",))


def snapshot(source: dict) -> dict:
    return {"apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineSnapshot",
            "metadata": {"namespace": "foo"}, "spec": {"source": source}}


VM_SOURCE = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"}


def test_with_a_disabled_feature_gate_should_reject_anything() -> None:
    assert validate_vm_snapshot_create(snapshot({}), DISABLED) == reject_message(
        STAGE_VALIDATING_WEBHOOK, "snapshot feature gate not enabled")


@pytest.mark.parametrize(("source", "expected"), [
    pytest.param({}, reject(STAGE_VALIDATING_WEBHOOK, [
        Cause("spec.source.apiGroup", "missing apiGroup", "FieldValueNotFound")]), id="should reject missing apigroup"),
    pytest.param(VM_SOURCE, allow(), id="should allow when VM does not exist"),
    pytest.param(VM_SOURCE, allow(), id="when VirtualMachine exists should accept when VM is running"),
    pytest.param({**VM_SOURCE, "kind": "VirtualMachineInstance"}, reject(STAGE_VALIDATING_WEBHOOK, [
        Cause("spec.source.kind", "invalid kind", "FieldValueInvalid")]),
        id="when VirtualMachine exists should reject invalid kind"),
    pytest.param({**VM_SOURCE, "apiGroup": "foo.bar"}, reject(STAGE_VALIDATING_WEBHOOK, [
        Cause("spec.source.apiGroup", "invalid apiGroup", "FieldValueInvalid")]),
        id="when VirtualMachine exists should reject invalid apiGroup"),
    pytest.param(VM_SOURCE, allow(), id="should accept persistent storage with both offline and online snapshot "
                                        "when VM is running"),
    pytest.param(VM_SOURCE, allow(), id="should accept persistent storage with both offline and online snapshot "
                                        "when VM is halted"),
    pytest.param(VM_SOURCE, allow(), id="when VirtualMachine exists should accept when VM is not running"),
])
def test_with_feature_gate_enabled(source: dict, expected: Admission) -> None:
    assert validate_vm_snapshot_create(snapshot(source), ENABLED) == expected
