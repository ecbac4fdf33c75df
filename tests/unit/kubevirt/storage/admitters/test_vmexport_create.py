"""``krmfn.kubevirt.storage.admitters.vmexport_create``: the export CREATE chain, end to end."""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.vmexport_create import admit_vm_export
from krmfn.kubevirt.util.webhooks import (
    REASON_DEPRECATED_API_VERSION,
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
DEPRECATION = ("export.kubevirt.io/v1beta1 VirtualMachineExport is now deprecated and will be removed in a future "
               "version.")


def export(api_version: str = "export.kubevirt.io/v1", **spec: object) -> dict:
    return {"apiVersion": api_version, "kind": "VirtualMachineExport", "metadata": {"name": "e"},
            "spec": {"source": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"}, **spec}}


def test_an_export_passes() -> None:
    assert admit_vm_export(export(), [], "default", CONFIG) == allow()


def test_v1beta1_is_deprecated_in_v1_9() -> None:
    verdict = admit_vm_export(export("export.kubevirt.io/v1beta1"), [], "default", CONFIG)
    assert verdict.allowed
    assert verdict.warnings == [DEPRECATION]
    warning = verdict.warnings[0]
    assert (warning.reason, warning.path, warning.proposed) == (
        REASON_DEPRECATED_API_VERSION, "apiVersion", "export.kubevirt.io/v1")


def test_api_discovery_by_release() -> None:
    verdict = admit_vm_export(export("export.kubevirt.io/v1alpha1"), [], "default", CONFIG)
    assert verdict.stage == STAGE_API_DISCOVERY
    v1_8 = ClusterConfig(kubevirt_version=V1_8, feature_gates=("VMExport",))
    assert admit_vm_export(export("export.kubevirt.io/v1alpha1"), [], "default", v1_8) == allow()
    assert admit_vm_export(export(), [], "default", v1_8).message == (
        'no matches for kind "VirtualMachineExport" in version "export.kubevirt.io/v1"')


def test_field_validation() -> None:
    assert admit_vm_export(export(ttl="1h"), [], "default", CONFIG).stage == STAGE_FIELD_VALIDATION


def test_crd_schema_keeps_the_deprecation_warning() -> None:
    obj = export("export.kubevirt.io/v1beta1")
    del obj["spec"]["source"]["kind"]
    verdict = admit_vm_export(obj, [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes == [Cause("spec.source.kind", "Required value")]
    assert verdict.warnings == [DEPRECATION]


def test_validating_webhook() -> None:
    verdict = admit_vm_export(export(ttlDuration="forever"), [], "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.message == 'time: invalid duration "forever"'
    obj = export()
    obj["spec"]["source"]["kind"] = "DataVolume"
    assert admit_vm_export(obj, [], "default", CONFIG).causes == [
        Cause("spec.source.kind", "invalid kind", "FieldValueInvalid")]
