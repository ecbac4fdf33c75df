"""Unit tests of the architecture defaults: ``krmfn.kubevirt.defaults.amd64``, ``arm64`` and ``s390x``."""
from __future__ import annotations

from krmfn.kubevirt.defaults.amd64 import set_amd64_defaults
from krmfn.kubevirt.defaults.arm64 import set_arm64_defaults
from krmfn.kubevirt.defaults.s390x import set_s390x_default_features, set_s390x_defaults


def spec_with(devices: dict) -> dict:
    return {"domain": {"devices": devices}}


def test_amd64_sata_buses_and_i6300esb_watchdog() -> None:
    spec = spec_with({"disks": [{"name": "a", "disk": {}}, {"name": "b", "lun": {"bus": "scsi"}},
                                {"name": "c", "cdrom": {}}], "watchdog": {"name": "w"}})
    set_amd64_defaults(spec)
    assert spec == spec_with({"disks": [{"name": "a", "disk": {"bus": "sata"}}, {"name": "b", "lun": {"bus": "scsi"}},
                                        {"name": "c", "cdrom": {"bus": "sata"}}],
                              "watchdog": {"name": "w", "i6300esb": {"action": "reset"}}})


def test_s390x_virtio_buses_and_diag288_watchdog() -> None:
    spec = spec_with({"disks": [{"name": "a", "disk": {}}],
                      "watchdog": {"name": "w", "diag288": {"action": "poweroff"}}})
    set_s390x_defaults(spec)
    assert spec == spec_with({"disks": [{"name": "a", "disk": {"bus": "virtio"}}],
                              "watchdog": {"name": "w", "diag288": {"action": "poweroff"}}})


def test_s390x_acpi_disabled_unless_set() -> None:
    spec: dict = {"domain": {}}
    set_s390x_default_features(spec)
    assert spec == {"domain": {"features": {"acpi": {"enabled": False}}}}
    spec = {"domain": {"features": {"acpi": {"enabled": True}}}}
    set_s390x_default_features(spec)
    assert spec == {"domain": {"features": {"acpi": {"enabled": True}}}}


def test_arm64_defaults() -> None:
    spec: dict = {"domain": {"cpu": {"model": "custom"}, "devices": {"disks": [{"name": "a", "disk": {}}]}}}
    set_arm64_defaults(spec)
    assert spec == {"domain": {"cpu": {"model": "custom"},
                               "devices": {"disks": [{"name": "a", "disk": {"bus": "virtio"}}]},
                               "firmware": {"bootloader": {"efi": {"secureBoot": False}}}}}
