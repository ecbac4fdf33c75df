"""Instance type ``hostDevices`` (docs/kubevirt/instancetype-apply.md#field-table,
#iothreads-launchsecurity-gpus-and-host-devices).

Mirrors ``pkg/instancetype/apply/hostdevices.go``: all or nothing, like GPUs.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import child, clone, list_set


def apply_host_devices(base: Conflict, it_spec: dict, template_spec: dict) -> list[Conflict]:
    """Copy a non-empty ``IT.hostDevices`` list; conflict when T has any host device."""
    it_host_devices = it_spec.get("hostDevices")
    if not list_set(it_host_devices):
        return []
    devices = child(child(template_spec, "domain"), "devices")
    if list_set(devices.get("hostDevices")):
        return [base.child("domain", "devices", "hostDevices")]
    devices["hostDevices"] = clone(it_host_devices)
    return []
