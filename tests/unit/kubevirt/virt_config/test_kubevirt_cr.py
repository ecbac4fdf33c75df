"""The cluster options a KubeVirt CR supplies (krmfn.kubevirt.virt_config.kubevirt_cr)."""
from __future__ import annotations

from typing import Any

from krmfn.kubevirt.virt_config.kubevirt_cr import Disagreement, options_of, read_kubevirt_crs


def kubevirt(configuration: dict[str, Any], name: str = "kubevirt", **extra: Any) -> dict[str, Any]:
    return {"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt", "metadata": {"name": name, "namespace": "kubevirt"},
            "spec": {"configuration": configuration}, **extra}


EVERY_FIELD = {
    "developerConfiguration": {"featureGates": ["Sidecar", "HostDisk"], "disabledFeatureGates": ["VMPersistentState"]},
    "emulatedMachines": ["q35*"],
    "architectureConfiguration": {
        "defaultArchitecture": "arm64",
        "amd64": {"emulatedMachines": ["pc-i440fx*"], "machineType": "pc-q35-rhel9.4.0"},
        "arm64": {"emulatedMachines": ["virt-9*"]},
        "s390x": {"emulatedMachines": ["s390-ccw-virtio-rhel9*"]},
    },
    "machineType": "q35",
    "permittedHostDevices": {"pciHostDevices": [
        {"pciVendorSelector": "10DE:2342", "resourceName": "nvidia.com/GH100_H100"},
        {"pciVendorSelector": "10DE:1EB8", "resourceName": "nvidia.com/T4", "externalResourceProvider": True}],
        "mediatedDevices": [{"mdevNameSelector": "GRID T4-1Q", "resourceName": "nvidia.com/GRID_T4-1Q"}]},
    "vmRolloutStrategy": "Stage",
    "cpuRequest": "200m",
    "network": {"defaultNetworkInterface": "masquerade", "permitBridgeInterfaceOnPodNetwork": False},
    "evictionStrategy": "LiveMigrate",
}


def test_every_field_maps_to_its_option() -> None:
    assert options_of(kubevirt(EVERY_FIELD)) == {
        "featureGates": ["Sidecar", "HostDisk"],
        "disabledFeatureGates": ["VMPersistentState"],
        "emulatedMachines": ["q35*", "amd64=pc-i440fx*", "arm64=virt-9*", "s390x=s390-ccw-virtio-rhel9*"],
        "machineType": "q35",
        "permittedHostDevices": ["10DE:2342=nvidia.com/GH100_H100", "10DE:1EB8=nvidia.com/T4"],
        "vmRolloutStrategy": "Stage",
        "architecture": "arm64",
        "cpuRequest": "200m",
        "networkInterface": "masquerade",
        "permitBridgeInterfaceOnPodNetwork": False,
        "evictionStrategy": "LiveMigrate",
    }


def test_an_empty_configuration_supplies_nothing() -> None:
    assert options_of(kubevirt({})) == {}
    assert options_of({"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt", "spec": "x"}) == {}


def test_default_architecture_falls_back_on_the_status() -> None:
    """virt-config reads status.defaultArchitecture, which virt-operator copies from the spec."""
    assert options_of(kubevirt({}, status={"defaultArchitecture": "s390x"})) == {"architecture": "s390x"}
    spec_wins = kubevirt({"architectureConfiguration": {"defaultArchitecture": "arm64"}},
                         status={"defaultArchitecture": "amd64"})
    assert options_of(spec_wins) == {"architecture": "arm64"}


def test_values_the_options_cannot_express_are_left_out() -> None:
    assert options_of(kubevirt({
        "emulatedMachines": [], "architectureConfiguration": {"arm64": {"machineType": "virt-9"}},
        "vmRolloutStrategy": "Other", "network": {"defaultNetworkInterface": "passt",
                                                  "permitBridgeInterfaceOnPodNetwork": "yes"},
        "developerConfiguration": {"featureGates": "Sidecar"}, "cpuRequest": {"x": 1}, "machineType": 5,
    })) == {}


def test_a_numeric_cpu_request_is_a_quantity() -> None:
    assert options_of(kubevirt({"cpuRequest": 1})) == {"cpuRequest": "1"}


def test_reads_only_kubevirt_crs_not_being_deleted() -> None:
    deleted = kubevirt({"machineType": "pc"})
    deleted["metadata"]["deletionTimestamp"] = "2025-01-01T00:00:00Z"
    other_group = {**kubevirt({"machineType": "pc"}), "apiVersion": "example.com/v1"}
    read = read_kubevirt_crs([deleted, other_group, {"kind": "ConfigMap"}, "text"])
    assert (read.items, read.options, read.used) == ([], {}, False)


def test_two_crs_that_agree_are_both_read() -> None:
    read = read_kubevirt_crs([{"kind": "ConfigMap"}, kubevirt({"machineType": "q35"}),
                              kubevirt({"machineType": "q35"}, name="again")])
    assert (read.items, read.options, read.disagreements, read.used) == ([1, 2], {"machineType": "q35"}, [], True)


def test_two_crs_that_disagree_supply_nothing() -> None:
    read = read_kubevirt_crs([kubevirt({"machineType": "q35", "cpuRequest": "1"}),
                              kubevirt({"machineType": "pc", "evictionStrategy": "External"}, name="other")])
    assert read.options == {} and not read.used and read.items == [0, 1]
    assert read.disagreements == [Disagreement(1, 0, "machineType", "pc", "q35"),
                                  Disagreement(1, 0, "cpuRequest", None, "1"),
                                  Disagreement(1, 0, "evictionStrategy", "External", None)]
