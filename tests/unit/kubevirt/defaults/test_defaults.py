"""Expand defaults (docs/kubevirt/expand.md#default-disks-and-pod-network, #spec-defaults) on template specs."""

import pytest

from krmfn.model.options import complete
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.defaults.defaults import (
    set_default_guest_cpu_topology,
    set_default_machine_type,
    set_default_network_interface,
    set_default_pull_policies,
    set_default_resource_requests,
    set_default_vmi_spec,
    set_default_volume_disk,
    set_guest_memory,
)


def test_volume_disks_appended_for_volumes_without_disk_or_filesystem():
    spec = {"domain": {"devices": {"disks": [{"name": "a", "cdrom": {}}], "filesystems": [{"name": "fs"}]}},
            "volumes": [{"name": "a"}, {"name": "b"}, {"name": "fs"}, {"name": "c"}]}
    set_default_volume_disk(spec)
    assert spec["domain"]["devices"]["disks"] == [{"name": "a", "cdrom": {}}, {"name": "b"}, {"name": "c"}]


def test_volume_disks_create_domain_and_devices():
    spec = {"volumes": [{"name": "root", "containerDisk": {"image": "x"}}]}
    set_default_volume_disk(spec)
    assert spec == {"volumes": [{"name": "root", "containerDisk": {"image": "x"}}],
                    "domain": {"devices": {"disks": [{"name": "root"}]}}}


def test_duplicate_volume_names_both_get_a_disk_like_go():
    spec = {"volumes": [{"name": "x"}, {"name": "x"}]}
    set_default_volume_disk(spec)
    assert spec["domain"]["devices"]["disks"] == [{"name": "x"}, {"name": "x"}]


def test_no_volumes_creates_nothing():
    spec = {}
    set_default_volume_disk(spec)
    assert spec == {}


def test_default_bridge_interface_and_pod_network():
    spec = {}
    assert set_default_network_interface(ClusterConfig(), spec) is None
    assert spec == {"domain": {"devices": {"interfaces": [{"name": "default", "bridge": {}}]}},
                    "networks": [{"name": "default", "pod": {}}]}


@pytest.mark.parametrize("spec", [
    {"networks": [{"name": "n", "multus": {"networkName": "x"}}]},
    {"domain": {"devices": {"interfaces": [{"name": "i", "masquerade": {}}]}}},
    {"domain": {"devices": {"autoattachPodInterface": False}}},
])
def test_no_default_network_when_declared_or_disabled(spec):
    before = repr(spec)
    assert set_default_network_interface(ClusterConfig(), spec) is None
    assert repr(spec) == before


def test_network_interface_config_variants():
    spec = {}
    assert set_default_network_interface(ClusterConfig(network_interface="masquerade"), spec) is None
    assert spec["domain"]["devices"]["interfaces"] == [{"name": "default", "masquerade": {}}]
    assert set_default_network_interface(ClusterConfig(network_interface="slirp"), {}) == \
        "slirp interface is deprecated as of v1.3"
    assert set_default_network_interface(ClusterConfig(permit_bridge_interface_on_pod_network=False), {}) == \
        "bridge interface is not enabled in kubevirt-config"
    spec = {}
    assert set_default_network_interface(ClusterConfig(network_interface="other"), spec) is None
    assert spec == {"networks": [{"name": "default", "pod": {}}]}


@pytest.mark.parametrize("arch, config, expected", [
    ("amd64", ClusterConfig(), "q35"),
    ("arm64", ClusterConfig(), "virt"),
    ("s390x", ClusterConfig(), "s390-ccw-virtio"),
    ("ppc64le", ClusterConfig(), "q35"),
    ("arm64", ClusterConfig(machine_type="pc-q35-rhel9.4.0"), "pc-q35-rhel9.4.0"),
])
def test_machine_type_per_architecture(arch, config, expected):
    spec = {"architecture": arch}
    set_default_machine_type(config, spec)
    assert spec["domain"]["machine"] == {"type": expected}


def test_machine_type_kept_or_filled():
    spec = {"domain": {"machine": {"type": "pc"}}}
    set_default_machine_type(ClusterConfig(), spec)
    assert spec["domain"]["machine"] == {"type": "pc"}
    spec = {"domain": {"machine": {}}}
    set_default_machine_type(ClusterConfig(), spec)
    assert spec["domain"]["machine"] == {"type": "q35"}


def test_requests_cpu_from_limits():
    spec = {"domain": {"resources": {"limits": {"cpu": "2000m"}, "requests": {"cpu": "0"}}}}
    set_default_resource_requests(ClusterConfig(), spec)
    assert spec["domain"]["resources"]["requests"]["cpu"] == "2"
    spec = {"domain": {"resources": {"limits": {"cpu": 3}}}}
    set_default_resource_requests(ClusterConfig(), spec)
    assert spec["domain"]["resources"]["requests"] == {"cpu": "3"}


def test_cluster_cpu_request_only_when_not_100m():
    spec = {"domain": {}}
    set_default_resource_requests(ClusterConfig(cpu_request="0.1"), spec)
    assert spec == {"domain": {}}
    set_default_resource_requests(ClusterConfig(cpu_request="250m"), spec)
    assert spec["domain"]["resources"]["requests"] == {"cpu": "250m"}
    dedicated = {"domain": {"cpu": {"dedicatedCpuPlacement": True}}}
    set_default_resource_requests(ClusterConfig(cpu_request="250m"), dedicated)
    assert "resources" not in dedicated["domain"]


def test_e63_guest_from_requests_is_canonical():
    spec = {"domain": {"resources": {"requests": {"memory": "2048Mi"}}}}
    set_guest_memory(spec)
    assert spec["domain"]["memory"] == {"guest": "2Gi"}


def test_guest_from_limits_then_hugepages():
    spec = {"domain": {"resources": {"requests": {"memory": "0"}, "limits": {"memory": "1.5Gi"}}}}
    set_guest_memory(spec)
    assert spec["domain"]["memory"] == {"guest": "1536Mi"}
    spec = {"domain": {"memory": {"hugepages": {"pageSize": "2Mi"}}}}
    set_guest_memory(spec)
    assert spec["domain"]["memory"]["guest"] == "2Mi"  # docs/kubevirt/expand.md#example-preference-only-defaults


def test_memory_created_even_without_a_source_and_guest_kept():
    spec = {"domain": {}}
    set_guest_memory(spec)
    assert spec["domain"]["memory"] == {}
    spec = {"domain": {"memory": {"guest": "1Gi"}, "resources": {"requests": {"memory": "2Gi"}}}}
    set_guest_memory(spec)
    assert spec["domain"]["memory"] == {"guest": "1Gi"}


@pytest.mark.parametrize("resources, sockets", [
    ({}, 1),
    ({"requests": {"cpu": "1500m"}}, 2),
    ({"requests": {"cpu": "0"}}, 0),
    ({"limits": {"cpu": "3"}, "requests": {"cpu": "1"}}, 3),
])
def test_cpu_topology_from_resources(resources, sockets):
    spec = {"domain": {"resources": resources}}
    set_default_guest_cpu_topology(spec)
    assert spec["domain"]["cpu"] == {"sockets": sockets, "cores": 1, "threads": 1}


def test_cpu_topology_kept_when_any_is_set():
    spec = {"domain": {"cpu": {"cores": 2}}}
    set_default_guest_cpu_topology(spec)
    assert spec["domain"]["cpu"] == {"cores": 2}
    spec = {"domain": {"cpu": {"model": "host-model", "sockets": 0}}}
    set_default_guest_cpu_topology(spec)
    assert spec["domain"]["cpu"] == {"model": "host-model", "sockets": 1, "cores": 1, "threads": 1}


@pytest.mark.parametrize("image, policy", [
    ("quay.io/x/fedora:latest", "Always"),
    ("quay.io/x/fedora", "Always"),
    ("quay.io/x/fedora:41", "IfNotPresent"),
    ("registry:5000/fedora", "IfNotPresent"),
    ("quay.io/x/fedora@sha256:abc", "IfNotPresent"),
])
def test_e64_pull_policies(image, policy):
    spec = {"volumes": [{"name": "d", "containerDisk": {"image": image}}]}
    set_default_pull_policies(spec)
    assert spec["volumes"][0]["containerDisk"]["imagePullPolicy"] == policy


def test_explicit_pull_policy_kept():
    spec = {"volumes": [{"name": "d", "containerDisk": {"image": "x", "imagePullPolicy": "Never"}}]}
    set_default_pull_policies(spec)
    assert spec["volumes"][0]["containerDisk"]["imagePullPolicy"] == "Never"


def test_full_defaults_of_an_empty_template():
    spec = {}
    assert set_default_vmi_spec(ClusterConfig(), spec) is None
    assert spec == {
        "architecture": "amd64",
        "domain": {"machine": {"type": "q35"}, "memory": {}, "cpu": {"sockets": 1, "cores": 1, "threads": 1},
                   "devices": {"interfaces": [{"name": "default", "bridge": {}}]}},
        "evictionStrategy": "None",
        "networks": [{"name": "default", "pod": {}}],
    }


def test_eviction_strategy_kept_and_configurable():
    spec = {"evictionStrategy": "LiveMigrate"}
    set_default_vmi_spec(ClusterConfig(), spec)
    assert spec["evictionStrategy"] == "LiveMigrate"
    spec = {}
    set_default_vmi_spec(ClusterConfig(eviction_strategy=None), spec)
    assert "evictionStrategy" not in spec


def test_cluster_config_from_krmfn_options():
    config = ClusterConfig.from_options({"architecture": "arm64", "machineType": "", "cpuRequest": "200m",
                                         "networkInterface": "masquerade", "evictionStrategy": "LiveMigrate",
                                         "permitBridgeInterfaceOnPodNetwork": False})
    assert config == ClusterConfig(default_architecture="arm64", cpu_request="200m", network_interface="masquerade",
                                   eviction_strategy="LiveMigrate", permit_bridge_interface_on_pod_network=False)
    # the option table's defaults are KubeVirt's
    assert ClusterConfig.from_options(complete("inline", {})) == ClusterConfig()
    assert ClusterConfig.from_options(complete("validate", {})) == ClusterConfig()


def test_emulated_machines_per_architecture_and_for_all() -> None:
    config = ClusterConfig.from_options(complete("validate", {"emulatedMachines": ["amd64=pc-i440fx*",
                                                                                   "amd64=q35*"]}))
    assert config.emulated_machines_for("amd64") == ("pc-i440fx*", "q35*")
    assert config.emulated_machines_for("arm64") == ("virt*",)  # the others keep KubeVirt's defaults
    assert config.emulated_machines_for("") == ("pc-i440fx*", "q35*")  # unknown: amd64's (GetEmulatedMachines)
    everywhere = ClusterConfig.from_options(complete("validate", {"emulatedMachines": ["virt*", "q35*"]}))
    assert everywhere.emulated_machines_for("s390x") == ("virt*", "q35*")
    assert ClusterConfig().emulated_machines_for("amd64") == ("q35*", "pc-q35*")


def test_permitted_host_devices_option() -> None:
    config = ClusterConfig.from_options(complete("validate", {"permittedHostDevices": ["10DE:2342=nvidia.com/H100"]}))
    assert config.permitted_host_devices == {"pciHostDevices": [{"pciVendorSelector": "10DE:2342",
                                                                 "resourceName": "nvidia.com/H100"}]}
    assert ClusterConfig().permitted_host_devices is None


def test_rollout_strategy_and_feature_gates_options() -> None:
    config = ClusterConfig.from_options(complete("validate", {"vmRolloutStrategy": "Stage",
                                                              "featureGates": ["HostDevices"]}))
    assert not config.vm_rollout_strategy_live_update() and ClusterConfig().vm_rollout_strategy_live_update()
    assert config.feature_gate_enabled("HostDevices") and not ClusterConfig().feature_gate_enabled("HostDevices")
