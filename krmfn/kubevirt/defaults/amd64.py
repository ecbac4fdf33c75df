"""The amd64 defaults of a VMI (``pkg/defaults/amd64.go`` ``SetAmd64Defaults``: ``setDefaultAmd64DisksBus``,
``SetAmd64Watchdog``, at KubeVirt d923fdb8). Functions mutate the VMI spec in place."""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child, str_set

DISK_BUS_SATA = "sata"
WATCHDOG_ACTION_RESET = "reset"
DISK_TARGETS = ("disk", "cdrom", "lun")


def set_default_disks_bus(spec: dict, bus: str) -> None:
    """The bus of every disk, cdrom and lun target without one (the shared body of
    ``setDefaultAmd64DisksBus``, ``setDefaultArm64DisksBus`` and ``setDefaultS390xDisksBus``)."""
    domain = spec.get("domain")
    devices = domain.get("devices") if isinstance(domain, dict) else None
    disks = devices.get("disks") if isinstance(devices, dict) else None
    for disk in disks if isinstance(disks, list) else ():
        if not isinstance(disk, dict):
            continue
        for key in DISK_TARGETS:
            target = disk.get(key)
            if isinstance(target, dict) and not str_set(target.get("bus")):
                target["bus"] = bus


def set_default_watchdog(spec: dict, model: str) -> None:
    """A set watchdog gets the ``model`` device (``i6300esb``/``diag288``) and action ``reset``
    where unset (the shared body of ``SetAmd64Watchdog`` and ``SetS390xWatchdog``)."""
    domain = spec.get("domain")
    devices = domain.get("devices") if isinstance(domain, dict) else None
    watchdog = devices.get("watchdog") if isinstance(devices, dict) else None
    if not isinstance(watchdog, dict):
        return
    device = child(watchdog, model)
    if not str_set(device.get("action")):
        device["action"] = WATCHDOG_ACTION_RESET


def set_amd64_defaults(spec: dict) -> None:
    """``SetAmd64Defaults``: SATA disk buses, the i6300esb watchdog."""
    set_default_disks_bus(spec, DISK_BUS_SATA)
    set_default_watchdog(spec, "i6300esb")
