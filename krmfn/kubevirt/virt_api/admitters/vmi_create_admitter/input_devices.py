"""``validateInputDevices`` (vmi-create-admitter.go, d923fdb8): each input device's bus must be
``virtio``, ``usb`` or unset, and its type ``tablet`` (an unset type or ``keyboard`` is rejected).
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_str, dicts
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import domain_field

VALID_INPUT_BUSES = ("virtio", "usb", "")
INPUT_TYPE_TABLET = "tablet"
INVALID_INPUT_BUS = "Input device can have only virtio or usb bus."
INVALID_INPUT_TYPE = "Input device can have only tablet type."


def validate_input_devices(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    devices = domain_field(spec, "devices")
    inputs = devices.get("inputs") if isinstance(devices, dict) else None
    if not inputs:
        return []
    causes: list[Cause] = []
    for index, device in enumerate(dicts(inputs)):
        path = f"{field}.domain.devices.inputs[{index}]"
        if as_str(device.get("bus")) not in VALID_INPUT_BUSES:
            causes.append(Cause(f"{path}.bus", INVALID_INPUT_BUS, CAUSE_FIELD_VALUE_INVALID))
        if as_str(device.get("type")) != INPUT_TYPE_TABLET:
            causes.append(Cause(f"{path}.type", INVALID_INPUT_TYPE, CAUSE_FIELD_VALUE_INVALID))
    return causes
