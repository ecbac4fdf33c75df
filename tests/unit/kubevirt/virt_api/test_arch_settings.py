"""The per-architecture settings (amd64.py, s390x.py, arm64.py): video types, watchdogs, disk buses,
the order of the arm64 checks and v1.7's arm64 secure boot rule."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.amd64 import validate_virtual_machine_instance_amd64_setting
from krmfn.kubevirt.virt_api.arm64 import (
    DISK_BUS_NOT_SUPPORTED,
    SECURE_BOOT_NOT_SUPPORTED,
    validate_virtual_machine_instance_arm64_setting,
)
from krmfn.kubevirt.virt_api.s390x import validate_virtual_machine_instance_s390x_setting
from krmfn.model.kubevirt_version import V1_7, V1_8

WATCHDOG_BOTH = {"name": "w", "i6300esb": {}, "diag288": {}}


def _devices(**devices: object) -> dict:
    return {"domain": {"devices": devices}}


def test_a_watchdog_with_both_models_is_rejected_everywhere() -> None:
    spec = _devices(watchdog=WATCHDOG_BOTH)
    assert [c.message for c in validate_virtual_machine_instance_amd64_setting("spec", spec)] == [
        "amd64 only supports I6300ESB watchdog device"]
    assert [c.message for c in validate_virtual_machine_instance_s390x_setting("spec", spec)] == [
        "s390x only supports Diag288 watchdog device"]
    # an empty watchdog names no model: not only i6300esb
    assert len(validate_virtual_machine_instance_amd64_setting("spec", _devices(watchdog={"name": "w"}))) == 1


def test_a_video_device_without_type_is_rejected() -> None:
    assert validate_virtual_machine_instance_amd64_setting("spec", _devices(video={})) == [
        Cause("spec.domain.devices.video.type", "video model '' is not supported on amd64 architecture",
              CAUSE_FIELD_VALUE_NOT_SUPPORTED)]
    assert validate_virtual_machine_instance_amd64_setting("spec", _devices(video=None)) == []


def test_watchdog_then_video() -> None:
    spec = _devices(watchdog={"name": "w", "i6300esb": {}}, video={"type": "vga"})
    assert [c.field for c in validate_virtual_machine_instance_s390x_setting("spec", spec)] == [
        "spec.domain.devices.watchdog", "spec.domain.devices.video.type"]


@pytest.mark.parametrize("bus, rejected", [("", False), ("virtio", False), ("scsi", False), ("sata", True),
                                           ("usb", True)])
def test_arm64_disk_buses(bus: str, rejected: bool) -> None:
    spec = _devices(disks=[{"name": "a", "disk": {"bus": bus}, "cdrom": {"bus": bus}, "lun": {"bus": bus}}])
    fields = [c.field for c in validate_virtual_machine_instance_arm64_setting("spec", spec)]
    assert fields == ([f"spec.domain.devices.disks[0].{target}.bus" for target in ("disk", "cdrom", "lun")]
                      if rejected else [])


def test_arm64_check_order() -> None:
    spec = {"domain": {"firmware": {"bootloader": {"bios": {}}}, "cpu": {"model": "host-model"},
                       "devices": {"disks": [{"name": "a", "disk": {"bus": "sata"}}], "watchdog": {"name": "w"},
                                   "sound": {"name": "s"}, "video": {"type": "vga"}}}}
    assert [c.field for c in validate_virtual_machine_instance_arm64_setting("spec", spec)] == [
        "spec.domain.firmware.bootloader.bios", "spec.domain.cpu.model", "spec.domain.devices.disks[0].disk.bus",
        "spec.domain.devices.watchdog", "spec.domain.devices.sound", "spec.domain.devices.video.type"]
    assert DISK_BUS_NOT_SUPPORTED in [c.message for c in validate_virtual_machine_instance_arm64_setting("s", spec)]


@pytest.mark.parametrize("efi, rejected", [({}, True), ({"secureBoot": True}, True), ({"secureBoot": False}, False)])
def test_arm64_secure_boot_only_in_v1_7(efi: dict, rejected: bool) -> None:
    spec = {"domain": {"firmware": {"bootloader": {"efi": efi}}}}
    assert validate_virtual_machine_instance_arm64_setting("spec", spec, V1_8) == []
    expected = [Cause("spec.domain.firmware.bootloader.efi.secureboot", SECURE_BOOT_NOT_SUPPORTED,
                      CAUSE_FIELD_VALUE_NOT_SUPPORTED)] if rejected else []
    assert validate_virtual_machine_instance_arm64_setting("spec", spec, V1_7) == expected
