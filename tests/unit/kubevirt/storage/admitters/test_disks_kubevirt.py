"""Cases of KubeVirt's ``pkg/storage/admitters/disks_test.go`` (d923fdb8), ported: ``ValidateDisks``
(``validate_disks``) on the disks of ``api.NewMinimalVMI`` (none) plus the case's, on the path
``fake`` (``disks`` in one case).

Where the Go test checks the number of causes and their fields, the whole causes are compared (their
messages and types are those ``disks.go`` gives them).

Not ported: nothing.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.storage.admitters.disks import validate_disks
from krmfn.kubevirt.util.webhooks import Cause

ODD = "fake.domain.devices.disks"  # ``field.Child("domain", "devices", "disks")`` of the disks path


def invalid(field: str, message: str) -> Cause:
    return Cause(field, message, "FieldValueInvalid")


def disk(name: str = "testdisk", **fields: object) -> dict:
    return {"name": name, **fields}


@pytest.mark.parametrize("target", [
    pytest.param("disk", id="should accept valid disks with Disk target"),
    pytest.param("lun", id="should accept valid disks with LUN target"),
    pytest.param("cdrom", id="should accept valid disks with CDRom target"),
])
def test_should_accept_valid_disks(target: str) -> None:
    assert validate_disks("fake", [disk(**{target: {}})]) == []


CASES = [
    pytest.param([disk()], [], id="should allow disk without a target"),
    pytest.param([disk(disk={}), disk(disk={})],
                 [invalid("fake[1].name", "fake[1] and fake[0] must not have the same Name.")],
                 id="should reject disks with duplicate names"),
    pytest.param([disk(disk={"bus": "scsi", "pciAddress": "0000:04:10.0"})],
                 [invalid(f"{ODD}.disk[0].pciAddress",
                          f"disk {ODD}.disk[0].name - setting a PCI address is only possible with bus type virtio.")],
                 id="should reject disks with PCI address on a non-virtio bus"),
    pytest.param([disk(disk={"bus": "virtio", "pciAddress": "0000:81:100.a"})],
                 [invalid(f"{ODD}.disk[0].pciAddress",
                          f"disk {ODD}.disk[0].name has malformed PCI address (0000:81:100.a).")],
                 id="should reject disks malformed PCI addresses"),
    pytest.param([disk(disk={}, cdrom={})], [invalid("fake[0]", "fake[0] can only have a single target type defined")],
                 id="should reject disk with multiple targets"),
    pytest.param([disk(bootOrder=1, disk={})], [], id="should accept a boot order greater than '0'"),
    pytest.param([disk(bootOrder=0, disk={})],
                 [invalid("fake[0].bootOrder", "fake[0] must have a boot order > 0, if supplied")],
                 id="should reject a disk with a boot order of '0'"),
    pytest.param([disk("testdisk1", disk={"bus": "virtio"}), disk("testdisk2", lun={"bus": "sata"}),
                  disk("testdisk3", cdrom={"bus": "scsi"}), disk("testdisk4", disk={"bus": "usb"}),
                  disk("testdisk5", disk={})], [],
                 id="should accept disks with supported or unspecified buses"),
    pytest.param([disk("testdisk1", disk={"bus": "ide"}), disk("testdisk2", lun={"bus": "unsupported"})],
                 [invalid("fake[0].disk.bus", "IDE bus is not supported"),
                  invalid("fake[1].lun.bus",
                          "fake[1] is set with an unrecognized bus unsupported, must be one of: "
                          "[virtio scsi sata usb]")],
                 id="should reject disks with unsupported buses"),
    pytest.param([disk("testdisk1", io="native"), disk("testdisk2", io="unsupported")],
                 [Cause(f"{ODD}[1].io", "Disk IO mode for fake is not supported. Supported modes are: native, threads.",
                        "FieldValueNotSupported")],
                 id="should reject disks with unsupported I/O modes"),
    pytest.param([disk(cache="unspported", disk={})],
                 [invalid("fake[0].cache", "fake[0].cache has invalid value unspported")],
                 id="should reject disk with invalid cache mode"),
    pytest.param([disk("testdisk2", bootOrder=1, serial="$$$$", disk={})],
                 [invalid("fake[0].serial",
                          "fake[0] must be made up of the following characters [A-Za-z0-9_.+-], if specified")],
                 id="should reject invalid SN characters"),
    pytest.param([disk("testdisk2", bootOrder=1, serial="1" * 257, disk={})],
                 [invalid("fake[0].serial", "fake[0] must be less than or equal to 256 in length, if specified")],
                 id="should reject SN > maxStrLen characters"),
    pytest.param([disk("testdisk2", bootOrder=1, serial="SN-1_a", disk={})], [], id="should accept valid SN"),
]


@pytest.mark.parametrize(("disks", "expected"), CASES)
def test_validate_disks(disks: list[dict], expected: list[Cause]) -> None:
    assert validate_disks("fake", disks) == expected


@pytest.mark.parametrize(("disks", "expected"), [
    pytest.param([disk(disk={"bus": "sata", "readonly": True})],
                 [invalid("disks[0].disk.bus", "sata hard-disks do not support read-only.")],
                 id="should reject disks with SATA and read-only set"),
])
def test_validate_disks_on_the_path_disks(disks: list[dict], expected: list[Cause]) -> None:
    assert validate_disks("disks", disks) == expected


@pytest.mark.parametrize("mode", [
    pytest.param("none", id="accept a disk with a valid cache mode: none"),
    pytest.param("writethrough", id="accept a disk with a valid cache mode: writethrough"),
    pytest.param("writeback", id="accept a disk with a valid cache mode: writeback"),
])
def test_should_accept_a_disk_with_a_valid_cache_mode(mode: str) -> None:
    assert validate_disks("fake", [disk(cache=mode, disk={})]) == []


@pytest.mark.parametrize("policy", [
    pytest.param("unsupported", id="reject disk with invalid errorPolicy with arbitrary string"),
    pytest.param("", id="reject disk with invalid errorPolicy with empty string"),
])
def test_should_reject_disk_with_invalid_error_policy(policy: str) -> None:
    assert validate_disks("fake", [disk(errorPolicy=policy, disk={})]) == [
        invalid("fake[0].errorPolicy", f'fake[0].errorPolicy has invalid value "{policy}"'),
    ]


@pytest.mark.parametrize("policy", [
    pytest.param("stop", id="accept a disk with a valid errorPolicy: stop"),
    pytest.param("report", id="accept a disk with a valid errorPolicy: report"),
    pytest.param("ignore", id="accept a disk with a valid errorPolicy: ignore"),
    pytest.param("enospace", id="accept a disk with a valid errorPolicy: enospace"),
])
def test_should_accept_a_disk_with_a_valid_error_policy(policy: str) -> None:
    assert validate_disks("fake", [disk(errorPolicy=policy, disk={})]) == []


@pytest.mark.parametrize("bus", [
    pytest.param("sata", id="reject DedicatedIOThread and non-virtio bus: SATA bus"),
    pytest.param("scsi", id="reject DedicatedIOThread and non-virtio bus: SCSI bus"),
    pytest.param("usb", id="reject DedicatedIOThread and non-virtio bus: USB bus"),
])
def test_should_reject_disk_with_dedicated_io_thread_and_non_virtio_bus(bus: str) -> None:
    disks = [
        disk("disk-with-dedicated-io-thread-and-sata", dedicatedIOThread=True, disk={"bus": bus}),
        disk("disk-with-dedicated-io-thread-and-virtio", dedicatedIOThread=True, disk={"bus": "virtio"}),
        disk("disk-without-dedicated-io-thread-and-with-sata", dedicatedIOThread=False, disk={"bus": "sata"}),
    ]
    assert validate_disks("fake", disks) == [
        Cause(f"{ODD}[0]", f"IOThreads are not supported for disks on a {bus} bus", "FieldValueNotSupported"),
    ]


def block_disk(logical: int, physical: int, **custom: object) -> dict:
    return disk("blockdisk", blockSize={"custom": {"logical": logical, "physical": physical, **custom}})


@pytest.mark.parametrize(("logical", "physical"), [
    pytest.param(512, 512, id="block size: accept a 512n disk"),
    pytest.param(512, 4096, id="block size: accept a 512e disk"),
    pytest.param(4096, 4096, id="block size: accept a 4096n (4kn) disk"),
    pytest.param(1048576, 1048576, id="block size: accept a custom 1 MiB disk"),
])
def test_should_accept_a_disk_with_a_valid_block_size(logical: int, physical: int) -> None:
    assert validate_disks("fake", [block_disk(logical, physical)]) == []


@pytest.mark.parametrize(("size", "message"), [
    pytest.param(128, "Provided size of 128 is less than the supported minimum size of 512",
                 id="block size: deny less than 512"),
    pytest.param(3000000, "Provided size of 3000000 is greater than the supported maximum size of 2097152",
                 id="block size: deny greater than 2 MiB"),
    pytest.param(1234, "Provided size of 1234 is not a power of 2", id="block size: deny not a power of 2"),
])
def test_should_deny_a_disk_block_size_configuration_when(size: int, message: str) -> None:
    assert validate_disks("fake", [block_disk(size, size)]) == [
        invalid("fake[0].blockSize.custom.logical", message),
        invalid("fake[0].blockSize.custom.physical", message),
    ]


BLOCK_SIZE_CASES = [
    pytest.param(block_disk(4096, 512),
                 [invalid("fake[0].blockSize.custom.logical",
                          "Logical size 4096 must be the same or less than the physical size of 512")],
                 id="block size: deny when logical > physical"),
    pytest.param(disk("blockdisk", blockSize={"matchVolume": {"enabled": True}}), [],
                 id="block size: accept disks with block size matching enabled"),
    pytest.param(disk("blockdisk", blockSize={"custom": {"logical": 1234, "physical": 1234},
                                             "matchVolume": {"enabled": True}}),
                 [invalid("fake[0].blockSize", "Block size matching can't be enabled together with a custom value")],
                 id="block size: reject custom block size and size matching enabled"),
    pytest.param(disk("blockdisk", blockSize={"custom": {"logical": 4096, "physical": 4096},
                                             "matchVolume": {"enabled": False}}), [],
                 id="block size: accept a custom block size and size matching explicitly disabled"),
    pytest.param({**block_disk(4096, 4096), "disk": {"bus": "sata"}},
                 [invalid("fake[0].blockSize.custom.logical", "Logical size 4096 must be 512 for SATA devices")],
                 id="block size: deny SATA disks with a custom logical block size bigger than 512"),
    pytest.param(block_disk(4096, 4096, discardGranularity=512),
                 [invalid("fake[0].blockSize.custom.discardGranularity",
                          "Discard granularity 512 must be multiples of logical size 4096")],
                 id="block size: deny custom discard granularity that isn't a multiple of the logical block size"),
]


@pytest.mark.parametrize(("block", "expected"), BLOCK_SIZE_CASES)
def test_block_size(block: dict, expected: list[Cause]) -> None:
    assert validate_disks("fake", [block]) == expected
