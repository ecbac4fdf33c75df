"""Cases of KubeVirt's `pkg/instancetype/preference/apply/device_test.go` (d923fdb8), ported: every It
and Entry of "Preference.Devices", run through ``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi``
(no instance type) as the Go test runs ``ApplyToVMI``, on the BeforeEach VMI and preference.
krmfn mirrors ``device.go`` in ``krmfn.kubevirt.instancetype.preference.apply.devices`` (with
``disk.go`` and ``interface.go`` beside it).

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi

BASE_PATH = "spec.template.spec"
USER_BLOCK_SIZE = {"custom": {"logical": 512, "physical": 512}}
PREFERRED_BLOCK_SIZE = {"custom": {"logical": 4096, "physical": 4096}}

# The BeforeEach VMI's devices.
VMI_DEVICES: dict = {
    "disks": [
        {"cache": "writeback", "io": "native", "blockSize": USER_BLOCK_SIZE, "disk": {"bus": "scsi"}},
        {"disk": {}},
        {"cdrom": {"bus": "sata"}},
        {"cdrom": {}},
        {"lun": {"bus": "sata"}},
        {"lun": {}},
    ],
    "inputs": [{"bus": "usb", "type": "tablet"}, {}],
    "interfaces": [{"name": "primary", "model": "e1000"}, {"name": "secondary"}],
    "sound": {},
    "panicDevices": [{}],
}
# The BeforeEach preference's devices.
PREFERRED_DEVICES: dict = {
    "preferredDiskDedicatedIoThread": True,
    "preferredDisableHotplug": True,
    "preferredUseVirtioTransitional": True,
    "preferredNetworkInterfaceMultiQueue": True,
    "preferredBlockMultiQueue": True,
    "preferredDiskBlockSize": PREFERRED_BLOCK_SIZE,
    "preferredDiskCache": "writethrough",
    "preferredDiskIO": "native",
    "preferredDiskBus": "virtio",
    "preferredCdromBus": "scsi",
    "preferredLunBus": "sata",
    "preferredInputBus": "virtio",
    "preferredInputType": "tablet",
    "preferredInterfaceModel": "virtio",
    "preferredSoundModel": "ac97",
    "preferredRng": {},
    "preferredInterfaceMasquerade": {},
    "preferredPanicDeviceModel": "hyperv",
}
# (preference field, VMI field) of the PreferredAutoAttach table.
AUTOATTACH_FIELDS = (
    ("preferredAutoattachGraphicsDevice", "autoattachGraphicsDevice"),
    ("preferredAutoattachMemBalloon", "autoattachMemBalloon"),
    ("preferredAutoattachPodInterface", "autoattachPodInterface"),
    ("preferredAutoattachSerialConsole", "autoattachSerialConsole"),
    ("preferredAutoattachInputDevice", "autoattachInputDevice"),
)


def new_vmi() -> dict:
    return {"domain": {"devices": copy.deepcopy(VMI_DEVICES)}}


def new_preference(**devices: Any) -> dict:
    return {"devices": {**copy.deepcopy(PREFERRED_DEVICES), **devices}}


def apply(spec: dict, pf_spec: dict) -> dict:
    """ApplyToVMI without an instance type; returns T.domain.devices."""
    assert apply_to_vmi(BASE_PATH, None, pf_spec, spec, {}) == []
    devices: dict = spec["domain"]["devices"]
    return devices


@pytest.mark.parametrize(
    ("networks", "primary_binding", "expected_primary"),
    [
        pytest.param([{"name": "primary", "pod": {}}], None,
                     {"name": "primary", "model": "e1000", "masquerade": {}},
                     id="PreferredInterfaceMasquerade should be applied to interface on Pod network"),
        pytest.param(None, {"sriov": {}},
                     {"name": "primary", "model": "e1000", "sriov": {}},
                     id="PreferredInterfaceMasquerade should not be applied on interface that has another binding set"),
        pytest.param([{"name": "primary"}], None,
                     {"name": "primary", "model": "e1000"},
                     id="PreferredInterfaceMasquerade should not be applied on interface that is not on Pod network"),
    ],
)
def test_preferred_interface_masquerade(
    networks: list | None, primary_binding: dict | None, expected_primary: dict
) -> None:
    spec = new_vmi()
    if networks is not None:
        spec["networks"] = copy.deepcopy(networks)
    if primary_binding is not None:
        spec["domain"]["devices"]["interfaces"][0].update(copy.deepcopy(primary_binding))
    interfaces = apply(spec, new_preference())["interfaces"]
    # The secondary interface has no network: it only gets the preferred model.
    assert interfaces == [expected_primary, {"name": "secondary", "model": "virtio"}]


def test_should_apply_to_vmi() -> None:
    # The Go test checks the user's values are kept and every unset field gets the preference;
    # this compares the whole devices struct KubeVirt leaves.
    devices = apply(new_vmi(), new_preference())
    assert devices == {
        "disks": [
            {"cache": "writeback", "io": "native", "blockSize": USER_BLOCK_SIZE, "disk": {"bus": "scsi"}},
            {"cache": "writethrough", "io": "native", "blockSize": PREFERRED_BLOCK_SIZE, "disk": {"bus": "virtio"},
             "dedicatedIOThread": True},
            {"cdrom": {"bus": "sata"}},
            {"cdrom": {"bus": "scsi"}},
            {"lun": {"bus": "sata"}},
            {"lun": {"bus": "sata"}},
        ],
        "inputs": [{"bus": "usb", "type": "tablet"}, {"bus": "virtio", "type": "tablet"}],
        "interfaces": [{"name": "primary", "model": "e1000"}, {"name": "secondary", "model": "virtio"}],
        "sound": {"model": "ac97"},
        "panicDevices": [{"model": "hyperv"}],
        "disableHotplug": True,
        "useVirtioTransitional": True,
        "networkInterfaceMultiqueue": True,
        "blockMultiQueue": True,
        "rng": {},
    }


@pytest.mark.parametrize(
    ("second_disk", "expected_second_disk_target"),
    [
        pytest.param({}, {"bus": "virtio"},
                     id="Should apply when a VMI disk doesn't have a DiskDevice target defined"),
        pytest.param({"disk": {"bus": "scsi"}}, {"bus": "scsi"},
                     id="[test_id:CNV-9817] Should ignore preference when a VMI disk have a DiskDevice defined"),
    ],
)
def test_disk_target(second_disk: dict, expected_second_disk_target: dict) -> None:
    spec = new_vmi()
    spec["domain"]["devices"]["disks"][1] = second_disk
    disks = apply(spec, new_preference())["disks"]
    assert disks[1]["disk"] == expected_second_disk_target


@pytest.mark.parametrize(
    ("preferred_io_thread", "expected_io_threads"),
    [
        pytest.param(None, [None, None], id="PreferredDiskDedicatedIoThread should be ignored when unset"),
        pytest.param(False, [None, None], id="PreferredDiskDedicatedIoThread should be ignored when false"),
        # This preference holds no preferredDiskBus, so neither disk device (scsi, no bus) is virtio and
        # neither gets a dedicated IO thread: the Go loop expects true only on a virtio bus.
        pytest.param(True, [None, None], id="PreferredDiskDedicatedIoThread should only apply to virtio disk devices"),
    ],
)
def test_preferred_disk_dedicated_io_thread(preferred_io_thread: bool | None, expected_io_threads: list) -> None:
    # The Go cases use a preference holding only this field (and none for unset).
    pf_devices = {} if preferred_io_thread is None else {"preferredDiskDedicatedIoThread": preferred_io_thread}
    disks = apply(new_vmi(), {"devices": pf_devices})["disks"]
    disk_devices = [disk for disk in disks if "disk" in disk]
    assert [disk["disk"].get("bus") for disk in disk_devices] == ["scsi", None]
    assert [disk.get("dedicatedIOThread") for disk in disk_devices] == expected_io_threads


@pytest.mark.parametrize(
    ("vmi_tpm", "preferred_tpm", "expected_tpm"),
    [
        pytest.param(None, {"persistent": True}, {"persistent": True},
                     id="PreferredTPM should only apply when TPM device is nil within VMI spec"),
        pytest.param({"persistent": True}, {}, {"persistent": True},
                     id="PreferredTPM should not apply when TPM device is provided within VMI spec"),
        pytest.param({"enabled": False}, {}, {"enabled": False},
                     id="PreferredTPM should not apply when TPM device is in the preference but disabled within VMI"),
        pytest.param({"enabled": False}, {"enabled": True}, {"enabled": False},
                     id="PreferredTPM should not apply when TPM explicitly Enabled in preference but disabled in VMI"),
    ],
)
def test_preferred_tpm(vmi_tpm: dict | None, preferred_tpm: dict, expected_tpm: dict) -> None:
    spec = new_vmi()
    if vmi_tpm is not None:
        spec["domain"]["devices"]["tpm"] = copy.deepcopy(vmi_tpm)
    devices = apply(spec, new_preference(preferredTPM=copy.deepcopy(preferred_tpm)))
    assert devices["tpm"] == expected_tpm


@pytest.mark.parametrize(
    ("preferred_model", "vmi_panic_devices", "expected_panic_devices"),
    [
        pytest.param(None, [{"model": "hyperv"}], [{"model": "hyperv"}],
                     id="PreferredPanicDeviceModel should not apply when preferredPanicDeviceModel is nil"),
        pytest.param("hyperv", [], [{"model": "hyperv"}],
                     id="PreferredPanicDeviceModel should create a panic device when none are provided in the VMI"),
        # A model "" is a set Go pointer: kept.
        pytest.param("isa", [{"model": "hyperv"}, {}, {"model": ""}],
                     [{"model": "hyperv"}, {"model": "isa"}, {"model": ""}],
                     id="PreferredPanicDeviceModel should only apply when panic device model is nil in the VMI"),
    ],
)
def test_preferred_panic_device_model(
    preferred_model: str | None, vmi_panic_devices: list, expected_panic_devices: list
) -> None:
    spec = new_vmi()
    spec["domain"]["devices"]["panicDevices"] = copy.deepcopy(vmi_panic_devices)
    pf_spec = new_preference(preferredPanicDeviceModel=preferred_model)
    if preferred_model is None:
        del pf_spec["devices"]["preferredPanicDeviceModel"]
    assert apply(spec, pf_spec)["panicDevices"] == expected_panic_devices


@pytest.mark.parametrize(
    ("preferred_video_type", "vmi_video", "expected_video"),
    [
        pytest.param("virtio", {}, {"type": "virtio"},
                     id="PreferredVideoType should only apply when video device type is empty within VMI spec"),
        pytest.param("virtio", {"type": "vga"}, {"type": "vga"},
                     id="PreferredVideoType should not apply when video device type is already set within VMI spec"),
        pytest.param("virtio", None, {"type": "virtio"},
                     id="PreferredVideoType should create video device and apply when not provided in the VMI spec"),
        pytest.param(None, {}, {}, id="PreferredVideoType should not apply when preferredVideoType is nil"),
        pytest.param(None, None, None,
                     id="PreferredVideoType should not apply when preferredVideoType is nil and video device is nil"),
    ],
)
def test_preferred_video_type(preferred_video_type: str | None, vmi_video: dict | None,
                              expected_video: dict | None) -> None:
    spec = new_vmi()
    if vmi_video is not None:
        spec["domain"]["devices"]["video"] = copy.deepcopy(vmi_video)
    pf_spec = new_preference()
    if preferred_video_type is not None:
        pf_spec["devices"]["preferredVideoType"] = preferred_video_type
    assert apply(spec, pf_spec).get("video") == expected_video


@pytest.mark.parametrize(
    ("preference_value", "vmi_value", "expected_value"),
    [
        pytest.param(True, None, True, id="PreferredAutoAttach should apply true when VMI value is nil"),
        pytest.param(False, None, False, id="PreferredAutoAttach should apply false when VMI value is nil"),
        pytest.param(None, None, None, id="PreferredAutoAttach should not apply nil when VMI value is nil"),
        pytest.param(None, True, True, id="PreferredAutoAttach should not apply nil when VMI value is true"),
        pytest.param(None, False, False, id="PreferredAutoAttach should not apply nil when VMI value is false"),
        pytest.param(True, False, False, id="PreferredAutoAttach should not apply true when VMI value is false"),
        pytest.param(False, True, True, id="PreferredAutoAttach should not apply false when VMI value is true"),
    ],
)
def test_preferred_auto_attach(preference_value: bool | None, vmi_value: bool | None,
                               expected_value: bool | None) -> None:
    for pf_field, vmi_field in AUTOATTACH_FIELDS:
        spec = new_vmi()
        if vmi_value is not None:
            spec["domain"]["devices"][vmi_field] = vmi_value
        pf_spec = new_preference()
        if preference_value is not None:
            pf_spec["devices"][pf_field] = preference_value
        assert apply(spec, pf_spec).get(vmi_field) == expected_value, f"{pf_field} not applied correctly"
