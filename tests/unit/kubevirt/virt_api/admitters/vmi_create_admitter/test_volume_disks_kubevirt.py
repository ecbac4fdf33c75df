"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter_test.go``
(d923fdb8) for ``validateVirtualMachineInstanceSpecVolumeDisks``, ported: "should reject volume with
missing disk / file system" and the containerPath cases of "with volume", on
``api.NewMinimalVMI("testvmi")`` with the case's disks, filesystems and volumes, on the path
``fake``. Where the Go test checks the count, a field or a substring of the messages, the whole
causes are compared.

Not ported: the other cases of "with volume" test ``validateVolumes`` (``test_volumes.py``).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.volume_disks import (
    validate_virtual_machine_instance_spec_volume_disks,
)

CONTAINER_PATH_VOLUME = {"name": "testcontainerpath", "containerPath": {"path": "/var/run/secrets/test"}}
VIRTIOFS = {"name": "testcontainerpath", "virtiofs": {}}
NO_FILESYSTEM = Cause("fake.domain.volumes[0]", "ContainerPath volume 'testcontainerpath' must have a matching "
                      "filesystem defined in spec.domain.devices.filesystems", CAUSE_FIELD_VALUE_INVALID)


def minimal_vmi_spec(volumes: list, **devices: object) -> dict:
    return {"domain": {"resources": {"requests": {"memory": "8192Ki"}}, "devices": devices}, "volumes": volumes}


def _causes(spec: dict) -> list[Cause]:
    return validate_virtual_machine_instance_spec_volume_disks("fake", spec)


def test_should_reject_volume_with_missing_disk_file_system() -> None:
    spec = minimal_vmi_spec([{"name": "testvolume", "cloudInitNoCloud": {"userData": " "}}])
    assert _causes(spec) == [Cause("fake.domain.volumes[0].name", "fake.domain.volumes[0].name 'testvolume' not found.",
                                   CAUSE_FIELD_VALUE_INVALID)]


def test_should_accept_containerpath_volume_with_matching_filesystem() -> None:
    assert _causes(minimal_vmi_spec([CONTAINER_PATH_VOLUME], filesystems=[VIRTIOFS])) == []


def test_should_reject_containerpath_volume_mapped_to_a_disk() -> None:
    spec = minimal_vmi_spec([CONTAINER_PATH_VOLUME], disks=[{"name": "testcontainerpath"}])
    assert _causes(spec) == [Cause("fake.domain.volumes[0]", "ContainerPath volume 'testcontainerpath' must be mapped "
                                   "to a filesystem, not a disk", CAUSE_FIELD_VALUE_INVALID), NO_FILESYSTEM]


def test_should_reject_containerpath_volume_without_matching_filesystem() -> None:
    assert _causes(minimal_vmi_spec([CONTAINER_PATH_VOLUME])) == [
        Cause("fake.domain.volumes[0].name", "fake.domain.volumes[0].name 'testcontainerpath' not found.",
              CAUSE_FIELD_VALUE_INVALID), NO_FILESYSTEM]


@pytest.mark.parametrize("path, prefix", [
    pytest.param("/var/run/kubevirt/something", "/var/run/kubevirt", id="kubevirt path"),
    pytest.param("/var/run/kubevirt-private/secret", "/var/run/kubevirt", id="kubevirt-private path"),
    pytest.param("/var/run/libvirt/socket", "/var/run/libvirt", id="libvirt path"),
])
def test_should_reject_containerpath_volume_with_reserved_path_prefix(path: str, prefix: str) -> None:
    spec = minimal_vmi_spec([{"name": "testcontainerpath", "containerPath": {"path": path}}], filesystems=[VIRTIOFS])
    message = f"ContainerPath volume 'testcontainerpath' uses reserved path prefix '{prefix}'"
    assert _causes(spec) == [Cause("fake.domain.volumes[0].containerPath.path", message, CAUSE_FIELD_VALUE_INVALID)]
