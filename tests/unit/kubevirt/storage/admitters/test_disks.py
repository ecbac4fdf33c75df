"""pkg/storage/admitters/disks.go: ValidateDisks, ValidateContainerDisks, ValidatePath."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.storage.admitters.disks import (
    clean_rooted_path,
    validate_container_disks,
    validate_disks,
    validate_path,
)

DISKS = "spec.template.spec.domain.devices.disks"
ODD = f"{DISKS}.domain.devices.disks"
LABEL_ERROR = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start "
               "and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
               "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')")


def causes(*disks: object) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in validate_disks(DISKS, list(disks))]


def test_well_formed_disks_pass() -> None:
    assert causes({"name": "root", "disk": {"bus": "virtio", "pciAddress": "0000:00:1f.7"}, "bootOrder": 1,
                   "serial": "A-z_0.9+", "cache": "writeback", "io": "native", "errorPolicy": "enospace",
                   "dedicatedIOThread": True,
                   "blockSize": {"custom": {"logical": 512, "physical": 4096, "discardGranularity": 1024}}},
                  {"name": "cd", "cdrom": {"bus": "sata"}}, {"name": "lun", "lun": {"bus": "scsi"}},
                  {"name": "usb", "disk": {"bus": "usb"}}, {"name": "plain"}) == []


def test_duplicate_names_one_cause_per_earlier_disk() -> None:
    assert causes({"name": "a"}, {"name": "a"}, {"name": "a"}) == [
        (f"{DISKS}[1].name", f"{DISKS}[1] and {DISKS}[0] must not have the same Name."),
        (f"{DISKS}[2].name", f"{DISKS}[2] and {DISKS}[0] must not have the same Name."),
        (f"{DISKS}[2].name", f"{DISKS}[2] and {DISKS}[1] must not have the same Name."),
    ]


def test_single_target() -> None:
    assert causes({"name": "a", "disk": {}, "cdrom": {}}) == [
        (f"{DISKS}[0]", f"{DISKS}[0] can only have a single target type defined")]
    assert causes({"name": "a", "disk": None, "cdrom": {}}) == []


@pytest.mark.parametrize("target, expected", [
    ({"bus": "virtio", "pciAddress": "0000:00:1f.8"},
     [(f"{ODD}.disk[0].pciAddress", f"disk {ODD}.disk[0].name has malformed PCI address (0000:00:1f.8).")]),
    ({"bus": "scsi", "pciAddress": "0000:00:1f.0"},
     [(f"{ODD}.disk[0].pciAddress",
       f"disk {ODD}.disk[0].name - setting a PCI address is only possible with bus type virtio.")]),
    ({"pciAddress": "0000:00:1f.0\n"},
     [(f"{ODD}.disk[0].pciAddress",
       f"disk {ODD}.disk[0].name - setting a PCI address is only possible with bus type virtio."),
      (f"{ODD}.disk[0].pciAddress", f"disk {ODD}.disk[0].name has malformed PCI address (0000:00:1f.0\n).")]),
])
def test_pci_address(target: dict, expected: list) -> None:
    assert causes({"name": "a", "disk": target}) == expected


def test_boot_order_must_be_positive() -> None:
    assert causes({"name": "a", "bootOrder": 0}) == [
        (f"{DISKS}[0].bootOrder", f"{DISKS}[0] must have a boot order > 0, if supplied")]
    assert causes({"name": "a", "bootOrder": None}) == []


@pytest.mark.parametrize("disk, expected", [
    ({"disk": {"bus": "ide"}}, [(f"{DISKS}[0].disk.bus", "IDE bus is not supported")]),
    ({"lun": {"bus": "ide"}}, [(f"{DISKS}[0].lun.bus", "IDE bus is not supported")]),
    ({"cdrom": {"bus": "virtio"}}, [(f"{DISKS}[0].cdrom.bus", "Bus type virtio is invalid for CD-ROM device")]),
    ({"disk": {"bus": "sata", "readonly": True}},
     [(f"{DISKS}[0].disk.bus", "sata hard-disks do not support read-only.")]),
    ({"cdrom": {"bus": "sata", "readonly": True}}, []),
    ({"lun": {"bus": "floppy"}},
     [(f"{DISKS}[0].lun.bus", f"{DISKS}[0] is set with an unrecognized bus floppy, must be one of: "
                              "[virtio scsi sata usb]")]),
    ({"disk": {"bus": "scsi"}, "dedicatedIOThread": True},
     [(f"{ODD}[0]", "IOThreads are not supported for disks on a scsi bus")]),
    ({"disk": {"bus": "ide"}, "dedicatedIOThread": True},
     [(f"{DISKS}[0].disk.bus", "IDE bus is not supported"),
      (f"{ODD}[0]", "IOThreads are not supported for disks on a ide bus")]),
    ({"disk": {}, "dedicatedIOThread": True}, []),
    ({"disk": {"bus": "scsi"}, "dedicatedIOThread": False}, []),
])
def test_bus_support(disk: dict, expected: list) -> None:
    assert causes({"name": "a", **disk}) == expected


def test_serial() -> None:
    assert causes({"name": "a", "serial": "bad serial\n"}) == [
        (f"{DISKS}[0].serial", f"{DISKS}[0] must be made up of the following characters [A-Za-z0-9_.+-], if specified")]
    assert causes({"name": "a", "serial": "x" * 256}) == []
    assert causes({"name": "a", "serial": "x" * 257}) == [
        (f"{DISKS}[0].serial", f"{DISKS}[0] must be less than or equal to 256 in length, if specified")]


def test_cache_io_and_error_policy() -> None:
    assert causes({"name": "a", "cache": "unsafe", "io": "default", "errorPolicy": "panic"}) == [
        (f"{DISKS}[0].cache", f"{DISKS}[0].cache has invalid value unsafe"),
        (f"{ODD}[0].io", f"Disk IO mode for {DISKS} is not supported. Supported modes are: native, threads."),
        (f"{DISKS}[0].errorPolicy", f'{DISKS}[0].errorPolicy has invalid value "panic"'),
    ]
    assert causes({"name": "a", "errorPolicy": ""}) == [
        (f"{DISKS}[0].errorPolicy", f'{DISKS}[0].errorPolicy has invalid value ""')]
    assert causes({"name": "a", "cache": "", "io": ""}) == []


def test_name_as_container_name() -> None:
    assert causes({"name": "Root"}) == [(f"{ODD}[0].name", LABEL_ERROR)]
    assert causes({}) == [(f"{ODD}[0].name", LABEL_ERROR)]
    assert causes({"name": "a" * 64}) == [(f"{ODD}[0].name", "must be no more than 63 characters")]


@pytest.mark.parametrize("block_size, bus, expected", [
    ({"custom": {"logical": 512, "physical": 512}, "matchVolume": {}}, "virtio",
     [(f"{DISKS}[0].blockSize", "Block size matching can't be enabled together with a custom value")]),
    ({"custom": {"logical": 512, "physical": 512}, "matchVolume": {"enabled": False}}, "virtio", []),
    ({"matchVolume": {}}, "virtio", []),
    ({"custom": {"logical": 4096, "physical": 512}}, "virtio",
     [(f"{DISKS}[0].blockSize.custom.logical", "Logical size 4096 must be the same or less than the physical size "
                                               "of 512")]),
    ({"custom": {"logical": 4096, "physical": 4096}}, "sata",
     [(f"{DISKS}[0].blockSize.custom.logical", "Logical size 4096 must be 512 for SATA devices")]),
    ({"custom": {"logical": 1024, "physical": 4096, "discardGranularity": 1536}}, "virtio",
     [(f"{DISKS}[0].blockSize.custom.discardGranularity", "Discard granularity 1536 must be multiples of logical "
                                                          "size 1024")]),
    ({"custom": {"discardGranularity": 7}}, "virtio",
     [(f"{DISKS}[0].blockSize.custom.logical", "Provided size of 0 is less than the supported minimum size of 512"),
      (f"{DISKS}[0].blockSize.custom.physical", "Provided size of 0 is less than the supported minimum size of 512")]),
    ({"custom": {"logical": 1000, "physical": 4194304}}, "virtio",
     [(f"{DISKS}[0].blockSize.custom.logical", "Provided size of 1000 is not a power of 2"),
      (f"{DISKS}[0].blockSize.custom.physical", "Provided size of 4194304 is greater than the supported maximum size "
                                                "of 2097152")]),
])
def test_block_size(block_size: dict, bus: str, expected: list) -> None:
    assert causes({"name": "a", "disk": {"bus": bus}, "blockSize": block_size}) == expected


def test_mistyped_fields_read_as_zero_values() -> None:
    assert causes({"name": "a", "disk": "x", "serial": 5, "cache": [], "blockSize": 3}) == []
    assert causes({"name": "a", "disk": {"bus": 5, "pciAddress": 7}, "lun": None}) == []
    for order in (True, "1", 1.0, -1):
        assert causes({"name": "a", "bootOrder": order}) == [
            (f"{DISKS}[0].bootOrder", f"{DISKS}[0] must have a boot order > 0, if supplied")]
    not_a_label = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must "
                   "start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for "
                   "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")
    assert causes({"name": 5}, {"name": None}) == [
        (f"{ODD}[0].name", not_a_label),
        (f"{DISKS}[1].name", f"{DISKS}[1] and {DISKS}[0] must not have the same Name."),
        (f"{ODD}[1].name", not_a_label),
    ]
    assert validate_disks(DISKS, "nope") == []  # type: ignore[arg-type]


@pytest.mark.parametrize("path, expected", [
    ("/disk/img.qcow2", None), ("/disk/", None), ("disk.img", "not-absolute"), ("/disk//img", "not-absolute"),
    ("/disk/../img", "not-absolute"), ("/disk/./img", "not-absolute"), ("/disk//", "not-absolute"),
    ("/", "root"),
])
def test_validate_path(path: str, expected: str | None) -> None:
    field = "spec.template.spec.volumes[0].containerDisk"
    messages = {"root": f"{field} must not point to root",
                "not-absolute": f"{field} must be an absolute path to a file without relative components"}
    assert [(c.field, c.message) for c in validate_path(field, path)] == (
        [] if expected is None else [(field, messages[expected])])


def test_clean_rooted_path() -> None:
    assert clean_rooted_path("//a/./b/../../../c/") == "/c"
    assert clean_rooted_path("..") == "/"


def test_container_disks() -> None:
    spec = {"volumes": [{"name": "a", "containerDisk": {"image": "i", "path": "img"}},
                        {"name": "b", "containerDisk": {"image": "i"}},
                        {"name": "c", "persistentVolumeClaim": {"claimName": "c", "path": "x"}},
                        {"name": "d", "containerDisk": {"image": "i", "path": "/"}}]}
    assert [(c.field, c.message) for c in validate_container_disks("spec.template.spec", spec, ClusterConfig())] == [
        ("spec.template.spec.volumes[0].containerDisk",
         "spec.template.spec.volumes[0].containerDisk must be an absolute path to a file without relative components"),
        ("spec.template.spec.volumes[3].containerDisk", "spec.template.spec.volumes[3].containerDisk must not point to "
                                                        "root"),
    ]


def test_through_the_whole_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {"disks": [{"name": "root", "disk": {"bus": "virtio"}, "cache": "unsafe"}]},
                         "resources": {"requests": {"memory": "1Gi"}}},
              "volumes": [{"name": "root", "containerDisk": {"image": "i", "path": "../x"}}]}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert verdict.stage == "validating-webhook/remaining-vm-checks"
    assert [(c.field, c.message) for c in verdict.causes] == [
        (f"{DISKS}[0].cache", f"{DISKS}[0].cache has invalid value unsafe"),
        ("spec.template.spec.volumes[0].containerDisk",
         "spec.template.spec.volumes[0].containerDisk must be an absolute path to a file without relative components"),
    ]
