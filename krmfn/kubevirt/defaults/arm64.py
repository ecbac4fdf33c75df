"""The arm64 defaults of a VMI (``pkg/defaults/arm64.go`` ``SetArm64Defaults``:
``setDefaultArm64CPUModel``, ``setDefaultArm64Bootloader``, ``setDefaultArm64DisksBus``; ``IsARM64``;
at KubeVirt d923fdb8). Functions mutate the VMI spec in place."""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child, str_set
from krmfn.kubevirt.defaults.amd64 import set_default_disks_bus

CPU_MODE_HOST_PASSTHROUGH = "host-passthrough"
DISK_BUS_VIRTIO = "virtio"


def is_arm64(spec: dict) -> bool:
    """``IsARM64``."""
    return spec.get("architecture") == "arm64"


def set_default_arm64_cpu_model(spec: dict) -> None:
    """``setDefaultArm64CPUModel``: ``host-passthrough`` where no model is set."""
    cpu = child(child(spec, "domain"), "cpu")
    if not str_set(cpu.get("model")):
        cpu["model"] = CPU_MODE_HOST_PASSTHROUGH


def set_default_arm64_bootloader(spec: dict) -> None:
    """``setDefaultArm64Bootloader``: EFI boot without a bootloader; ``secureBoot: false`` on an EFI
    bootloader that leaves it unset."""
    domain = child(spec, "domain")
    firmware = domain.get("firmware")
    if not isinstance(firmware, dict) or not isinstance(firmware.get("bootloader"), dict):
        child(child(domain, "firmware"), "bootloader")["efi"] = {}
    efi = domain["firmware"]["bootloader"].get("efi")
    if isinstance(efi, dict) and efi.get("secureBoot") is None:
        efi["secureBoot"] = False


def set_arm64_defaults(spec: dict) -> None:
    """``SetArm64Defaults``."""
    set_default_arm64_cpu_model(spec)
    set_default_arm64_bootloader(spec)
    set_default_disks_bus(spec, DISK_BUS_VIRTIO)
