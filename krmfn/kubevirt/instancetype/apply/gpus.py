"""Instance type ``gpus`` (docs/kubevirt/instancetype-apply.md#field-table,
#iothreads-launchsecurity-gpus-and-host-devices).

Mirrors ``pkg/instancetype/apply/gpu.go``: all or nothing, no merge and no per-item comparison.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import child, clone, list_set


def apply_gpus(base: Conflict, it_spec: dict, template_spec: dict) -> list[Conflict]:
    """Copy a non-empty ``IT.gpus`` list; conflict when T has any GPU, even an identical one."""
    it_gpus = it_spec.get("gpus")
    if not list_set(it_gpus):
        return []
    devices = child(child(template_spec, "domain"), "devices")
    if list_set(devices.get("gpus")):
        return [base.child("domain", "devices", "gpus")]
    devices["gpus"] = clone(it_gpus)
    return []
