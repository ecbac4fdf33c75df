"""``krmfn.kubevirt.storage.admitters.vmsnapshot``: the snapshot webhook's own rules."""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.vmsnapshot import source_causes, validate_vm_snapshot_create
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Cause, allow, reject_message
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_8

SOURCE = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"}


def snapshot(**spec: object) -> dict:
    return {"apiVersion": "snapshot.kubevirt.io/v1beta1", "kind": "VirtualMachineSnapshot",
            "metadata": {"name": "s", "namespace": "default"}, "spec": {"source": SOURCE, **spec}}


def test_the_gate_is_beta_on_by_default_in_v1_9_and_off_in_v1_8() -> None:
    assert validate_vm_snapshot_create(snapshot(), ClusterConfig()) == allow()
    assert validate_vm_snapshot_create(snapshot(), ClusterConfig(kubevirt_version=V1_8)) == reject_message(
        STAGE_VALIDATING_WEBHOOK, "snapshot feature gate not enabled")
    enabled = ClusterConfig(kubevirt_version=V1_8, feature_gates=("Snapshot",))
    assert validate_vm_snapshot_create(snapshot(), enabled) == allow()


def test_a_failure_deadline_go_cannot_parse_is_the_decoding_error() -> None:
    verdict = validate_vm_snapshot_create(snapshot(failureDeadline="5 minutes"), ClusterConfig())
    assert verdict == reject_message(STAGE_VALIDATING_WEBHOOK,
                                     'time: unknown unit " minutes" in duration "5 minutes"')
    assert verdict.causes[0].located == "spec.failureDeadline"
    assert validate_vm_snapshot_create(snapshot(failureDeadline="1m30s"), ClusterConfig()) == allow()


def test_the_decoding_error_comes_before_the_source() -> None:
    verdict = validate_vm_snapshot_create(snapshot(failureDeadline="x", source={}), ClusterConfig())
    assert verdict.message == 'time: invalid duration "x"'


def test_an_empty_api_group_is_set_and_invalid() -> None:
    assert source_causes({**SOURCE, "apiGroup": ""}) == [
        Cause("spec.source.apiGroup", "invalid apiGroup", "FieldValueInvalid")]
    assert source_causes({**SOURCE, "apiGroup": None}) == [
        Cause("spec.source.apiGroup", "missing apiGroup", "FieldValueNotFound")]
