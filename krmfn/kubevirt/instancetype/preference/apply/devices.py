"""Device preferences (docs/kubevirt/preference-apply.md#devices rows 1-9, 12, 13).

Mirrors KubeVirt's pkg/instancetype/preference/apply/device.go: `ApplyDevicePreferences`,
`ApplyAutoAttachPreferences`, `applyInputPreferences` and `applyPanicDevicePreferences`. The disk
and interface rules live in `disk.py` and `interface.py`, as in KubeVirt.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import list_set, ptr_set, str_set
from krmfn.kubevirt.instancetype.preference.apply._tree import deep_copy, devices_of, section
from krmfn.kubevirt.instancetype.preference.apply.disk import apply_disk_preferences
from krmfn.kubevirt.instancetype.preference.apply.interface import apply_interface_preferences
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion

# (preference field, T.domain.devices field) for the `*bool` fields filled only when T is null.
_FILL_BOOL_FIELDS = (
    ("preferredUseVirtioTransitional", "useVirtioTransitional"),
    ("preferredBlockMultiQueue", "blockMultiQueue"),
    # The VMI spells it with a lowercase "q".
    ("preferredNetworkInterfaceMultiQueue", "networkInterfaceMultiqueue"),
)

_AUTOATTACH_FIELDS = (
    ("preferredAutoattachGraphicsDevice", "autoattachGraphicsDevice"),
    ("preferredAutoattachMemBalloon", "autoattachMemBalloon"),
    ("preferredAutoattachPodInterface", "autoattachPodInterface"),
    ("preferredAutoattachSerialConsole", "autoattachSerialConsole"),
    ("preferredAutoattachInputDevice", "autoattachInputDevice"),
)


def apply_device_preferences(pf_spec: dict, template_spec: dict,
                             version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> None:
    """Apply every `PF.devices` preference in KubeVirt's order; nothing when PF.devices is absent.

    `preferredVirtualGPUOptions` is never read (docs/kubevirt/preference-apply.md#devices, KubeVirt has no code for
    it).
    """
    pf_devices = section(pf_spec, "devices")
    if pf_devices is None:
        return
    devices = devices_of(template_spec)
    _apply_fill_bools(pf_devices, devices)
    _apply_disable_hotplug(pf_devices, devices)
    _apply_sound_model(pf_devices, devices)
    _apply_fill_object(pf_devices.get("preferredRng"), devices, "rng")
    _apply_fill_object(pf_devices.get("preferredTPM"), devices, "tpm")
    _apply_video_type(pf_devices, devices)
    apply_autoattach_preferences(pf_spec, template_spec)
    apply_disk_preferences(pf_devices, devices)
    apply_interface_preferences(pf_devices, template_spec)
    apply_input_preferences(pf_devices, devices)
    apply_panic_device_preferences(pf_devices, devices, version)


def apply_autoattach_preferences(pf_spec: dict, template_spec: dict) -> None:
    """Copy each set `preferredAutoattach*` (true or false) into a null T autoattach field.

    KubeVirt's VMI controller also calls this on its own, before default networking
    (docs/kubevirt/expand.md#expand-versus-the-vmi-the-controller-creates).
    """
    pf_devices = section(pf_spec, "devices")
    if pf_devices is None:
        return
    devices = devices_of(template_spec)
    for pf_field, t_field in _AUTOATTACH_FIELDS:
        value = pf_devices.get(pf_field)
        if ptr_set(value) and not ptr_set(devices.get(t_field)):
            devices[t_field] = value


def apply_input_preferences(pf_devices: dict, devices: dict) -> None:
    """Fill empty bus/type of the inputs T already has; no input is ever created."""
    bus = pf_devices.get("preferredInputBus")
    input_type = pf_devices.get("preferredInputType")
    for vm_input in _dict_items(devices.get("inputs")):
        if str_set(bus) and not str_set(vm_input.get("bus")):
            vm_input["bus"] = bus
        if str_set(input_type) and not str_set(vm_input.get("type")):
            vm_input["type"] = input_type


def apply_panic_device_preferences(pf_devices: dict, devices: dict,
                                   version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> None:
    """Append one panic device when T has none (since v1.9:
    `KubevirtVersion.preferred_panic_device_model_adds_device`), else fill each device whose
    model is null.

    The model is a Go pointer: `model: ""` counts as set and is kept.
    """
    model = pf_devices.get("preferredPanicDeviceModel")
    if not ptr_set(model):
        return
    panic_devices = devices.get("panicDevices")
    if not list_set(panic_devices):
        if version.preferred_panic_device_model_adds_device:
            devices["panicDevices"] = [{"model": model}]
        return
    for panic_device in _dict_items(panic_devices):
        if not ptr_set(panic_device.get("model")):
            panic_device["model"] = model


def _apply_fill_bools(pf_devices: dict, devices: dict) -> None:
    for pf_field, t_field in _FILL_BOOL_FIELDS:
        value = pf_devices.get(pf_field)
        if ptr_set(value) and not ptr_set(devices.get(t_field)):
            devices[t_field] = value


def _apply_disable_hotplug(pf_devices: dict, devices: dict) -> None:
    # T.disableHotplug is a plain Go bool, so KubeVirt cannot tell "unset" from false and always
    # overwrites: a preference false beats a user true (docs/kubevirt/preference-apply.md#devices row 4).
    value = pf_devices.get("preferredDisableHotplug")
    if ptr_set(value):
        devices["disableHotplug"] = value


def _apply_sound_model(pf_devices: dict, devices: dict) -> None:
    model = pf_devices.get("preferredSoundModel")
    sound = devices.get("sound")
    if str_set(model) and isinstance(sound, dict) and not str_set(sound.get("model")):
        sound["model"] = model


def _apply_fill_object(value: object, devices: dict, t_field: str) -> None:
    if ptr_set(value) and not ptr_set(devices.get(t_field)):
        devices[t_field] = deep_copy(value)


def _apply_video_type(pf_devices: dict, devices: dict) -> None:
    video_type = pf_devices.get("preferredVideoType")
    if not ptr_set(video_type):
        return
    video = devices.get("video")
    if not isinstance(video, dict):
        video = {}
        devices["video"] = video
    # Writing "" into the empty Go string changes nothing, so an empty preference only creates
    # the video device.
    if not str_set(video.get("type")) and str_set(video_type):
        video["type"] = video_type


def _dict_items(values: object) -> list[dict]:
    if not isinstance(values, list):
        return []
    return [value for value in values if isinstance(value, dict)]
