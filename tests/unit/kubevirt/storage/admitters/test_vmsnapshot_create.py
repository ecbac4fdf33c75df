"""``krmfn.kubevirt.storage.admitters.vmsnapshot_create``: the snapshot CREATE chain, end to end."""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.vmsnapshot_create import admit_vm_snapshot
from krmfn.kubevirt.util.webhooks import (
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
    allow,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

CONFIG = ClusterConfig()


def snapshot(api_version: str = "snapshot.kubevirt.io/v1beta1", **spec: object) -> dict:
    source = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"}
    return {"apiVersion": api_version, "kind": "VirtualMachineSnapshot", "metadata": {"name": "snap"},
            "spec": {"source": source, **spec}}


def test_a_snapshot_passes_in_both_served_versions() -> None:
    assert admit_vm_snapshot(snapshot(), [], "default", CONFIG) == allow()
    assert admit_vm_snapshot(snapshot("snapshot.kubevirt.io/v1alpha1"), [], "default", CONFIG) == allow()


def test_api_discovery() -> None:
    verdict = admit_vm_snapshot(snapshot("snapshot.kubevirt.io/v1"), [], "default", CONFIG)
    assert verdict.stage == STAGE_API_DISCOVERY
    assert verdict.message == 'no matches for kind "VirtualMachineSnapshot" in version "snapshot.kubevirt.io/v1"'


def test_field_validation() -> None:
    verdict = admit_vm_snapshot(snapshot(sourceName="vm"), [], "default", CONFIG)
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert verdict.message == ('VirtualMachineSnapshot in version "v1beta1" cannot be handled as a '
                               'VirtualMachineSnapshot: strict decoding error: unknown field "spec.sourceName"')


def test_crd_schema_a_snapshot_without_source_name() -> None:
    obj = snapshot()
    del obj["spec"]["source"]["name"]
    verdict = admit_vm_snapshot(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes == [Cause("spec.source.name", "Required value")]


def test_crd_schema_metadata() -> None:
    obj = {**snapshot(), "metadata": {"name": "Bad_Name"}}
    verdict = admit_vm_snapshot(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes[0].field == "metadata.name"


def test_validating_webhook() -> None:
    obj = snapshot()
    obj["spec"]["source"]["apiGroup"] = "apps"
    verdict = admit_vm_snapshot(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.causes == [Cause("spec.source.apiGroup", "invalid apiGroup", "FieldValueInvalid")]


def test_status_is_dropped_before_validation() -> None:
    obj = {**snapshot(), "status": "not an object"}
    assert admit_vm_snapshot(obj, [], "default", CONFIG) == allow()
