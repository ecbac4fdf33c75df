"""The s390x defaults of a VMI (``pkg/defaults/s390x.go`` ``setS390xDefaultFeatures``,
``SetS390xDefaults``: ``setDefaultS390xDisksBus``, ``SetS390xWatchdog``; ``IsS390X``; at KubeVirt
d923fdb8). Functions mutate the VMI spec in place."""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child
from krmfn.kubevirt.defaults.amd64 import set_default_disks_bus, set_default_watchdog

DISK_BUS_VIRTIO = "virtio"


def is_s390x(spec: dict) -> bool:
    """``IsS390X``."""
    return spec.get("architecture") == "s390x"


def set_s390x_default_features(spec: dict) -> None:
    """``setS390xDefaultFeatures``: ACPI disabled unless its ``enabled`` is set (s390x has none)."""
    domain = child(spec, "domain")
    features = domain.get("features")
    if not isinstance(features, dict):
        domain["features"] = {"acpi": {"enabled": False}}
        return
    acpi = child(features, "acpi")
    if acpi.get("enabled") is None:
        acpi["enabled"] = False


def set_s390x_defaults(spec: dict) -> None:
    """``SetS390xDefaults``: virtio disk buses, the diag288 watchdog."""
    set_default_disks_bus(spec, DISK_BUS_VIRTIO)
    set_default_watchdog(spec, "diag288")
