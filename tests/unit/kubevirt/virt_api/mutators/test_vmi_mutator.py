"""Unit tests of ``krmfn.kubevirt.virt_api.mutators.vmi_mutator``."""
from __future__ import annotations

import copy

from krmfn.kubevirt.api.defaults import firmware_uuid
from krmfn.kubevirt.apiserver.vm_schema import vmi_schema
from krmfn.kubevirt.virt_api.mutators.vmi_mutator import get_vmi_from_admission_review, mutate_vmi
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import DEFAULT

VMI = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
       "metadata": {"name": "vmi", "namespace": "ns", "labels": {"app": "x"}, "finalizers": ["mine"]},
       "spec": {"domain": {"devices": {}, "resources": {"requests": {"memory": "2Gi"}}}}}


def test_whole_mutated_vmi_and_input_untouched() -> None:
    given = copy.deepcopy(VMI)
    result = mutate_vmi(given, [], ClusterConfig())
    assert given == VMI
    assert (result.error, result.code, result.warnings) == (None, None, [])
    assert result.vmi == {
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
        "metadata": {"name": "vmi", "namespace": "ns", "labels": {"app": "x"},
                     "finalizers": ["mine", "kubevirt.io/foregroundDeleteVirtualMachine"],
                     "annotations": {"kubevirt.io/pci-topology-version": "v3"}},
        "spec": {
            "architecture": "amd64", "evictionStrategy": "None",
            "networks": [{"name": "default", "pod": {}}],
            "domain": {
                "devices": {"interfaces": [{"name": "default", "bridge": {}}]},
                "resources": {"requests": {"memory": "2Gi"}},
                "machine": {"type": "q35"},
                "memory": {"guest": "2Gi", "maxGuest": "8Gi"},
                "cpu": {"sockets": 1, "cores": 1, "threads": 1, "model": "host-model", "maxSockets": 4},
                "firmware": {"uuid": firmware_uuid(VMI)},
                "features": {"acpi": {"enabled": True}},
            },
        },
        "status": {"memory": {"guestAtBoot": "2Gi", "guestCurrent": "2Gi", "guestRequested": "2Gi"},
                   "currentCPUTopology": {"sockets": 1, "cores": 1, "threads": 1},
                   "runtimeUser": 107, "phase": "Pending"},
    }


def test_no_hotplug_without_live_update() -> None:
    result = mutate_vmi(VMI, [], ClusterConfig(vm_rollout_strategy="Stage"))
    assert "maxSockets" not in result.vmi["spec"]["domain"]["cpu"]
    assert "maxGuest" not in result.vmi["spec"]["domain"]["memory"]


def test_preset_conflict_is_422() -> None:
    presets = [{"metadata": {"name": name, "namespace": "ns"},
                "spec": {"selector": {}, "domain": {"cpu": {"cores": cores}}}} for name, cores in (("a", 1), ("b", 2))]
    result = mutate_vmi(VMI, presets, ClusterConfig())
    assert result.code == 422
    assert result.error == ("VirtualMachinePresets cannot be applied due to conflicts: "
                            "presets 'b' and 'a' conflict: spec.cpu: &{2 0 0 0  [] false <nil> false <nil>} != "
                            "&{1 0 0 0  [] false <nil> false <nil>}")


def test_the_request_is_decoded_with_the_spec_in_its_own_alias() -> None:
    """``GetVMIFromAdmissionReview`` (golden-kinds vmi/r7001-0045, vmi/r7001-0087)."""
    schema = vmi_schema(DEFAULT)
    assert get_vmi_from_admission_review(VMI, schema) is None
    negative = copy.deepcopy(VMI)
    negative["spec"]["domain"]["cpu"] = {"cores": -2}
    assert get_vmi_from_admission_review(negative, schema) == (
        "json: cannot unmarshal number -2 into Go struct field VMISpecAlias.domain.cpu.cores of type uint32",
        "spec.domain.cpu.cores")
    lots = copy.deepcopy(VMI)
    lots["spec"]["domain"]["resources"]["requests"]["memory"] = "lots"
    assert get_vmi_from_admission_review(lots, schema) == (
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
        "spec.domain.resources.requests.memory")
