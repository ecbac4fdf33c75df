"""What the VM mutating webhook stores on CREATE (docs/kubevirt/admission.md#preference-driven-mutations;
vm-mutator.go, mutator.go, defaults.go)."""
import copy

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_api.mutators.vm_mutator import (
    FIRMWARE_SERIAL_POINTER,
    FIRMWARE_UUID_POINTER,
    stored_vm,
    supports_pcie_hotplug,
)
from krmfn.model.kubevirt_version import VERSIONS
from tests.unit.kubevirt.instancetype.webhooks.test_vm import preference, vm

PCI = {"annotations": {"kubevirt.io/pci-topology-version": "v3"}}


def store(machine, *objects, config=None):
    before = copy.deepcopy(machine)
    stored = stored_vm(machine, Bundle(objects), "ns", config or ClusterConfig())
    assert machine == before, "the input VM must not be changed"
    return stored


def template(stored):
    return stored.vm["spec"]["template"]


def test_cluster_defaults_and_pci_annotation_on_a_plain_vm():
    stored = store(vm())
    assert template(stored)["spec"]["architecture"] == "amd64"
    assert template(stored)["spec"]["domain"] == {"devices": {}, "machine": {"type": "q35"}, "resources": {}}
    assert template(stored)["metadata"] == PCI
    assert stored.live_only == [FIRMWARE_UUID_POINTER, FIRMWARE_SERIAL_POINTER]


def test_preference_architecture_and_machine_type_win_over_the_cluster_defaults():
    pf = preference(preferredArchitecture="arm64", machine={"preferredMachineType": "virt-rhel9.4.0"})
    stored = store(vm(preference={"name": "pf"}), pf)
    assert template(stored)["spec"]["architecture"] == "arm64"
    assert template(stored)["spec"]["domain"]["machine"] == {"type": "virt-rhel9.4.0"}
    assert template(stored)["metadata"] == PCI  # `virt*` supports PCIe hotplug


def test_the_vms_own_values_are_kept():
    machine = vm(preference={"name": "pf"}, domain={"devices": {}, "machine": {"type": "pc-q35-rhel9.2.0"}})
    machine["spec"]["template"]["spec"]["architecture"] = "s390x"
    stored = store(machine, preference(preferredArchitecture="arm64", machine={"preferredMachineType": "virt"}))
    assert template(stored)["spec"]["architecture"] == "s390x"
    assert template(stored)["spec"]["domain"]["machine"] == {"type": "pc-q35-rhel9.2.0"}
    assert template(stored)["metadata"] == {}  # s390x: no PCIe hotplug, no annotation (Go writes `{}`)


def test_cluster_machine_type_follows_the_architecture():
    stored = store(vm(), config=ClusterConfig(default_architecture="arm64"))
    assert template(stored)["spec"]["domain"]["machine"] == {"type": "virt"}
    stored = store(vm(), config=ClusterConfig(machine_type="pc-q35-rhel9.4.0"))
    assert template(stored)["spec"]["domain"]["machine"] == {"type": "pc-q35-rhel9.4.0"}


def test_i440fx_machine_type_gets_no_pci_annotation():
    stored = store(vm(domain={"devices": {}, "machine": {"type": "pc-i440fx-rhel7.6.0"}}))
    assert template(stored)["metadata"] == {}
    assert supports_pcie_hotplug({"architecture": "amd64", "domain": {"machine": {"type": "pc-q35-rhel9.4.0"}}})
    assert not supports_pcie_hotplug({"architecture": "s390x"})


def test_an_existing_pci_annotation_is_kept():
    machine = vm()
    machine["spec"]["template"]["metadata"] = {"annotations": {"kubevirt.io/pci-topology-version": "v2"}}
    assert template(store(machine))["metadata"]["annotations"] == {"kubevirt.io/pci-topology-version": "v2"}


def test_preferred_storage_class_fills_only_null_storage_classes():
    machine = vm(preference={"name": "pf"})
    machine["spec"]["dataVolumeTemplates"] = [
        {"metadata": {"name": "a"}, "spec": {"pvc": {}, "storage": {}}},
        {"metadata": {"name": "b"}, "spec": {"storage": {"storageClassName": ""}}},
        {"metadata": {"name": "c"}, "spec": {"storage": {"storageClassName": "slow"}}},
        {"metadata": {"name": "d"}, "spec": {"source": {"blank": {}}}},
    ]
    stored = store(machine, preference(volumes={"preferredStorageClassName": "fast"}))
    assert [t["spec"] for t in stored.vm["spec"]["dataVolumeTemplates"]] == [
        {"pvc": {"storageClassName": "fast", "resources": {}},
         "storage": {"storageClassName": "fast", "resources": {}}},
        {"storage": {"storageClassName": "", "resources": {}}},
        {"storage": {"storageClassName": "slow", "resources": {}}},
        {"source": {"blank": {}}},
    ]


def test_missing_preference_is_ignored():
    stored = store(vm(preference={"name": "absent"}))
    assert template(stored)["spec"]["architecture"] == "amd64"


def test_architecture_from_a_data_source_label():
    machine = vm()
    machine["spec"]["dataVolumeTemplates"] = [
        {"metadata": {"name": "root"}, "spec": {"sourceRef": {"kind": "DataSource", "name": "fedora"}}}]
    data_source = {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataSource",
                   "metadata": {"name": "fedora", "namespace": "ns",
                                "labels": {"template.kubevirt.io/architecture": "arm64"}}}
    stored = store(machine, data_source)
    assert template(stored)["spec"]["architecture"] == "arm64"
    assert template(stored)["spec"]["domain"]["machine"] == {"type": "virt"}


def test_firmware_uuid_and_serial_set_in_the_source_are_not_live_only():
    stored = store(vm(domain={"devices": {}, "firmware": {"uuid": "5d307ca9-b3ef-428c-8861-06e72d69f223"}}))
    assert stored.live_only == [FIRMWARE_SERIAL_POINTER]


def test_a_vm_being_deleted_is_stored_as_sent():
    machine = vm()
    machine["metadata"]["deletionTimestamp"] = "2026-01-01T00:00:00Z"
    stored = store(machine)
    assert stored.vm == machine and stored.live_only == []


def test_quantities_are_stored_in_canonical_form():
    machine = vm(domain={"devices": {}, "memory": {"guest": "2048Mi"},
                         "resources": {"requests": {"memory": 1073741824, "cpu": "1000m"}, "limits": {"cpu": 2}}})
    machine["spec"]["template"]["spec"]["volumes"].append({"name": "scratch", "emptyDisk": {"capacity": "0.5Gi"}})
    machine["spec"]["dataVolumeTemplates"] = [{"metadata": {"name": "root"}, "spec": {
        "storage": {"resources": {"requests": {"storage": "30720Mi"}}}}}]
    stored = store(machine)
    domain = template(stored)["spec"]["domain"]
    assert domain["memory"] == {"guest": "2Gi"}
    # a plain number is DecimalSI: it stays digits (docs/kubevirt/quantities.md#canonical-form), as a string
    assert domain["resources"] == {"requests": {"memory": "1073741824", "cpu": "1"}, "limits": {"cpu": "2"}}
    assert template(stored)["spec"]["volumes"][1] == {"name": "scratch", "emptyDisk": {"capacity": "512Mi"}}
    assert stored.vm["spec"]["dataVolumeTemplates"][0]["spec"]["storage"] == {
        "resources": {"requests": {"storage": "30Gi"}}}


def test_structs_go_always_writes_are_written():
    machine = vm(domain={"devices": {}, "features": {"smm": {}}})
    machine["spec"]["template"]["spec"]["volumes"].append({"name": "host", "hostDisk": {"path": "/d", "type": "Disk"}})
    machine["spec"]["dataVolumeTemplates"] = [{"spec": {"pvc": {"accessModes": ["ReadWriteOnce"]}}}]
    stored = store(machine, config=ClusterConfig(machine_type="pc-i440fx-rhel7.6.0"))
    domain = template(stored)["spec"]["domain"]
    assert domain["features"] == {"smm": {}, "acpi": {}}
    assert domain["resources"] == {}
    assert template(stored)["metadata"] == {}
    assert template(stored)["spec"]["volumes"][1]["hostDisk"] == {"path": "/d", "type": "Disk", "capacity": "0"}
    assert stored.vm["spec"]["dataVolumeTemplates"] == [
        {"spec": {"pvc": {"accessModes": ["ReadWriteOnce"], "resources": {}}}, "metadata": {}}]


def test_v1_7_writes_a_null_creation_timestamp_in_each_object_meta():
    machine = vm()
    machine["spec"]["dataVolumeTemplates"] = [{"metadata": {"name": "root"}, "spec": {"storage": {}}}]
    stored = store(machine, config=ClusterConfig(kubevirt_version=VERSIONS["v1.7"]))
    assert template(stored)["metadata"] == {**PCI, "creationTimestamp": None}
    assert stored.vm["spec"]["dataVolumeTemplates"][0]["metadata"] == {"name": "root", "creationTimestamp": None}
    stored = store(machine, config=ClusterConfig(kubevirt_version=VERSIONS["v1.8"]))
    assert template(stored)["metadata"] == PCI


def test_empty_omitempty_maps_and_lists_are_not_stored():
    machine = vm(domain={"devices": {"disks": [], "interfaces": []}, "resources": {"requests": {}}})
    machine["metadata"].update({"labels": {}, "annotations": {"keep": "me"}})
    machine["spec"]["template"]["metadata"] = {"labels": {}, "annotations": {}}
    machine["spec"]["template"]["spec"].update({"nodeSelector": {}, "networks": [], "tolerations": []})
    machine["spec"]["dataVolumeTemplates"] = []
    stored = store(machine)
    assert stored.vm["metadata"] == {"name": "vm", "namespace": "ns", "annotations": {"keep": "me"}}
    assert "dataVolumeTemplates" not in stored.vm["spec"]
    spec = template(stored)["spec"]
    assert spec["domain"]["devices"] == {} and spec["domain"]["resources"] == {}
    assert not {"nodeSelector", "networks", "tolerations"} & set(spec)
    assert template(stored)["metadata"] == PCI
