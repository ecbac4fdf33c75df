"""Tests for krmfn.kubevirt.instancetype.preference.apply.disk (KubeVirt apply/disk.go;
docs/kubevirt/preference-apply.md#devices step 10)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.apply.devices import apply_device_preferences

_E34_PREFERENCE = {
    "preferredDiskBus": "virtio",
    "preferredCdromBus": "scsi",
    "preferredLunBus": "sata",
    "preferredDiskCache": "writethrough",
    "preferredDiskIO": "native",
    "preferredDiskBlockSize": {"custom": {"logical": 4096, "physical": 4096}},
    "preferredDiskDedicatedIoThread": True,
}


def _disks_after(pf_devices: dict, disks: list[dict]) -> list[dict]:
    t = {"domain": {"devices": {"disks": disks}}}
    apply_device_preferences({"devices": pf_devices}, t)
    return t["domain"]["devices"]["disks"]


def test_should_apply_to_vmi_e34() -> None:
    disks = _disks_after(
        _E34_PREFERENCE,
        [
            {"name": "a", "cache": "writeback", "io": "native",
             "blockSize": {"custom": {"logical": 512, "physical": 512}}, "disk": {"bus": "scsi"}},
            {"name": "b", "disk": {}},
            {"name": "c", "cdrom": {"bus": "sata"}},
            {"name": "d", "cdrom": {}},
            {"name": "e", "lun": {}},
            {"name": "f"},
        ],
    )
    preferred_disk = {
        "disk": {"bus": "virtio"},
        "cache": "writethrough",
        "io": "native",
        "blockSize": {"custom": {"logical": 4096, "physical": 4096}},
        "dedicatedIOThread": True,
    }
    assert disks == [
        {"name": "a", "cache": "writeback", "io": "native",
         "blockSize": {"custom": {"logical": 512, "physical": 512}}, "disk": {"bus": "scsi"}},
        {"name": "b", **preferred_disk},
        {"name": "c", "cdrom": {"bus": "sata"}},
        {"name": "d", "cdrom": {"bus": "scsi"}},
        {"name": "e", "lun": {"bus": "sata"}},
        {"name": "f", **preferred_disk},
    ]


def test_should_apply_when_a_vmi_disk_doesnt_have_a_disk_device_target_defined() -> None:
    assert _disks_after({"preferredDiskBus": "virtio"}, [{"name": "a"}]) == [
        {"name": "a", "disk": {"bus": "virtio"}}
    ]


def test_empty_devices_preference_still_creates_the_disk_target() -> None:
    assert _disks_after({}, [{"name": "a"}, {"name": "b", "disk": None}]) == [
        {"name": "a", "disk": {}},
        {"name": "b", "disk": {}},
    ]


def test_should_ignore_preference_when_a_vmi_disk_has_a_disk_device_defined() -> None:
    disks = _disks_after(_E34_PREFERENCE | {"preferredDiskBus": "sata"},
                         [{"name": "a", "disk": {"bus": "virtio"}, "cache": "none", "io": "threads"}])
    assert disks == [{
        "name": "a", "disk": {"bus": "virtio"}, "cache": "none", "io": "threads",
        "blockSize": {"custom": {"logical": 4096, "physical": 4096}}, "dedicatedIOThread": True,
    }]


def test_cdroms_get_only_the_bus() -> None:
    disks = _disks_after(_E34_PREFERENCE, [{"name": "c", "cdrom": {}}])
    assert disks == [{"name": "c", "cdrom": {"bus": "scsi"}}]


def test_luns_get_only_the_bus() -> None:
    disks = _disks_after(_E34_PREFERENCE, [{"name": "l", "lun": {"readonly": True}}])
    assert disks == [{"name": "l", "lun": {"readonly": True, "bus": "sata"}}]


def test_block_size_copy_is_independent_of_the_preference() -> None:
    pf = {"preferredDiskBlockSize": {"matchVolume": {"enabled": True}}}
    disks = _disks_after(pf, [{"name": "a"}])
    disks[0]["blockSize"]["matchVolume"]["enabled"] = False
    assert pf == {"preferredDiskBlockSize": {"matchVolume": {"enabled": True}}}


def test_cache_and_io_without_bus() -> None:
    disks = _disks_after({"preferredDiskCache": "none", "preferredDiskIO": "threads"}, [{"name": "a", "disk": {}}])
    assert disks == [{"name": "a", "disk": {}, "cache": "none", "io": "threads"}]


class TestPreferredDiskDedicatedIoThread:
    @pytest.mark.parametrize("pf", [{}, {"preferredDiskDedicatedIoThread": None}], ids=["unset", "null"])
    def test_should_be_ignored_when_unset(self, pf: dict) -> None:
        assert _disks_after(pf | {"preferredDiskBus": "virtio"}, [{"name": "a"}]) == [
            {"name": "a", "disk": {"bus": "virtio"}}
        ]

    def test_false_is_applied_to_virtio_disks(self) -> None:
        disks = _disks_after({"preferredDiskBus": "virtio", "preferredDiskDedicatedIoThread": False}, [{"name": "a"}])
        assert disks == [{"name": "a", "disk": {"bus": "virtio"}, "dedicatedIOThread": False}]

    def test_should_only_apply_to_virtio_disk_devices(self) -> None:
        disks = _disks_after(
            {"preferredDiskDedicatedIoThread": True},
            [{"name": "virtio", "disk": {"bus": "virtio"}}, {"name": "sata", "disk": {"bus": "sata"}}],
        )
        assert disks == [
            {"name": "virtio", "disk": {"bus": "virtio"}, "dedicatedIOThread": True},
            {"name": "sata", "disk": {"bus": "sata"}},
        ]

    def test_disk_without_bus_and_without_preferred_bus_does_not_qualify(self) -> None:
        disks = _disks_after({"preferredDiskDedicatedIoThread": True}, [{"name": "a"}])
        assert disks == [{"name": "a", "disk": {}}]

    def test_keeps_the_vm_value(self) -> None:
        disks = _disks_after(
            {"preferredDiskDedicatedIoThread": True},
            [{"name": "a", "disk": {"bus": "virtio"}, "dedicatedIOThread": False}],
        )
        assert disks == [{"name": "a", "disk": {"bus": "virtio"}, "dedicatedIOThread": False}]
