"""Tests for krmfn.kubevirt.instancetype.preference.apply.devices (KubeVirt apply/device.go;
docs/kubevirt/preference-apply.md#devices)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.apply.devices import apply_autoattach_preferences, apply_device_preferences
from krmfn.model.kubevirt_version import kubevirt_version


def _devices_after(pf_devices: dict | None, vm_devices: dict | None = None) -> dict:
    t: dict = {"domain": {"devices": vm_devices if vm_devices is not None else {}}}
    apply_device_preferences({"devices": pf_devices}, t)
    return t["domain"]["devices"]


def test_should_apply_to_vmi() -> None:
    pf = {
        "preferredUseVirtioTransitional": True,
        "preferredBlockMultiQueue": True,
        "preferredNetworkInterfaceMultiQueue": True,
        "preferredDisableHotplug": True,
        "preferredSoundModel": "ac97",
        "preferredRng": {},
        "preferredTPM": {},
        "preferredVideoType": "virtio",
    }
    assert _devices_after(pf, {"sound": {"name": "s"}}) == {
        "useVirtioTransitional": True,
        "blockMultiQueue": True,
        "networkInterfaceMultiqueue": True,
        "disableHotplug": True,
        "sound": {"name": "s", "model": "ac97"},
        "rng": {},
        "tpm": {},
        "video": {"type": "virtio"},
    }


def test_nothing_happens_when_pf_devices_is_absent() -> None:
    t = {"domain": {"devices": {"disks": [{"name": "a"}]}}}
    apply_device_preferences({}, t)
    apply_device_preferences({"devices": None}, t)
    assert t == {"domain": {"devices": {"disks": [{"name": "a"}]}}}


@pytest.mark.parametrize(
    ("pf_field", "t_field"),
    [
        ("preferredUseVirtioTransitional", "useVirtioTransitional"),
        ("preferredBlockMultiQueue", "blockMultiQueue"),
        ("preferredNetworkInterfaceMultiQueue", "networkInterfaceMultiqueue"),
    ],
)
@pytest.mark.parametrize(
    ("pf_value", "vm_value", "expected"),
    [
        (True, None, True),
        (False, None, False),
        (True, False, False),
        (False, True, True),
    ],
)
def test_pointer_bools_fill_only_a_null_vm_value(
    pf_field: str, t_field: str, pf_value: bool, vm_value: bool | None, expected: bool
) -> None:
    vm = {} if vm_value is None else {t_field: vm_value}
    assert _devices_after({pf_field: pf_value}, vm)[t_field] is expected


def test_network_interface_multiqueue_uses_the_lowercase_vmi_spelling() -> None:
    devices = _devices_after({"preferredNetworkInterfaceMultiQueue": True})
    assert devices == {"networkInterfaceMultiqueue": True}


def test_disable_hotplug_false_overrides_vm_true_e37() -> None:
    assert _devices_after({"preferredDisableHotplug": False}, {"disableHotplug": True}) == {
        "disableHotplug": False
    }


def test_disable_hotplug_true_overrides_unset() -> None:
    assert _devices_after({"preferredDisableHotplug": True}) == {"disableHotplug": True}


def test_disable_hotplug_untouched_without_preference() -> None:
    assert _devices_after({}, {"disableHotplug": True}) == {"disableHotplug": True}


class TestPreferredSoundModel:
    def test_sets_model_of_existing_sound_device_e38(self) -> None:
        devices = _devices_after({"preferredSoundModel": "ac97"}, {"sound": {"name": "s"}})
        assert devices["sound"] == {"name": "s", "model": "ac97"}

    def test_does_not_create_a_sound_device_e38(self) -> None:
        assert "sound" not in _devices_after({"preferredSoundModel": "ac97"})

    def test_keeps_vm_model(self) -> None:
        devices = _devices_after({"preferredSoundModel": "ac97"}, {"sound": {"name": "s", "model": "ich9"}})
        assert devices["sound"] == {"name": "s", "model": "ich9"}

    def test_empty_preference_is_ignored(self) -> None:
        assert _devices_after({"preferredSoundModel": ""}, {"sound": {"name": "s"}})["sound"] == {"name": "s"}


class TestPreferredRng:
    def test_applies_when_vm_has_none(self) -> None:
        assert _devices_after({"preferredRng": {}})["rng"] == {}

    def test_keeps_vm_rng(self) -> None:
        vm_rng = {"seed": "keep"}
        assert _devices_after({"preferredRng": {}}, {"rng": vm_rng})["rng"] == {"seed": "keep"}


class TestPreferredTPM:
    def test_only_apply_when_tpm_device_is_nil_within_vmi_spec_e38(self) -> None:
        assert _devices_after({"preferredTPM": {"enabled": True}})["tpm"] == {"enabled": True}

    def test_not_apply_when_tpm_device_is_provided_within_vmi_spec(self) -> None:
        devices = _devices_after({"preferredTPM": {"persistent": True}}, {"tpm": {}})
        assert devices["tpm"] == {}

    def test_not_apply_when_tpm_device_is_provided_in_the_preference_but_disabled_within_vmi_spec(self) -> None:
        devices = _devices_after({"preferredTPM": {}}, {"tpm": {"enabled": False}})
        assert devices["tpm"] == {"enabled": False}

    def test_not_apply_when_tpm_is_explicitly_enabled_in_the_preference_but_disabled_within_vmi_spec_e38(self) -> None:
        devices = _devices_after({"preferredTPM": {"enabled": True}}, {"tpm": {"enabled": False}})
        assert devices["tpm"] == {"enabled": False}

    def test_copy_is_independent_of_the_preference(self) -> None:
        pf_tpm = {"enabled": True}
        devices = _devices_after({"preferredTPM": pf_tpm})
        devices["tpm"]["enabled"] = False
        assert pf_tpm == {"enabled": True}


class TestPreferredVideoType:
    def test_only_apply_when_video_device_type_is_empty_within_vmi_spec(self) -> None:
        assert _devices_after({"preferredVideoType": "virtio"}, {"video": {}})["video"] == {"type": "virtio"}

    def test_not_apply_when_video_device_type_is_already_set_within_vmi_spec_e38(self) -> None:
        devices = _devices_after({"preferredVideoType": "virtio"}, {"video": {"type": "vga"}})
        assert devices["video"] == {"type": "vga"}

    def test_create_video_device_and_apply_when_video_device_is_not_provided_e38(self) -> None:
        assert _devices_after({"preferredVideoType": "virtio"})["video"] == {"type": "virtio"}

    def test_empty_string_still_creates_the_video_device(self) -> None:
        assert _devices_after({"preferredVideoType": ""})["video"] == {}

    def test_not_apply_when_preferred_video_type_is_nil(self) -> None:
        assert _devices_after({"preferredVideoType": None}, {"video": {}}) == {"video": {}}

    def test_not_apply_when_preferred_video_type_is_nil_and_video_device_is_nil(self) -> None:
        assert "video" not in _devices_after({})


class TestPreferredPanicDeviceModel:
    def test_not_apply_when_preferred_panic_device_model_is_nil(self) -> None:
        assert _devices_after({}, {"panicDevices": [{}]}) == {"panicDevices": [{}]}

    def test_create_a_panic_device_when_none_are_provided(self) -> None:
        assert _devices_after({"preferredPanicDeviceModel": "isa"})["panicDevices"] == [{"model": "isa"}]

    def test_append_to_an_empty_list_e38(self) -> None:
        devices = _devices_after({"preferredPanicDeviceModel": "isa"}, {"panicDevices": []})
        assert devices["panicDevices"] == [{"model": "isa"}]

    def test_only_apply_when_panic_device_model_is_nil_e38(self) -> None:
        devices = _devices_after(
            {"preferredPanicDeviceModel": "isa"},
            {"panicDevices": [{"model": "hyperv"}, {}, {"model": ""}, {"model": None}]},
        )
        assert devices["panicDevices"] == [{"model": "hyperv"}, {"model": "isa"}, {"model": ""}, {"model": "isa"}]


_AUTOATTACH = [
    ("preferredAutoattachGraphicsDevice", "autoattachGraphicsDevice"),
    ("preferredAutoattachMemBalloon", "autoattachMemBalloon"),
    ("preferredAutoattachPodInterface", "autoattachPodInterface"),
    ("preferredAutoattachSerialConsole", "autoattachSerialConsole"),
    ("preferredAutoattachInputDevice", "autoattachInputDevice"),
]


@pytest.mark.parametrize(("pf_field", "t_field"), _AUTOATTACH)
@pytest.mark.parametrize(
    ("preference_value", "vmi_value", "expected"),
    [
        pytest.param(True, None, True, id="apply true when VMI value is nil"),
        pytest.param(False, None, False, id="apply false when VMI value is nil"),
        pytest.param(None, None, None, id="not apply nil when VMI value is nil"),
        pytest.param(None, True, True, id="not apply nil when VMI value is true"),
        pytest.param(None, False, False, id="not apply nil when VMI value is false"),
        pytest.param(True, False, False, id="not apply true when VMI value is false"),
        pytest.param(False, True, True, id="not apply false when VMI value is true"),
    ],
)
def test_preferred_autoattach_should_e36(
    pf_field: str, t_field: str, preference_value: bool | None, vmi_value: bool | None, expected: bool | None
) -> None:
    pf = {} if preference_value is None else {pf_field: preference_value}
    vm = {} if vmi_value is None else {t_field: vmi_value}
    assert _devices_after(pf, vm).get(t_field) is expected


def test_autoattach_vsock_has_no_preference() -> None:
    assert _devices_after({"preferredAutoattachVSOCK": True}) == {}


def test_apply_autoattach_preferences_alone_touches_only_autoattach_fields() -> None:
    t: dict = {}
    apply_autoattach_preferences(
        {"devices": {"preferredAutoattachPodInterface": False, "preferredDiskBus": "virtio", "preferredRng": {}}}, t
    )
    assert t == {"domain": {"devices": {"autoattachPodInterface": False}}}


class TestPreferredInputs:
    def test_fill_bus_and_type_of_existing_inputs(self) -> None:
        devices = _devices_after(
            {"preferredInputBus": "virtio", "preferredInputType": "tablet"},
            {"inputs": [{"name": "a"}, {"name": "b", "bus": "usb"}, {"name": "c", "type": "keyboard"}]},
        )
        assert devices["inputs"] == [
            {"name": "a", "bus": "virtio", "type": "tablet"},
            {"name": "b", "bus": "usb", "type": "tablet"},
            {"name": "c", "bus": "virtio", "type": "keyboard"},
        ]

    def test_never_create_inputs(self) -> None:
        devices = _devices_after(
            {"preferredInputBus": "virtio", "preferredInputType": "tablet", "preferredAutoattachInputDevice": True}
        )
        assert devices == {"autoattachInputDevice": True}


def test_preferred_virtual_gpu_options_is_never_applied() -> None:
    devices = _devices_after({"preferredVirtualGPUOptions": {"display": {"enabled": True}}}, {"gpus": [{"name": "g"}]})
    assert devices == {"gpus": [{"name": "g"}]}


def test_creates_devices_when_domain_is_absent() -> None:
    t: dict = {}
    apply_device_preferences({"devices": {"preferredRng": {}}}, t)
    assert t == {"domain": {"devices": {"rng": {}}}}


def test_before_v1_9_preferred_panic_device_model_adds_no_device() -> None:
    """PR #18314 (v1.9) creates the panic device; v1.8 only fills the model of the VM's own
    (golden preference-fields/devices-panic-absent)."""
    v1_8 = kubevirt_version("v1.8")
    t: dict = {"domain": {"devices": {}}}
    apply_device_preferences({"devices": {"preferredPanicDeviceModel": "pvpanic"}}, t, v1_8)
    assert t["domain"]["devices"] == {}
    t = {"domain": {"devices": {"panicDevices": [{}]}}}
    apply_device_preferences({"devices": {"preferredPanicDeviceModel": "isa"}}, t, v1_8)
    assert t["domain"]["devices"]["panicDevices"] == [{"model": "isa"}]
