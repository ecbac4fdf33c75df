"""validateVirtualMachineInstanceSpecVolumeDisks: memory dumps, disks or filesystems, v1.7."""
from __future__ import annotations

from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.volume_disks import (
    validate_virtual_machine_instance_spec_volume_disks,
)
from krmfn.model.kubevirt_version import V1_7, V1_8


def _fields(spec: dict, **kwargs: object) -> list[str]:
    return [cause.field for cause in
            validate_virtual_machine_instance_spec_volume_disks("spec", spec, **kwargs)]  # type: ignore[arg-type]


def test_memory_dump_needs_no_disk_and_each_volume_is_reported() -> None:
    spec = {"volumes": [{"name": "dump", "memoryDump": {}}, {"name": "a"}, {"name": "b"}, {"name": "fs"}],
            "domain": {"devices": {"disks": [{"name": "b"}], "filesystems": [{"name": "fs"}]}}}
    assert _fields(spec) == ["spec.domain.volumes[1].name"]


def test_no_volumes() -> None:
    assert _fields({}) == []
    assert _fields({"domain": {"devices": {"disks": [{"name": "orphan"}]}}}) == []


def test_container_path_rules_only_since_v1_8() -> None:
    spec = {"volumes": [{"name": "cp", "containerPath": {"path": "/var/run/libvirt/x"}}],
            "domain": {"devices": {"disks": [{"name": "cp"}]}}}
    assert _fields(spec, version=V1_8) == ["spec.domain.volumes[0]", "spec.domain.volumes[0]",
                                           "spec.domain.volumes[0].containerPath.path"]
    assert _fields(spec, version=V1_7) == []
    assert _fields({"volumes": [{"name": "cp", "containerPath": {}}]}, version=V1_7) == ["spec.domain.volumes[0].name"]


def test_one_reserved_prefix_at_most() -> None:
    spec = {"volumes": [{"name": "cp", "containerPath": {"path": "/var/run/kubevirt/var/run/libvirt"}}],
            "domain": {"devices": {"filesystems": [{"name": "cp"}]}}}
    assert _fields(spec) == ["spec.domain.volumes[0].containerPath.path"]
