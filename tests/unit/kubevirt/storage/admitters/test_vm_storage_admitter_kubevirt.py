"""Cases of KubeVirt's ``pkg/storage/admitters/vm-storage-admitter_test.go`` (d923fdb8), ported: the
"Validate VM DataVolumeTemplate" context, the storage admitter of a VM CREATE (``Admit``:
``admit_vm_storage``, in the request namespace ``kubevirt``) and ``ValidateDataVolumeTemplate``
(``validate_data_volume_template``, ``data-volume-template.go``) on the path ``spec``.

The VM is the Go test's: not running, its template ``api.NewMinimalVMI`` with a disk ``testdisk`` on
the DataVolume ``dv1``. Where the Go test checks the number of causes and a message or a field, the
whole cause is compared (its field, message and type are those ``data-volume-template.go`` gives it).

Not ported:
- "Validate VM snapshot, restore status" (both tables): ``AdmitStatus`` (``vm-storage-status.go``)
  judges UPDATEs of a VM whose status has a snapshot or a restore in progress; krmfn admits CREATEs.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.storage.admitters.data_volume_template import validate_data_volume_template
from krmfn.kubevirt.storage.admitters.vm_storage_admitter import admit_vm_storage
from krmfn.kubevirt.util.webhooks import Cause
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

REQUEST_NAMESPACE = "kubevirt"  # ``kubeVirtNamespace``, the namespace of ``admitVm``'s request
CONFIG = ClusterConfig()
BLANK = {"blank": {}}


def vm_with(*data_volume_templates: dict, volumes: list[dict] | None = None, **metadata: object) -> dict:
    """The Go test's VM with ``data_volume_templates`` (and ``volumes`` instead of ``dv1``'s)."""
    template_spec = {
        "domain": {"resources": {"requests": {"memory": "8192Ki"}}, "devices": {"disks": [{"name": "testdisk"}]}},
        "volumes": volumes if volumes is not None else [{"name": "testdisk", "dataVolume": {"name": "dv1"}}],
    }
    vm: dict = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": dict(metadata),
                "spec": {"running": False, "template": {"spec": template_spec}}}
    if data_volume_templates:
        vm["spec"]["dataVolumeTemplates"] = list(data_volume_templates)
    return vm


def dv_template(spec: dict, **metadata: object) -> dict:
    return {"metadata": {"name": "dv1", **metadata}, "spec": spec}


VALID_DV1 = dv_template({"pvc": {}, "source": BLANK})


@pytest.mark.parametrize(("vm", "expected"), [
    pytest.param(vm_with(VALID_DV1), [], id="should accept valid DataVolumeTemplate"),
    pytest.param(vm_with(dv_template({"pvc": {}, "source": BLANK}, namespace="another-namespace"),
                         namespace="vm-namespace"), [
        Cause("spec.dataVolumeTemplates[0]",
              "Embedded DataVolume namespace another-namespace differs from VM namespace vm-namespace",
              "FieldValueInvalid"),
    ], id="should reject VM with DataVolumeTemplate in another namespace"),
])
def test_admit_vm_data_volume_template(vm: dict, expected: list[Cause]) -> None:
    assert admit_vm_storage(vm, CONFIG, REQUEST_NAMESPACE) == expected


ENTRY = "spec.dataVolumeTemplate[0]"


def invalid(field: str, message: str) -> Cause:
    return Cause(field, message, "FieldValueInvalid")


@pytest.mark.parametrize(("vm", "expected"), [
    pytest.param(vm_with(VALID_DV1), [], id="ValidateDataVolumeTemplate: should accept valid DataVolumeTemplate"),
    pytest.param(vm_with(dv_template({"pvc": {}, "sourceRef": {"kind": "DataSource", "name": "fakeName"}}),
                         deletionTimestamp="2024-01-01T00:00:00Z"), [],
                 id="ValidateDataVolumeTemplate: accept deleted sourceRef if vm is going to be deleted"),
    pytest.param(vm_with({"metadata": {}, "spec": {"pvc": {}, "source": BLANK}}), [
        Cause(f"{ENTRY}.name", f"'name' field must not be empty for DataVolumeTemplate entry {ENTRY}.name.",
              "FieldValueRequired"),
    ], id="ValidateDataVolumeTemplate: reject no dataVolume name"),
    pytest.param(vm_with(dv_template({"source": BLANK})), [
        invalid(f"{ENTRY}.PVC.Storage", "Missing Data volume PVC or Storage"),
    ], id="ValidateDataVolumeTemplate: reject no PVC nor Storage"),
    pytest.param(vm_with(dv_template({"pvc": {}, "storage": {}, "source": BLANK})), [
        invalid(f"{ENTRY}.PVC.Storage", "Duplicate storage definition, both target storage and target pvc defined"),
    ], id="ValidateDataVolumeTemplate: reject both PVC and Storage"),
    pytest.param(vm_with(dv_template({"pvc": {"dataSource": {"apiGroup": "kubevirt.io"}}, "source": BLANK})), [
        invalid(f"{ENTRY}.source", "External population is incompatible with Source and SourceRef"),
    ], id="ValidateDataVolumeTemplate: reject both datasource and Source"),
    pytest.param(vm_with(dv_template({"pvc": {}})), [
        invalid(f"{ENTRY}.source.sourceRef",
                "Data volume should have either Source, SourceRef, or be externally populated"),
    ], id="ValidateDataVolumeTemplate: reject no datasource, source or sourceref"),
    pytest.param(vm_with(dv_template({"pvc": {}, "source": {}})), [
        invalid(f"{ENTRY}.source", "Missing dataVolume valid source"),
    ], id="ValidateDataVolumeTemplate: reject no valid Source"),
    pytest.param(vm_with(dv_template({"pvc": {}, "source": {"blank": {}, "http": {}}})), [
        invalid(f"{ENTRY}.source", "Multiple dataVolume sources"),
    ], id="ValidateDataVolumeTemplate: reject multiple Sources"),
    pytest.param(vm_with(VALID_DV1, volumes=[{"name": "testdisk", "dataVolume": {"name": "WRONG-DATAVOLUME"}}]), [
        Cause(ENTRY, f"DataVolumeTemplate entry {ENTRY} must be referenced in the VMI template's 'volumes' list",
              "FieldValueRequired"),
    ], id="ValidateDataVolumeTemplate: reject no Volume reference in VMI template"),
])
def test_validate_data_volume_template(vm: dict, expected: list[Cause]) -> None:
    assert validate_data_volume_template("spec", vm["spec"]) == expected
