"""Unit tests of ``krmfn.kubevirt.virt_api.mutators.vmi_mutator``."""
from __future__ import annotations

import copy

from krmfn.kubevirt.api.defaults import firmware_uuid
from krmfn.kubevirt.virt_api.mutators.vmi_mutator import mutate_vmi
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

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
