"""The arm64 settings of the VMI validating webhook.

Mirrors ``ValidateVirtualMachineInstanceArm64Setting`` of ``pkg/virt-api/webhooks/arm64.go``
(d923fdb8), its checks in order: ``validateBootOptions`` (no BIOS), ``validateCPUModel`` (only
``host-passthrough``, or no model), ``validateDiskBus`` (disk, cdrom and lun buses virtio or scsi),
``validateWatchdog`` and ``validateSoundDevice`` (neither allowed), ``validateVideoTypeArm64``
(virtio, ramfb).

In v1.7 ``validateBootOptions`` also rejects UEFI secure boot (an EFI bootloader whose
``secureBoot`` is unset or true, at ``...bootloader.efi.secureboot``); KubeVirt dropped that in
v1.8 (PR #16915, 4fca3e6e75 on release-1.8, "webhooks: Drop SecureBoot validation for arm64"):
``KubevirtVersion.rejects_arm64_secure_boot``.
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, devices, dicts, domain
from krmfn.kubevirt.virt_api.amd64 import validate_video_type
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion

CPU_MODE_HOST_PASSTHROUGH = "host-passthrough"
SUPPORTED_DISK_BUSES = ("", "virtio", "scsi")
DISK_TARGETS = ("disk", "cdrom", "lun")
VALID_VIDEO_TYPES = ("virtio", "ramfb")

BIOS_NOT_SUPPORTED = "Arm64 does not support bios boot, please change to uefi boot"
SECURE_BOOT_NOT_SUPPORTED = "UEFI secure boot is currently not supported on aarch64 Arch"
CPU_MODEL_NOT_SUPPORTED = "currently, host-passthrough is the only model supported on Arm64"
DISK_BUS_NOT_SUPPORTED = "Arm64 not support this disk bus type, please use virtio or scsi"
WATCHDOG_NOT_SUPPORTED = "Arm64 not support Watchdog device"
SOUND_NOT_SUPPORTED = "Arm64 not support sound device"
VIDEO_NOT_SUPPORTED_FMT = "video model '%s' is not supported on arm64 architecture"


def validate_virtual_machine_instance_arm64_setting(field: str, spec: dict,
                                                    version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> list[Cause]:
    """``ValidateVirtualMachineInstanceArm64Setting`` on the spec at ``field``."""
    return (validate_boot_options(field, spec, version) + validate_cpu_model(field, spec)
            + validate_disk_bus(field, spec) + _unsupported(field, spec, "watchdog", WATCHDOG_NOT_SUPPORTED)
            + _unsupported(field, spec, "sound", SOUND_NOT_SUPPORTED)
            + validate_video_type(field, spec, VALID_VIDEO_TYPES, VIDEO_NOT_SUPPORTED_FMT))


def validate_boot_options(field: str, spec: dict, version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> list[Cause]:
    """``validateBootOptions``: no BIOS bootloader (and, in v1.7, no secure boot)."""
    firmware = domain(spec).get("firmware")
    bootloader = firmware.get("bootloader") if isinstance(firmware, dict) else None
    if not isinstance(bootloader, dict):
        return []
    path = f"{field}.domain.firmware.bootloader"
    causes = []
    if bootloader.get("bios") is not None:
        causes.append(Cause(f"{path}.bios", BIOS_NOT_SUPPORTED, CAUSE_FIELD_VALUE_NOT_SUPPORTED))
    efi = bootloader.get("efi")
    if version.rejects_arm64_secure_boot and efi is not None and as_dict(efi).get("secureBoot") in (None, True):
        causes.append(Cause(f"{path}.efi.secureboot", SECURE_BOOT_NOT_SUPPORTED, CAUSE_FIELD_VALUE_NOT_SUPPORTED))
    return causes


def validate_cpu_model(field: str, spec: dict) -> list[Cause]:
    """``validateCPUModel``: a CPU model other than ``host-passthrough``."""
    cpu = domain(spec).get("cpu")
    model = as_str(cpu.get("model")) if isinstance(cpu, dict) else ""
    if model in ("", CPU_MODE_HOST_PASSTHROUGH):
        return []
    return [Cause(f"{field}.domain.cpu.model", CPU_MODEL_NOT_SUPPORTED, CAUSE_FIELD_VALUE_NOT_SUPPORTED)]


def validate_disk_bus(field: str, spec: dict) -> list[Cause]:
    """``validateDiskBus``: each disk's disk, cdrom and lun target, in that order."""
    causes = []
    for index, disk in enumerate(dicts(devices(spec).get("disks"))):
        for target in DISK_TARGETS:
            device = disk.get(target)
            if device is not None and as_str(as_dict(device).get("bus")) not in SUPPORTED_DISK_BUSES:
                causes.append(Cause(f"{field}.domain.devices.disks[{index}].{target}.bus", DISK_BUS_NOT_SUPPORTED,
                                    CAUSE_FIELD_VALUE_NOT_SUPPORTED))
    return causes


def _unsupported(field: str, spec: dict, device: str, message: str) -> list[Cause]:
    """``validateWatchdog`` / ``validateSoundDevice``: the device is set at all."""
    if devices(spec).get(device) is None:
        return []
    return [Cause(f"{field}.domain.devices.{device}", message, CAUSE_FIELD_VALUE_NOT_SUPPORTED)]
