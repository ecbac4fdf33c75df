"""``krmfn.kubevirt.storage.admitters.vmexport``: release differences and the TTL decoding."""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.vmexport import source_kinds, validate_vm_export_create
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Cause, allow, reject, reject_message
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_7, V1_8, V1_9


def export(kind: str = "VirtualMachine", api_group: str = "kubevirt.io", **spec: object) -> dict:
    return {"kind": "VirtualMachineExport", "metadata": {"name": "e", "namespace": "default"},
            "spec": {"source": {"apiGroup": api_group, "kind": kind, "name": "x"}, **spec}}


def test_the_vm_export_gate_before_v1_9() -> None:
    assert validate_vm_export_create(export(), ClusterConfig()) == allow()
    gate = reject_message(STAGE_VALIDATING_WEBHOOK, "vm export feature gate not enabled")
    assert validate_vm_export_create(export(), ClusterConfig(kubevirt_version=V1_8)) == gate
    assert validate_vm_export_create(export(), ClusterConfig(kubevirt_version=V1_7)) == gate
    enabled = ClusterConfig(kubevirt_version=V1_8, feature_gates=("VMExport",))
    assert validate_vm_export_create(export(), enabled) == allow()


def test_source_kinds_by_release() -> None:
    assert source_kinds(V1_7) == ("PersistentVolumeClaim", "VirtualMachineSnapshot", "VirtualMachine")
    assert source_kinds(V1_8)[-1] == "VirtualMachineBackup"
    assert source_kinds(V1_9)[-2:] == ("VirtualMachineBackup", "VirtualMachineTemplate")
    v1_7 = ClusterConfig(kubevirt_version=V1_7, feature_gates=("VMExport",))
    assert validate_vm_export_create(export("VirtualMachineBackup", "backup.kubevirt.io"), v1_7) == reject(
        STAGE_VALIDATING_WEBHOOK, [Cause("spec.source.kind", "invalid kind", "FieldValueInvalid")])
    v1_8 = ClusterConfig(kubevirt_version=V1_8, feature_gates=("VMExport", "OCIExport", "Template"))
    assert validate_vm_export_create(export("VirtualMachineTemplate", "template.kubevirt.io"), v1_8).causes == [
        Cause("spec.source.kind", "invalid kind", "FieldValueInvalid")]


def test_templates_need_the_oci_export_gate_by_default() -> None:
    template = export("VirtualMachineTemplate", "template.kubevirt.io")
    assert validate_vm_export_create(template, ClusterConfig()).causes[0].field == "spec.source.kind"
    assert validate_vm_export_create(template, ClusterConfig(feature_gates=("OCIExport",))) == allow()


def test_a_ttl_go_cannot_parse() -> None:
    verdict = validate_vm_export_create(export(ttlDuration="1d"), ClusterConfig())
    assert verdict == reject_message(STAGE_VALIDATING_WEBHOOK, 'time: unknown unit "d" in duration "1d"')
    assert verdict.causes[0].located == "spec.ttlDuration"
    assert validate_vm_export_create(export(ttlDuration="24h"), ClusterConfig()) == allow()
