"""Cases of KubeVirt's ``pkg/virt-api/webhooks/mutating-webhook/mutators/vmi-mutator_test.go``
(d923fdb8), CREATE paths, ported against ``mutate_vmi``
(``krmfn.kubevirt.virt_api.mutators.vmi_mutator``) and, for the cases calling
``webhooks.SetHypervFeatureDependencies`` directly, ``set_hyperv_feature_dependencies``
(``krmfn.kubevirt.defaults.hyperv``: ``pkg/virt-api/webhooks/hyperv.go`` holds an identical copy of
``pkg/defaults/hyperv.go``'s function).

The KubeVirt configuration the Go test writes into its fake KubeVirt CR is the ``ClusterConfig``:
``cpuModel`` -> ``cpu_model``, ``cpuRequest`` -> ``cpu_request``, ``machineType`` and the per-arch
machine types -> ``machine_type``/``arch_machine_types``, ``liveUpdateConfiguration`` ->
``max_cpu_sockets``/``max_guest``/``max_hotplug_ratio`` (a LiveUpdateConfiguration written without
``maxHotplugRatio`` keeps KubeVirt's default 4: the CR is merged over the default configuration),
the CR's annotation -> ``emulator_thread_complete_to_even_parity``.

Not ported:
- "modify the VMI status" (4 entries): the UPDATE path, which krmfn does not run.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.defaults.hyperv import set_hyperv_feature_dependencies
from krmfn.kubevirt.virt_api.mutators.vmi_mutator import (
    PRESET_DEPRECATION_WARNING,
    VIRTUAL_MACHINE_INSTANCE_FINALIZER,
    VMIMutation,
    mutate_vmi,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

PCI_ANNOTATION = "kubevirt.io/pci-topology-version"
PARITY = "alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity"
ON = {"enabled": True}
OFF = {"enabled": False}
VMX = {"name": "vmx", "policy": "require"}


def new_vmi() -> dict:
    """The test's BeforeEach VMI: labels ``test: test``, an empty domain."""
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": {"labels": {"test": "test"}}, "spec": {"domain": {"resources": {}}}}


def admit(vmi: dict, config: ClusterConfig | None = None, presets: list[dict] | None = None,
          arch: str | None = None) -> VMIMutation:
    if arch is not None:
        vmi["spec"]["architecture"] = arch
    result = mutate_vmi(vmi, presets or [], config or ClusterConfig())
    assert result.error is None
    return result


def spec_of(vmi: dict | None = None, config: ClusterConfig | None = None, arch: str | None = None) -> dict:
    return admit(vmi or new_vmi(), config, arch=arch).vmi["spec"]


# -- with presets -------------------------------------------------------------------------------
PRESET = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstancePreset", "metadata": {"name": "test-preset"},
          "spec": {"domain": {"cpu": {"cores": 4}}, "selector": {"matchLabels": {"test": "test"}}}}


def test_should_apply_presets_on_vmi_create() -> None:
    assert admit(new_vmi(), presets=[PRESET]).vmi["spec"]["domain"]["cpu"]["cores"] == 4


def test_should_include_deprecation_warning_in_response_when_presets_are_applied_to_vmi() -> None:
    assert admit(new_vmi(), presets=[PRESET]).warnings == [PRESET_DEPRECATION_WARNING]


# -- defaults -----------------------------------------------------------------------------------
ARCH_DEFAULTS = [
    pytest.param("amd64", "host-model", "q35", id="when architecture is amd64"),
    pytest.param("arm64", "host-passthrough", "virt", id="when architecture is arm64"),
    pytest.param("s390x", "host-model", "s390-ccw-virtio", id="when architecture is s390x"),
]


@pytest.mark.parametrize(("arch", "cpu_model", "machine_type"), ARCH_DEFAULTS)
def test_should_apply_defaults_on_vmi_create_when_arch_is_known(arch: str, cpu_model: str, machine_type: str) -> None:
    spec = spec_of(arch=arch)
    assert (spec["domain"]["machine"], spec["domain"]["cpu"]["model"]) == ({"type": machine_type}, cpu_model)
    assert spec["domain"]["resources"] == {}


@pytest.mark.parametrize(("arch", "cpu_model", "machine_type"), ARCH_DEFAULTS)
def test_should_apply_defaults_on_vmi_create_when_arch_is_unknown(arch: str, cpu_model: str,
                                                                  machine_type: str) -> None:
    spec = spec_of(config=ClusterConfig(default_architecture=arch))
    assert (spec["architecture"], spec["domain"]["machine"], spec["domain"]["cpu"]["model"]) == (
        arch, {"type": machine_type}, cpu_model)
    assert spec["domain"]["resources"] == {}


@pytest.mark.parametrize(("arch", "cpu_model"), [
    pytest.param("amd64", "Haswell", id="on amd64"),
    pytest.param("s390x", "Haswell", id="on s390x"),
    pytest.param("arm64", "host-passthrough", id="on arm64"),
])
def test_should_apply_configurable_defaults_on_vmi_create(arch: str, cpu_model: str) -> None:
    config = ClusterConfig(cpu_model="Haswell", cpu_request="800m",
                           arch_machine_types={"amd64": "pc-q35-3.0", "arm64": "pc-q35-3.0", "s390x": "pc-q35-3.0"})
    spec = spec_of(config=config, arch=arch)
    assert spec["domain"]["cpu"]["model"] == cpu_model
    assert spec["domain"]["machine"] == {"type": "pc-q35-3.0"}
    assert spec["domain"]["resources"] == {"requests": {"cpu": "800m"}}


def container_disk(name: str, image: str, policy: str | None = None) -> dict:
    disk = {"image": image} if policy is None else {"image": image, "imagePullPolicy": policy}
    return {"name": name, "containerDisk": disk}


SHA = "test@sha256:9c2b78e11c25b3fd0b24b0ed684a112052dff03eee4ca4bdcc4f3168f9a14396"


@pytest.mark.parametrize(("given", "expected"), [
    pytest.param([container_disk("a", SHA)], [container_disk("a", SHA, "IfNotPresent")],
                 id="set the ImagePullPolicy to IfNotPresent if sha256"),
    pytest.param([container_disk("a", "test:latest")], [container_disk("a", "test:latest", "Always")],
                 id="set the ImagePullPolicy to Always if :latest is specified"),
    pytest.param([container_disk("a", "test")], [container_disk("a", "test", "Always")],
                 id="set the ImagePullPolicy to Always if no tag or shasum is specified"),
    pytest.param([container_disk("a", "test:notlatest")], [container_disk("a", "test:notlatest", "IfNotPresent")],
                 id="set the ImagePullPolicy to IfNotPresent if arbitrary tags are specified"),
    pytest.param(
        [container_disk("a", "test:notlatest"), container_disk("b", "test:latest"),
         container_disk("c", "test:latest", "Never"), container_disk("d", "test", "IfNotPresent"),
         container_disk("e", "test:notlatest")],
        [container_disk("a", "test:notlatest", "IfNotPresent"), container_disk("b", "test:latest", "Always"),
         container_disk("c", "test:latest", "Never"), container_disk("d", "test", "IfNotPresent"),
         container_disk("e", "test:notlatest", "IfNotPresent")],
        id="set the right ImagePullPolicy on a mixture of sources"),
])
def test_it_should(given: list[dict], expected: list[dict]) -> None:
    vmi = new_vmi()
    vmi["spec"]["volumes"] = given
    assert spec_of(vmi)["volumes"] == expected


@pytest.mark.parametrize(("interface", "binding"), [
    pytest.param("bridge", {"bridge": {}}, id="as bridge"),
    pytest.param("masquerade", {"masquerade": {}}, id="as masquerade"),
])
def test_should_add_the_default_network_interface(interface: str, binding: dict) -> None:
    spec = spec_of(config=ClusterConfig(network_interface=interface))
    assert spec["domain"]["devices"]["interfaces"] == [{"name": "default", **binding}]


def test_should_reject_adding_a_default_deprecated_slirp_interface() -> None:
    result = mutate_vmi(new_vmi(), [], ClusterConfig(network_interface="slirp"))
    assert (result.error, result.code) == ("slirp interface is deprecated as of v1.3", 400)


@pytest.mark.parametrize(("interfaces", "networks"), [
    pytest.param([{"name": "a"}], [{"name": "b"}], id="interfaces and networks are non-empty"),
    pytest.param([{"name": "a"}], [], id="interfaces is non-empty"),
    pytest.param([], [{"name": "b"}], id="networks is non-empty"),
])
def test_should_not_add_the_default_interfaces_if(interfaces: list[dict], networks: list[dict]) -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["devices"] = {"interfaces": interfaces}
    vmi["spec"]["networks"] = networks
    spec = spec_of(vmi)
    assert (spec["domain"]["devices"]["interfaces"], spec["networks"]) == (interfaces, networks)


def test_should_add_a_missing_volume_disk() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["devices"] = {"disks": [{"name": "present-vol"}]}
    vmi["spec"]["volumes"] = [{"name": "present-vol"}, {"name": "missing-vol"}]
    assert spec_of(vmi)["domain"]["devices"]["disks"] == [
        {"name": "present-vol", "disk": {"bus": "sata"}}, {"name": "missing-vol", "disk": {"bus": "sata"}}]


def test_should_set_defaults_for_input_devices() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["devices"] = {"inputs": [{"name": "default-0"}]}
    assert spec_of(vmi)["domain"]["devices"]["inputs"] == [{"name": "default-0", "bus": "usb", "type": "tablet"}]


def test_should_not_override_specified_properties_with_defaults_on_vmi_create() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"].update({"resources": {"requests": {"cpu": "600m", "memory": "512Mi"}},
                                  "cpu": {"model": "EPYC"}, "machine": {"type": "q35"}})
    spec = spec_of(vmi, ClusterConfig(cpu_model="Haswell", machine_type="pc-q35-3.0", cpu_request="800m"))
    assert (spec["domain"]["cpu"]["model"], spec["domain"]["machine"], spec["domain"]["resources"]) == (
        "EPYC", {"type": "q35"}, {"requests": {"cpu": "600m", "memory": "512Mi"}})


@pytest.mark.parametrize(("gates", "annotated", "isolate"), [
    pytest.param((), True, True, id="when the AlignCPUs featureGate is disabled"),
    pytest.param(("AlignCPUs",), False, True,
                 id="when the EmulatorThreadCompleteToEvenParity annotation is not set on the kubevirt CR"),
    pytest.param(("AlignCPUs",), True, False, id="when isolateEmulatorThread is disabled on the VMI spec"),
])
def test_should_not_copy_the_emulator_thread_complete_to_even_parity_annotation_to_the_vmi(
        gates: tuple[str, ...], annotated: bool, isolate: bool) -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["cpu"] = {"isolateEmulatorThread": isolate}
    config = ClusterConfig(feature_gates=gates, emulator_thread_complete_to_even_parity=annotated)
    assert PARITY not in admit(vmi, config).vmi["metadata"]["annotations"]


def test_should_copy_the_emulator_thread_complete_to_even_parity_annotation_to_the_vmi() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["cpu"] = {"isolateEmulatorThread": True}
    config = ClusterConfig(feature_gates=("AlignCPUs",), emulator_thread_complete_to_even_parity=True)
    assert admit(vmi, config).vmi["metadata"]["annotations"] == {PCI_ANNOTATION: "v3", PARITY: ""}


def test_should_copy_the_qgs_socket_path_annotation_to_a_tdx_vmi() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["launchSecurity"] = {"tdx": {}}
    config = ClusterConfig(qgs_socket_path="/var/run/tdx-qgs/custom.socket")
    assert admit(vmi, config).vmi["metadata"]["annotations"] == {
        PCI_ANNOTATION: "v3", "kubevirt.io/qgs-socket-path": "/var/run/tdx-qgs/custom.socket"}


@pytest.mark.parametrize(("arch", "annotated"), [
    pytest.param("amd64", True, id="amd64 gets v3"),
    pytest.param("arm64", True, id="arm64 gets v3"),
    pytest.param("s390x", False, id="s390x skipped"),
    pytest.param("ppc64le", False, id="ppc64le skipped"),
])
def test_should_set_pci_topology_version_based_on_architecture(arch: str, annotated: bool) -> None:
    annotations = admit(new_vmi(), arch=arch).vmi["metadata"].get("annotations")
    assert annotations == ({PCI_ANNOTATION: "v3"} if annotated else None)


def test_should_skip_pci_topology_version_for_i440fx_machine_type() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["machine"] = {"type": "pc-i440fx-2.12"}
    assert "annotations" not in admit(vmi, arch="amd64").vmi["metadata"]


def test_should_not_override_existing_pci_topology_version_annotation() -> None:
    vmi = new_vmi()
    vmi["metadata"]["annotations"] = {PCI_ANNOTATION: "v2"}
    assert admit(vmi).vmi["metadata"]["annotations"] == {PCI_ANNOTATION: "v2"}


@pytest.mark.parametrize("request_cpu", [
    pytest.param("2200m", id="should convert CPU requests to sockets"),
    pytest.param("2.3", id="should convert CPU limits to sockets"),
])
def test_should_convert_cpu_to_sockets(request_cpu: str) -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"].update({"cpu": {"model": "EPYC"}, "resources": {"requests": {"cpu": request_cpu}}})
    cpu = spec_of(vmi)["domain"]["cpu"]
    assert (cpu["cores"], cpu["sockets"], cpu["threads"]) == (1, 3, 1)


def test_should_apply_foreground_finalizer_on_vmi_create() -> None:
    assert admit(new_vmi()).vmi["metadata"]["finalizers"] == [VIRTUAL_MACHINE_INSTANCE_FINALIZER]


def test_should_copy_cpu_limits_to_requests_if_only_limits_are_set() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["resources"] = {"requests": {}, "limits": {"cpu": "1"}}
    assert spec_of(vmi)["domain"]["resources"] == {"requests": {"cpu": "1"}, "limits": {"cpu": "1"}}


@pytest.mark.parametrize("resources_or_memory", [
    pytest.param({"resources": {"requests": {"memory": "1Gi"}}}, id="when requests are set"),
    pytest.param({"resources": {"limits": {"memory": "1Gi"}}}, id="when limits are set"),
    pytest.param({"resources": {"requests": {"memory": "1Gi"}, "limits": {"memory": "1Gi"}}},
                 id="when both requests and limits are set"),
    pytest.param({"memory": {"hugepages": {"pageSize": "1Gi"}}}, id="when only hugepages pagesize is set"),
])
def test_should_always_set_memory_guest(resources_or_memory: dict) -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"].update(resources_or_memory)
    assert spec_of(vmi)["domain"]["memory"]["guest"] == "1Gi"


def test_should_set_the_hyperv_dependencies() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["features"] = {"hyperv": {"synictimer": {"enabled": True}}}
    assert spec_of(vmi)["domain"]["features"] == {
        "acpi": ON, "hyperv": {"synictimer": ON, "synic": ON, "vpindex": ON}}


def minimal_spec(hyperv: dict | None = None, cpu: dict | None = None) -> dict:
    """``api.NewMinimalVMI("testvmi").Spec`` (an empty domain), with features.hyperv and cpu."""
    domain: dict = {}
    if hyperv is not None:
        domain["features"] = {"hyperv": hyperv}
    if cpu is not None:
        domain["cpu"] = cpu
    return {"domain": domain}


def test_should_not_mutate_vmis_without_hyperv_configuration() -> None:
    spec = minimal_spec()
    assert set_hyperv_feature_dependencies(spec) is None
    assert spec == {"domain": {}}


@pytest.mark.parametrize(("hyperv", "expected"), [
    pytest.param({}, {}, id="Should not mutate VMIs with empty HyperV configuration"),
    pytest.param({"relaxed": ON, "runtime": ON, "reset": ON}, {"relaxed": ON, "runtime": ON, "reset": ON},
                 id="Should not mutate VMIs with hyperv configuration without deps"),
    pytest.param({"relaxed": ON, "synictimer": ON}, {"relaxed": ON, "vpindex": ON, "synic": ON, "synictimer": ON},
                 id="Should mutate VMIs with hyperv configuration to fix deps"),
])
def test_hyperv_dependencies(hyperv: dict, expected: dict) -> None:
    spec = minimal_spec(hyperv)
    assert set_hyperv_feature_dependencies(spec) is None
    assert spec == minimal_spec(expected)


def test_should_partially_mutate_vmis_with_explicit_hyperv_configuration() -> None:
    spec = minimal_spec({"vpindex": OFF, "synictimer": ON, "evmcs": ON})
    assert set_hyperv_feature_dependencies(spec) == (
        "'spec.domain.features.hyperv.synic' requires 'spec.domain.features.hyperv.vpindex', which was disabled.")
    assert spec == minimal_spec({"vpindex": OFF, "synic": ON, "synictimer": ON, "evmcs": ON, "vapic": ON})


def test_should_convert_cpu_model_autoattach_graphics_device_and_uefi_boot_on_arm64() -> None:
    domain = spec_of(arch="arm64")["domain"]
    assert domain["firmware"]["bootloader"] == {"efi": {"secureBoot": False}}
    assert domain["cpu"]["model"] == "host-passthrough"


@pytest.mark.parametrize(("disk", "target", "bus"), [
    pytest.param({"name": "a"}, "disk", "virtio", id="Disk device"),
    pytest.param({"name": "a", "disk": {"bus": "scsi"}}, "disk", "scsi", id="Disk device with virtio bus"),
    pytest.param({"name": "a", "cdrom": {}}, "cdrom", "virtio", id="CDRom device"),
    pytest.param({"name": "a", "lun": {}}, "lun", "virtio", id="LUN device"),
])
def test_should_convert_disk_bus_to_virtio_or_scsi_on_arm64(disk: dict, target: str, bus: str) -> None:
    vmi = new_vmi()
    vmi["spec"]["volumes"] = [container_disk("a", "test:latest")]
    vmi["spec"]["domain"]["devices"] = {"disks": [disk]}
    assert spec_of(vmi, arch="arm64")["domain"]["devices"]["disks"][0][target]["bus"] == bus


@pytest.mark.parametrize(("cpu", "hyperv", "expected"), [
    pytest.param(None, {"relaxed": ON}, None, id="if hyperV doesn't contain EVMCS"),
    pytest.param(None, {"evmcs": OFF}, None, id="if EVMCS is explicitly false "),
    pytest.param(None, {"evmcs": {}}, {"features": [VMX]}, id="if hyperV does contain EVMCS"),
    pytest.param(None, {"evmcs": ON}, {"features": [VMX]}, id="if EVMCS is explicitly true "),
    pytest.param({"sockets": 2}, {"evmcs": {}}, {"sockets": 2, "features": [VMX]},
                 id="if hyperV does contain EVMCS and cpu sockets "),
    pytest.param({"features": []}, {"evmcs": {}}, {"features": [VMX]},
                 id="if hyperV does contain EVMCS and 0 cpu features "),
    pytest.param({"features": [{"name": "monitor", "policy": "require"}]}, {"evmcs": {}},
                 {"features": [{"name": "monitor", "policy": "require"}, VMX]},
                 id="if hyperV does contain EVMCS and 1 different cpu feature "),
    pytest.param({"features": [{"name": "vmx", "policy": "disabled"}]}, {"evmcs": {}}, {"features": [VMX]},
                 id="if hyperV does contain EVMCS and disabled vmx cpu feature "),
    pytest.param({"features": [VMX]}, {"evmcs": {}}, {"features": [VMX]},
                 id="if hyperV does contain EVMCS and enabled vmx cpu feature "),
])
def test_modify_the_vmi_cpu_feature(cpu: dict | None, hyperv: dict, expected: dict | None) -> None:
    spec = minimal_spec(hyperv, cpu)
    assert set_hyperv_feature_dependencies(spec) is None
    assert spec["domain"].get("cpu") == expected


def test_root_feature_gate_is_enabled_should_not_tag_vmi_as_non_root() -> None:
    assert "runtimeUser" not in admit(new_vmi(), ClusterConfig(feature_gates=("Root",))).vmi["status"]


def test_should_tag_vmi_as_non_root() -> None:
    assert admit(new_vmi()).vmi["status"]["runtimeUser"] == 107


@pytest.mark.parametrize(("vmi_strategy", "cluster_strategy", "expected"), [
    pytest.param("LiveMigrate", "None", "LiveMigrate", id="one set in the VMI"),
    pytest.param(None, "None", "None", id="one set cluster-wide"),
    pytest.param("None", "LiveMigrate", "None", id="one set in the VMI if both cluster-wide and VMI are set"),
    pytest.param(None, ClusterConfig().eviction_strategy, "None", id="default one if nothing is set"),
])
def test_eviction_strategy_should_match_the(vmi_strategy: str | None, cluster_strategy: str | None,
                                            expected: str) -> None:
    vmi = new_vmi()
    if vmi_strategy is not None:
        vmi["spec"]["evictionStrategy"] = vmi_strategy
    assert spec_of(vmi, ClusterConfig(eviction_strategy=cluster_strategy))["evictionStrategy"] == expected


def test_should_set_guest_memory_status_on_vmi_creation() -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["memory"] = {"guest": "128Mi"}
    assert admit(vmi).vmi["status"]["memory"] == {
        "guestAtBoot": "128Mi", "guestCurrent": "128Mi", "guestRequested": "128Mi"}


# -- CPU topology ------------------------------------------------------------------------------
def test_should_set_default_cpu_topology_in_status_when_not_provided_by_vmi() -> None:
    assert admit(new_vmi()).vmi["status"]["currentCPUTopology"] == {"sockets": 1, "cores": 1, "threads": 1}


@pytest.mark.parametrize(("cpu", "expected"), [
    pytest.param({"sockets": 3, "cores": 3, "threads": 2}, {"sockets": 3, "cores": 3, "threads": 2},
                 id="full guest CPU topology"),
    pytest.param({"sockets": 1, "cores": 1, "threads": 0}, {"sockets": 1, "cores": 1},
                 id="partial guest CPU topology"),
])
def test_should_copy_vmi_provided(cpu: dict, expected: dict) -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["cpu"] = cpu
    assert admit(vmi).vmi["status"]["currentCPUTopology"] == expected


def test_should_not_overwrite_existing_current_cpu_topology_within_status() -> None:
    vmi = new_vmi()
    vmi["status"] = {"currentCPUTopology": {"sockets": 1, "cores": 1, "threads": 1}}
    vmi["spec"]["domain"]["cpu"] = {"sockets": 2, "cores": 1, "threads": 1}
    assert admit(vmi).vmi["status"]["currentCPUTopology"] == {"sockets": 1, "cores": 1, "threads": 1}


# -- when vmRolloutStrategy LiveUpdate is enabled ------------------------------------------------
LIVE = ClusterConfig(vm_rollout_strategy="LiveUpdate")
CPU_HOTPLUG_CASES = [
    pytest.param(None, ClusterConfig(max_cpu_sockets=10), 10,
                 id="to use maximum sockets configured in cluster config when its not set in VMI spec"),
    pytest.param({"sockets": 2}, ClusterConfig(max_cpu_sockets=10, max_hotplug_ratio=2), 10,
                 id="to prefer and use MaxCpuSockets from KV over MaxHotplugRatio"),
    pytest.param({"sockets": 2, "maxSockets": 16}, LIVE, 16, id="to keep VMI values of max sockets when provided"),
    pytest.param(None, ClusterConfig(max_hotplug_ratio=2), 2,
                 id="to use hot plug ratio configured in cluster config when max sockets isn't provided in the VMI"),
    pytest.param({"sockets": 2}, LIVE, 8,
                 id="to calculate max sockets to be 4x times the configured sockets when no max sockets defined"),
    pytest.param({"sockets": 32, "cores": 2, "threads": 3}, LIVE, 85,
                 id="to calculate max sockets to be 4x times the configured sockets with upper bound 512 when no "
                    "max sockets defined"),
    pytest.param(None, LIVE, 4,
                 id="to calculate max sockets to be 4x times the default sockets when default CPU topology used"),
    pytest.param({"sockets": 3}, ClusterConfig(max_cpu_sockets=2), 3,
                 id="to set MaxSockets to number of sockets when MaxCpuSockets is lower"),
]


@pytest.mark.parametrize("arch", ["amd64", "s390x"])
@pytest.mark.parametrize(("cpu", "config", "max_sockets"), CPU_HOTPLUG_CASES)
def test_configure_cpu_hotplug_on_supported_arch(arch: str, cpu: dict | None, config: ClusterConfig,
                                                 max_sockets: int) -> None:
    vmi = new_vmi()
    if cpu is not None:
        vmi["spec"]["domain"]["cpu"] = dict(cpu)
    result = spec_of(vmi, config, arch)["domain"]["cpu"]
    assert result["maxSockets"] == max_sockets
    assert result["sockets"] == (cpu or {}).get("sockets", 1)


@pytest.mark.parametrize(("memory", "config", "expected"), [
    pytest.param({"guest": "2Gi", "maxGuest": "6Gi"}, LIVE, {"guest": "2Gi", "maxGuest": "6Gi"},
                 id="to keep VMI values of max guest when provided"),
    pytest.param({"guest": "1Gi"}, ClusterConfig(max_guest="10Gi"), {"guest": "1Gi", "maxGuest": "10Gi"},
                 id="to use maxGuest configured in cluster config when its not set in VM spec"),
    pytest.param({"guest": "1Gi"}, ClusterConfig(max_guest="10Gi", max_hotplug_ratio=2),
                 {"guest": "1Gi", "maxGuest": "10Gi"}, id="to prefer maxGuest from KV over MaxHotplugRatio"),
    pytest.param({"guest": "1Gi"}, LIVE, {"guest": "1Gi", "maxGuest": "4Gi"},
                 id="to calculate maxGuest to be `MaxHotplugRatio` times the configured guest memory when no "
                    "maxGuest is defined"),
    pytest.param({"guest": "1Gi"}, ClusterConfig(max_hotplug_ratio=2), {"guest": "1Gi", "maxGuest": "2Gi"},
                 id="to use hot plug ratio configured in cluster config when max guest isn't provided in the VMI"),
])
def test_configure_memory_hotplug_on_supported_arch(memory: dict, config: ClusterConfig, expected: dict) -> None:
    vmi = new_vmi()
    vmi["spec"]["domain"]["memory"] = dict(memory)
    assert spec_of(vmi, config, "amd64")["domain"]["memory"] == expected


NUMA_PASSTHROUGH = {"guestMappingPassthrough": {}}


@pytest.mark.parametrize("setup", [
    pytest.param({"cpu": {"dedicatedCpuPlacement": True, "realtime": {}, "numa": NUMA_PASSTHROUGH},
                  "memory": {"guest": "128Mi", "hugepages": {"pageSize": "2Mi"}}}, id="realtime is configured"),
    pytest.param({"launchSecurity": {}}, id="launchSecurity is configured"),
    pytest.param({"cpu": {"dedicatedCpuPlacement": True, "numa": NUMA_PASSTHROUGH},
                  "memory": {"guest": "128Mi", "hugepages": {"pageSize": "2Mi"}}},
                 id="guest mapping passthrough is configured"),
    pytest.param({"memory": {}}, id="guest memory is not set"),
    pytest.param({"memory": {"guest": "123"}}, id="guest memory is not properly aligned"),
    pytest.param({"memory": {"guest": "512Mi"}}, id="guest memory is less than 1Gi"),
])
def test_should_leave_max_guest_empty_when_memory_hotplug_is_incompatible(setup: dict) -> None:
    vmi = {"metadata": {"name": "testvm"}, "spec": {"domain": {"memory": {"guest": "128Mi"}}}}
    vmi["spec"]["domain"].update(setup)
    assert "maxGuest" not in spec_of(vmi, LIVE, "amd64")["domain"]["memory"]


def test_should_leave_max_sockets_unset_on_unsupported_arch() -> None:
    assert "maxSockets" not in spec_of(config=ClusterConfig(max_cpu_sockets=10), arch="arm64")["domain"]["cpu"]


@pytest.mark.parametrize("arch", ["arm64", "s390x"])
def test_should_leave_max_guest_unset_on_unsupported_arch(arch: str) -> None:
    assert "maxGuest" not in spec_of(config=ClusterConfig(max_guest="512Mi"), arch=arch)["domain"]["memory"]
