"""Disk preferences (docs/kubevirt/preference-apply.md#devices step 10).

Mirrors `applyDiskPreferences` in KubeVirt's pkg/instancetype/preference/apply/disk.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import ptr_set, str_set
from krmfn.kubevirt.instancetype.preference.apply._tree import deep_copy

_VIRTIO_BUS = "virtio"


def apply_disk_preferences(pf_devices: dict, devices: dict) -> None:
    """Apply the disk, cdrom and lun preferences to every disk of T.domain.devices, in order."""
    disks = devices.get("disks")
    if not isinstance(disks, list):
        return
    for disk in disks:
        if isinstance(disk, dict):
            _apply_to_disk(pf_devices, disk)


def _apply_to_disk(pf_devices: dict, disk: dict) -> None:
    # A disk without any target becomes a `disk: {}` target whenever PF.devices is present, even
    # if the preference has no disk field at all (docs/kubevirt/preference-apply.md#devices disk rule 1).
    if not any(ptr_set(disk.get(target)) for target in ("disk", "cdrom", "lun")):
        disk["disk"] = {}
    if ptr_set(disk.get("disk")):
        _apply_disk_target(pf_devices, disk)
    elif ptr_set(disk.get("cdrom")):
        _fill_bus(disk["cdrom"], pf_devices.get("preferredCdromBus"))
    elif ptr_set(disk.get("lun")):
        _fill_bus(disk["lun"], pf_devices.get("preferredLunBus"))


def _apply_disk_target(pf_devices: dict, disk: dict) -> None:
    target = disk["disk"] if isinstance(disk["disk"], dict) else {}
    _fill_bus(target, pf_devices.get("preferredDiskBus"))
    block_size = pf_devices.get("preferredDiskBlockSize")
    if ptr_set(block_size) and not ptr_set(disk.get("blockSize")):
        disk["blockSize"] = deep_copy(block_size)
    _fill_string(disk, "cache", pf_devices.get("preferredDiskCache"))
    _fill_string(disk, "io", pf_devices.get("preferredDiskIO"))
    # Only a disk whose bus is virtio *after* the bus step qualifies; an unset bus does not, even
    # though virtio is the eventual VMI default.
    io_thread = pf_devices.get("preferredDiskDedicatedIoThread")
    if (
        ptr_set(io_thread)
        and not ptr_set(disk.get("dedicatedIOThread"))
        and target.get("bus") == _VIRTIO_BUS
    ):
        disk["dedicatedIOThread"] = io_thread


def _fill_bus(target: object, bus: object) -> None:
    _fill_string(target, "bus", bus)


def _fill_string(target: object, key: str, value: object) -> None:
    if isinstance(target, dict) and str_set(value) and not str_set(target.get(key)):
        target[key] = value
