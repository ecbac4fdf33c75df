"""krmfn.modes.adopt.hints: what a VM says about its instance type, preference and OS."""
from __future__ import annotations

import pytest

from krmfn.modes.adopt.hints import LINUX, WINDOWS, collect, os_stems
from krmfn.kubevirt.bundle import Bundle
from tests.unit.modes.adopt.vms import imported_vm


@pytest.mark.parametrize("os_id, stems, family", [
    ("rhel9.4", ("rhel.9",), LINUX),          # Forklift's osMap (vSphere rhel9_64Guest)
    ("rhel9", ("rhel.9",), LINUX),            # the common templates' vm.kubevirt.io/os
    ("rhel7.7", ("rhel.7",), LINUX),
    ("centos-stream9", ("centos.stream9",), LINUX),
    ("centos7.0", (), LINUX),                 # no catalog preference: the family only
    ("fedora31", ("fedora",), LINUX),
    ("ubuntu22.04", ("ubuntu",), LINUX),
    ("opensuse15.3", ("opensuse.leap",), LINUX),
    ("linux", (), LINUX),                     # what the catalog's linux preferences write
    ("win2k22", ("windows.2k22",), WINDOWS),
    ("win2k8r2", ("windows.2k8",), WINDOWS),
    ("windows2k22", ("windows.2k22",), WINDOWS),
    ("win10", ("windows.10",), WINDOWS),
    ("windows", (), WINDOWS),
    ("plan9", (), None),
])
def test_os_ids_map_to_preference_stems_and_families(os_id, stems, family):
    assert os_stems(os_id) == (stems, family)


def test_collects_os_labels_and_annotations_of_the_vm_and_its_template():
    hints = collect(imported_vm(), Bundle([]), "imported")
    assert (hints.os_ids, hints.stems, hints.families) == (["rhel9.4", "rhel9"], ["rhel.9"], [LINUX])
    assert hints.describe() == "OS rhel9.4; OS rhel9"


def test_empty_os_annotation_forklift_writes_is_no_hint():
    hints = collect(imported_vm(labels={}, annotations={"vm.kubevirt.io/os": ""}), Bundle([]), "imported")
    assert (hints.os_ids, hints.families) == ([], [])


def test_inlined_from_names_both_definitions():
    vm = imported_vm()
    vm["metadata"]["annotations"] = {"krmfn.dev/inlined-from": "instancetype=VirtualMachineClusterInstancetype/"
                                     "u1.large,preference=VirtualMachinePreference/mine@rev-1"}
    hints = collect(vm, Bundle([]), "imported")
    assert [(n.name, n.kind) for n in hints.instancetypes] == [("u1.large", "VirtualMachineClusterInstancetype")]
    assert [(n.name, n.kind) for n in hints.preferences] == [("mine", "VirtualMachinePreference")]


def test_default_preference_label_of_a_volume_s_pvc():
    pvc = {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
           "metadata": {"name": "web-disk-0", "namespace": "imported",
                        "labels": {"instancetype.kubevirt.io/default-preference": "rhel.9",
                                   "instancetype.kubevirt.io/default-instancetype": "u1.large"}}}
    hints = collect(imported_vm(), Bundle([pvc]), "imported")
    assert [(n.name, n.origin) for n in hints.preferences] == [
        ("rhel.9", "volume disk-0 instancetype.kubevirt.io/default-preference")]
    assert [n.name for n in hints.instancetypes] == ["u1.large"]


def test_default_preference_label_on_the_vm():
    vm = imported_vm(labels={"instancetype.kubevirt.io/default-preference": "fedora",
                             "instancetype.kubevirt.io/default-preference-kind": "VirtualMachineClusterPreference"})
    hints = collect(vm, Bundle([]), "imported")
    assert [(n.name, n.kind, n.origin) for n in hints.preferences] == [
        ("fedora", "VirtualMachineClusterPreference", "VM instancetype.kubevirt.io/default-preference")]
