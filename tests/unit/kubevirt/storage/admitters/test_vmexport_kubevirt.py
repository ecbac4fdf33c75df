"""Cases of KubeVirt's ``pkg/storage/admitters/vmexport_test.go`` (d923fdb8), ported: the CREATE
cases of "Validating VirtualMachineExport Admitter", on ``validate_vm_export_create`` (the webhook
itself: the Go test sends blank names the CRD schema accepts). The Go test's config stub
(``stubVMExportConfigChecker``) becomes a ``ClusterConfig`` with the OCIExport gate and the Template
gate (``VirtTemplateDeploymentEnabled`` with the default deployment setting). Where the Go test
checks a message or a cause's field, the whole answer is compared.

Not ported:
- "should reject invalid request resource": krmfn routes objects by kind, never to another kind's
  webhook;
- "should reject spec update", "should allow metadata update": UPDATE, out of krmfn's scope.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.storage.admitters.vmexport import validate_vm_export_create
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Admission, Cause, allow, reject
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

TEMPLATE_GROUP = "template.kubevirt.io"


def stub(oci_export: bool = False, virt_template_deployment: bool = False) -> ClusterConfig:
    """``stubVMExportConfigChecker``."""
    return ClusterConfig(feature_gates=("OCIExport",) if oci_export else (),
                         disabled_feature_gates=() if virt_template_deployment else ("Template",))


def export(api_group: str, kind: str, name: str) -> dict:
    return {"apiVersion": "export.kubevirt.io/v1", "kind": "VirtualMachineExport", "metadata": {"namespace": "foo"},
            "spec": {"source": {"apiGroup": api_group, "kind": kind, "name": name}}}


def invalid(*causes: tuple[str, str]) -> Admission:
    return reject(STAGE_VALIDATING_WEBHOOK, [Cause(field, message, "FieldValueInvalid") for field, message in causes])


@pytest.mark.parametrize(("source", "message"), [
    pytest.param(("v1", "PersistentVolumeClaim"), "PVC name must not be empty", id="persistent volume claim"),
    pytest.param(("kubevirt.io", "VirtualMachineSnapshot"), "VMSnapshot name must not be empty",
                 id="virtual machine snapshot"),
    pytest.param(("kubevirt.io", "VirtualMachine"), "Virtual Machine name must not be empty", id="virtual machine"),
    pytest.param(("backup.kubevirt.io", "VirtualMachineBackup"), "VirtualMachineBackup name must not be empty",
                 id="virtual machine backup"),
])
def test_it_should_reject_blank_names(source: tuple[str, str], message: str) -> None:
    verdict = validate_vm_export_create(export(*source, ""), stub())
    assert not verdict.allowed
    assert message in verdict.message
    assert verdict.causes[0] == Cause("spec.source.name", message, "FieldValueInvalid")


def test_blank_names_whole_answers() -> None:
    """The Go test checks a substring; the PVC's and the snapshot's groups are wrong too."""
    assert validate_vm_export_create(export("v1", "PersistentVolumeClaim", ""), stub()) == invalid(
        ("spec.source.name", "PVC name must not be empty"),
        ("spec.source.APIGroup", "PVC API group must be missing or blank"))
    assert validate_vm_export_create(export("kubevirt.io", "VirtualMachine", ""), stub()) == invalid(
        ("spec.source.name", "Virtual Machine name must not be empty"))


def test_should_reject_blank_vm_template_name_when_template_gate_enabled() -> None:
    verdict = validate_vm_export_create(export(TEMPLATE_GROUP, "VirtualMachineTemplate", ""), stub(True, True))
    assert verdict == invalid(("spec.source.name", "VirtualMachineTemplate name must not be empty"))


@pytest.mark.parametrize("config", [
    pytest.param(stub(), id="no feature gates"),
    pytest.param(stub(oci_export=True), id="only OCIExport"),
    pytest.param(stub(virt_template_deployment=True), id="only Template"),
])
def test_should_reject_vm_template_source_when_required_feature_gates_are_missing(config: ClusterConfig) -> None:
    verdict = validate_vm_export_create(export(TEMPLATE_GROUP, "VirtualMachineTemplate", ""), config)
    assert verdict == invalid(("spec.source.kind", "VirtualMachineTemplate source requires the OCIExport feature "
                                                   "gate and virt-template deployment to be enabled"))


def test_should_accept_valid_vm_template_source_when_both_gates_enabled() -> None:
    assert validate_vm_export_create(export(TEMPLATE_GROUP, "VirtualMachineTemplate", "test-template"),
                                     stub(True, True)) == allow()


def test_should_reject_unknown_kind() -> None:
    assert validate_vm_export_create(export("v1", "unknown", "test"), stub()) == invalid(
        ("spec.source.kind", "invalid kind"))


@pytest.mark.parametrize(("api_group", "kind"), [
    pytest.param("", "PersistentVolumeClaim", id="persistent volume claim blank"),
    pytest.param("snapshot.kubevirt.io", "VirtualMachineSnapshot", id="virtual machine snapshot"),
    pytest.param("kubevirt.io", "VirtualMachine", id="virtual machine"),
])
def test_it_should_allow(api_group: str, kind: str) -> None:
    assert validate_vm_export_create(export(api_group, kind, "test"), stub()) == allow()


@pytest.mark.parametrize(("kind", "message"), [
    pytest.param("PersistentVolumeClaim", "PVC API group must be missing or blank", id="persistent volume claim"),
    pytest.param("VirtualMachineSnapshot", "VMSnapshot API group must be snapshot.kubevirt.io",
                 id="virtual machine snapshot"),
    pytest.param("VirtualMachine", "VM API group must be kubevirt.io", id="virtual machine"),
    pytest.param("VirtualMachineBackup", "VirtualMachineBackup API group must be backup.kubevirt.io",
                 id="virtual machine backup"),
])
def test_it_should_reject_invalid_apigroups(kind: str, message: str) -> None:
    assert validate_vm_export_create(export("invalid", kind, "test"), stub()) == invalid(
        ("spec.source.APIGroup", message))


def test_should_reject_invalid_vm_template_apigroup() -> None:
    verdict = validate_vm_export_create(export("invalid", "VirtualMachineTemplate", "test"), stub(True, True))
    assert verdict == invalid(("spec.source.APIGroup", "VirtualMachineTemplate API group must be template.kubevirt.io"))
