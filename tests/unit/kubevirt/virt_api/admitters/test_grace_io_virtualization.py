"""validateGraceIOVirtualization and validateGraceIOVirtualizationAnnotations."""
from __future__ import annotations


import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.grace_io_virtualization import (
    is_ambiguous_nvidia_selector,
    is_nvidia_grace_selector,
    normalize_pci_id,
    validate_grace_io_virtualization,
    validate_grace_io_virtualization_annotations,
)
from krmfn.model.record import replace

FIELD = "spec.template.spec"
PERMITTED = {"pciHostDevices": [
    {"pciVendorSelector": "10DE:2342", "resourceName": "nvidia.com/GH100"},
    {"pciVendorSelector": "10de:*", "resourceName": "nvidia.com/any"},
    {"pciVendorSelector": "8086:1234", "resourceName": "intel.com/nic"},
    {"pciVendorSelector": "", "resourceName": "nvidia.com/empty"},
]}
GRACE_ON = ClusterConfig(feature_gates=("GraceIOVirtualization",))
ALL_GATES = ClusterConfig(feature_gates=("GraceIOVirtualization", "PCINUMAAwareTopology", "IOMMUFD"))
GRACE_READY_SPEC = {"architecture": "arm64",
                    "domain": {"machine": {"type": "virt-9.0"}, "cpu": {"dedicatedCpuPlacement": True},
                               "devices": {"hostDevices": [{"name": "h", "deviceName": "nvidia.com/GH100"}]}}}


def permitted(config: ClusterConfig) -> ClusterConfig:
    """``config`` with the permitted host devices of these tests (option ``permittedHostDevices``)."""
    return replace(config, permitted_host_devices=PERMITTED)


def _pairs(causes: list) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in causes]


def _spec(gpus: list | None = None, host_devices: list | None = None, **extra: object) -> dict:
    return {"domain": {"devices": {"gpus": gpus or [], "hostDevices": host_devices or []}}, **extra}


@pytest.mark.parametrize("pci_id, normalized", [(" 0x10de ", "10DE"), ("2342", "2342"), ("*", "*")])
def test_normalize_pci_id(pci_id: str, normalized: str) -> None:
    assert normalize_pci_id(pci_id) == normalized


@pytest.mark.parametrize("selector, grace, ambiguous", [
    ("10DE:2342", True, False), ("0x10de:0x2348", True, False), ("10DE:2941", True, False),
    ("10DE:2330", False, False), ("10DE:*", False, True), ("8086:*", False, False),
    ("10DE", False, False), ("10DE:2342:1", False, False), ("10DEX:2342", False, False), ("10DE:23G2", False, False),
])
def test_selectors(selector: str, grace: bool, ambiguous: bool) -> None:
    assert (is_nvidia_grace_selector(selector), is_ambiguous_nvidia_selector(selector)) == (grace, ambiguous)


def test_nothing_without_permitted_host_devices() -> None:
    """KubeVirt's default configuration permits no host devices: no Grace request exists."""
    spec = _spec(host_devices=[{"name": "h", "deviceName": "nvidia.com/GH100"}])
    assert validate_grace_io_virtualization(FIELD, spec, ClusterConfig()) == []
    metadata = {"annotations": {"kubevirt.io/disablePCIHole64": "true"}}
    assert validate_grace_io_virtualization_annotations("spec.template.metadata", spec, metadata, ClusterConfig()) == []


def test_grace_devices_need_the_gate() -> None:
    spec = _spec(gpus=[{"name": "g", "deviceName": "nvidia.com/GH100"}, {"name": "n", "deviceName": "intel.com/nic"}],
                 host_devices=[{"name": "a", "deviceName": "nvidia.com/any"},
                               {"name": "h", "deviceName": "nvidia.com/GH100"}])
    message = ('GraceIOVirtualization feature gate must be enabled for NVIDIA Grace GPU passthrough resource '
               '"nvidia.com/GH100"')
    assert _pairs(validate_grace_io_virtualization(FIELD, spec, permitted(ClusterConfig()))) == [
        ("spec.template.spec.domain.devices.gpus[0].deviceName", message),
        ("spec.template.spec.domain.devices.hostDevices[1].deviceName", message),
    ]


def test_ambiguous_selectors_only_with_the_gate() -> None:
    spec = _spec(host_devices=[{"name": "a", "deviceName": "nvidia.com/any"}])
    assert validate_grace_io_virtualization(FIELD, spec, permitted(ClusterConfig())) == []
    assert _pairs(validate_grace_io_virtualization(FIELD, spec, permitted(GRACE_ON))) == [(
        "spec.template.spec.domain.devices.hostDevices[0].deviceName",
        'GraceIOVirtualization requires an exact pciVendorSelector for NVIDIA PCI host device resource '
        '"nvidia.com/any"')]


def test_grace_requirements() -> None:
    spec = _spec(gpus=[{"name": "a", "deviceName": "nvidia.com/any"}, {"name": "g", "deviceName": "nvidia.com/GH100"}],
                 architecture="amd64")
    assert _pairs(validate_grace_io_virtualization(FIELD, spec, permitted(GRACE_ON))) == [
        ("spec.template.spec.domain.devices.gpus[0].deviceName",
         'GraceIOVirtualization requires an exact pciVendorSelector for NVIDIA PCI host device resource '
         '"nvidia.com/any"'),
        ("spec.template.spec.architecture", "GraceIOVirtualization requires arm64 architecture"),
        ("spec.template.spec.domain.machine.type", 'GraceIOVirtualization requires "virt" machine type'),
        ("spec.template.spec.domain.cpu.dedicatedCpuPlacement",
         "GraceIOVirtualization requires dedicated CPU placement"),
        ("spec.template.spec.domain.devices",
         "PCINUMAAwareTopology feature gate must be enabled when GraceIOVirtualization is used"),
        ("spec.template.spec.domain.devices",
         "IOMMUFD feature gate must be enabled when GraceIOVirtualization is used"),
    ]


def test_grace_requirements_met() -> None:
    assert validate_grace_io_virtualization(FIELD, GRACE_READY_SPEC, permitted(ALL_GATES)) == []


def test_grace_defaults_come_from_the_cluster() -> None:
    """Without an architecture or machine type, the cluster's default ones count."""
    spec = _spec(host_devices=[{"name": "h", "deviceName": "nvidia.com/GH100"}])
    spec["domain"]["cpu"] = {"dedicatedCpuPlacement": True}
    arm_cluster = ClusterConfig(default_architecture="arm64", feature_gates=ALL_GATES.feature_gates)
    assert validate_grace_io_virtualization(FIELD, spec, permitted(arm_cluster)) == []


@pytest.mark.parametrize("annotations, expected", [
    ({}, []),
    ({"kubevirt.io/placePCIDevicesOnRootComplex": "false", "kubevirt.io/disablePCIHole64": "True"}, []),
    ({"kubevirt.io/placePCIDevicesOnRootComplex": "true", "kubevirt.io/disablePCIHole64": "true"}, [
        ("spec.template.metadata.annotations[kubevirt.io/placePCIDevicesOnRootComplex]",
         "GraceIOVirtualization is not compatible with placing PCI devices on the root complex"),
        ("spec.template.metadata.annotations[kubevirt.io/disablePCIHole64]",
         "GraceIOVirtualization requires the 64-bit PCI hole"),
    ]),
])
def test_annotations(annotations: dict, expected: list) -> None:
    causes = validate_grace_io_virtualization_annotations(
        "spec.template.metadata", GRACE_READY_SPEC, {"annotations": annotations}, permitted(ClusterConfig()))
    assert _pairs(causes) == expected


def test_the_chain_admits_grace_like_devices_under_the_default_configuration() -> None:
    """The chain runs both checks with KubeVirt's default (no permitted host devices): the
    annotations do not matter, only the HostDevices gate does."""
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {
              "metadata": {"annotations": {"kubevirt.io/disablePCIHole64": "true"}},
              "spec": {"domain": {"devices": {"hostDevices": [{"name": "h", "deviceName": "nvidia.com/GH100"}]}}}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None
    assert _pairs(verdict.causes) == [
        ("spec.template.spec.HostDevices", "Host Devices feature gate is not enabled in kubevirt-config")]
