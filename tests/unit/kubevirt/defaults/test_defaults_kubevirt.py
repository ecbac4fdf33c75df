"""Cases of KubeVirt's ``pkg/defaults/defaults_test.go`` (d923fdb8), ported:

- "Architecture / VirtualMachine": ``SetVirtualMachineDefaults``, which krmfn ports as
  ``set_vm_defaults`` of ``krmfn.kubevirt.virt_api.mutators.vm_mutator`` (the VM mutating webhook is
  its only caller): the DataSources the Go test creates in its fake CDI client are the bundle's
  objects, and the KubeVirt status' ``defaultArchitecture`` is ``ClusterConfig.default_architecture``.
  Without one, KubeVirt falls back to the architecture it runs on (``runtime.GOARCH``), which krmfn
  takes to be ``amd64`` (its default).
- "SupportsPCIeHotplug": ``supports_pcie_hotplug`` (same module).
- "Arm64 bootloader" ("should correctly default SecureBoot", 5 entries): ``SetArm64Defaults``
  (``krmfn.kubevirt.defaults.arm64.set_arm64_defaults``), which ``SetDefaultVirtualMachineInstance``
  runs for an arm64 VMI (``setDefaultCPUArch``); each entry also runs through
  ``set_default_virtual_machine_instance``, comparing the whole firmware.

Every case of the file is ported.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.defaults.arm64 import set_arm64_defaults
from krmfn.kubevirt.defaults.defaults import set_default_virtual_machine_instance
from krmfn.kubevirt.virt_api.mutators.vm_mutator import set_vm_defaults, supports_pcie_hotplug
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

USER_PROVIDED_ARCH = "userArch"
TEMPLATE_PROVIDED_ARCH = "arm64"
CONFIG_PROVIDED_ARCH = "configArch"
RUNTIME_ARCH = "amd64"  # runtime.GOARCH as krmfn takes it (ClusterConfig's default)
ARCH_LABEL = "template.kubevirt.io/architecture"
DS_NAMESPACE = "ds-namespace"


def data_source(name: str = "ds", namespace: str = DS_NAMESPACE, arch: str | None = TEMPLATE_PROVIDED_ARCH,
                nested: dict | None = None) -> dict:
    """A CDI DataSource, labelled with ``arch`` (unless None), sourced from ``nested`` (if given)."""
    metadata: dict = {"name": name, "namespace": namespace}
    if arch is not None:
        metadata["labels"] = {ARCH_LABEL: arch}
    spec: dict = {"source": {"dataSource": nested}} if nested else {}
    return {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataSource", "metadata": metadata, "spec": spec}


def new_vm(*, arch: str = "", namespace: str = "", source_ref: tuple[str, str] | None = None) -> dict:
    """``libvmi.NewVirtualMachine(libvmi.New(...))``, with a dataVolumeTemplate whose sourceRef is the
    DataSource (namespace, name) when given (``libdv.WithDataVolumeSourceRef``)."""
    template_spec: dict = {"domain": {}}
    if arch:
        template_spec["architecture"] = arch
    vm: dict = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "testvm"},
                "spec": {"template": {"spec": template_spec}}}
    if namespace:
        vm["metadata"]["namespace"] = namespace
    if source_ref is not None:
        ref_namespace, ref_name = source_ref
        ref: dict = {"kind": "DataSource", "name": ref_name}
        if ref_namespace:
            ref["namespace"] = ref_namespace
        vm["spec"]["dataVolumeTemplates"] = [{"metadata": {"name": "dv"}, "spec": {"sourceRef": ref}}]
    return vm


def defaulted_architecture(vm: dict, objects: list[dict], config: ClusterConfig) -> str:
    namespace = vm["metadata"].get("namespace", "")
    set_vm_defaults(vm, Bundle(objects, default_namespace=namespace or "default"), namespace, config, [])
    return vm["spec"]["template"]["spec"]["architecture"]


CONFIG = ClusterConfig(default_architecture=CONFIG_PROVIDED_ARCH)


NESTED = data_source("nested-ds")
PARENT = data_source(arch=None, nested={"name": "nested-ds", "namespace": DS_NAMESPACE})


@pytest.mark.parametrize(("vm", "objects", "config", "expected"), [
    pytest.param(new_vm(source_ref=(DS_NAMESPACE, "ds")), [data_source(arch="foobar")], CONFIG, CONFIG_PROVIDED_ARCH,
                 id="should ignore unknown arch provided by DataSource"),
    pytest.param(new_vm(arch=USER_PROVIDED_ARCH, source_ref=(DS_NAMESPACE, "ds")), [data_source()], CONFIG,
                 USER_PROVIDED_ARCH, id="should default to user provided value when provided"),
    pytest.param(new_vm(source_ref=(DS_NAMESPACE, "ds")), [data_source()], CONFIG, TEMPLATE_PROVIDED_ARCH,
                 id="should default to referenced DataSource provided architecture label when not provided by user"),
    pytest.param(new_vm(namespace="vm-namespace", source_ref=("", "ds")), [data_source(namespace="vm-namespace")],
                 CONFIG, TEMPLATE_PROVIDED_ARCH,
                 id="should default to referenced DataSource (without namespace) provided architecture label"),
    pytest.param(new_vm(source_ref=(DS_NAMESPACE, "ds")), [NESTED, PARENT], CONFIG, TEMPLATE_PROVIDED_ARCH,
                 id="should default to referenced nested DataSource provided architecture label"),
    pytest.param(new_vm(), [], CONFIG, CONFIG_PROVIDED_ARCH,
                 id="should default to config arch when not provided by user"),
    pytest.param(new_vm(), [], ClusterConfig(), RUNTIME_ARCH,
                 id="should default to runtime arch when not provided by user or config"),
])
def test_architecture_of_a_virtual_machine(vm: dict, objects: list[dict], config: ClusterConfig, expected: str) -> None:
    assert defaulted_architecture(vm, objects, config) == expected


@pytest.mark.parametrize(("arch", "machine_type", "expected"), [
    pytest.param("amd64", "pc-q35-3.0", True, id="amd64 with q35"),
    pytest.param("amd64", None, True, id="amd64 with no machine type"),
    pytest.param("amd64", "pc-i440fx-2.12", False, id="amd64 with i440fx"),
    pytest.param("arm64", "virt", True, id="arm64 with virt"),
    pytest.param("arm64", "virt-6.2", True, id="arm64 with versioned virt"),
    pytest.param("arm64", None, True, id="arm64 with no machine type"),
    pytest.param("", "pc-q35-3.0", True, id="empty arch with q35"),
    pytest.param("", None, True, id="empty arch with no machine type"),
    pytest.param("s390x", None, False, id="s390x"),
    pytest.param("ppc64le", None, False, id="ppc64le"),
])
def test_supports_pcie_hotplug(arch: str, machine_type: str | None, expected: bool) -> None:
    spec: dict = {"domain": {}}
    if arch:
        spec["architecture"] = arch
    if machine_type is not None:
        spec["domain"]["machine"] = {"type": machine_type}
    assert supports_pcie_hotplug(spec) is expected


def arm64_vmi(firmware: dict | None = None) -> dict:
    """``libvmi.New(libvmi.WithArchitecture("arm64"))``, with ``firmware`` when given."""
    vmi: dict = {"metadata": {"name": "testvmi"}, "spec": {"architecture": "arm64", "domain": {}}}
    if firmware is not None:
        vmi["spec"]["domain"]["firmware"] = firmware
    return vmi


def uefi(secure_boot: bool) -> dict:
    """``libvmi.WithUefi(secureBoot)``."""
    return {"bootloader": {"efi": {"secureBoot": secure_boot}}}


ARM64_BOOTLOADER_CASES = [
    pytest.param(None, {"bootloader": {"efi": {"secureBoot": False}}}, id="to false when no bootloader is specified"),
    pytest.param(uefi(True), uefi(True), id="preserving SecureBoot when explicitly enabled"),
    pytest.param(uefi(False), uefi(False), id="preserving SecureBoot when explicitly disabled"),
    pytest.param({"bootloader": {}}, {"bootloader": {}}, id="not setting SecureBoot when bootloader is not EFI"),
    pytest.param({"bootloader": {"efi": {}}}, {"bootloader": {"efi": {"secureBoot": False}}},
                 id="to false when EFI is set without SecureBoot"),
]


@pytest.mark.parametrize(("firmware", "expected"), ARM64_BOOTLOADER_CASES)
def test_arm64_bootloader_should_correctly_default_secure_boot(firmware: dict | None, expected: dict) -> None:
    vmi = arm64_vmi(firmware)
    set_arm64_defaults(vmi["spec"])
    assert vmi["spec"]["domain"]["firmware"] == expected


@pytest.mark.parametrize(("firmware", "expected"), ARM64_BOOTLOADER_CASES)
def test_arm64_bootloader_through_set_default_virtual_machine_instance(firmware: dict | None, expected: dict) -> None:
    vmi = arm64_vmi(firmware)
    assert set_default_virtual_machine_instance(ClusterConfig(), vmi) is None
    firmware_after = dict(vmi["spec"]["domain"]["firmware"])
    assert firmware_after.pop("uuid")  # SetDefaults_Firmware ran first
    assert firmware_after == expected
