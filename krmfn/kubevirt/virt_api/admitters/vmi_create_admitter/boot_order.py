"""``validateBootOrder`` and ``validateInterfaceBootOrder`` (vmi-create-admitter.go, d923fdb8).

For each disk, in order: a disk whose volume is missing (allowed only for an empty CD-ROM, and
then only with the DeclarativeHotplugVolumes gate), a LUN on a volume that is neither a
PersistentVolumeClaim nor a DataVolume, a DownwardMetrics volume not mapped to a virtio ``disk``,
and a boot order already taken. Then each interface: a boot order below 1, or one already taken by
a disk or an earlier interface. Volumes are looked up by name, the last of a name winning (Go's map).

Oddities kept: the missing-volume message names ``...disks[i].Name`` (capital N) while its path
ends in ``name``; an interface's "boot order > 0" message and path are built on the spec path
itself (``spec.template.spec[0] must have ...`` at ``spec.template.spec[0].bootOrder``).
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.model.reasons import needs_feature_gate
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_int, as_dict, as_str, devices

DECLARATIVE_HOTPLUG_VOLUMES_GATE = "DeclarativeHotplugVolumes"
NAME_NOT_FOUND_FMT = "{path} '{name}' not found."
EMPTY_CDROM_GATE_DISABLED = (f"{DECLARATIVE_HOTPLUG_VOLUMES_GATE} feature gate not enabled, "
                             "cannot define an empty CD-ROM disk")
LUN_VOLUME_TYPE_FMT = "{path} can only be mapped to a DataVolume or PersistentVolumeClaim volume."
DOWNWARD_METRICS_NOT_DISK_FMT = "DownwardMetrics volume must be mapped to a disk, but disk is not set on {path}."
DOWNWARD_METRICS_NOT_VIRTIO_FMT = "DownwardMetrics volume must be mapped to virtio bus, but {path} is set to {bus}"
BOOT_ORDER_TAKEN_FMT = "Boot order for {path} already set for a different device."
INTERFACE_BOOT_ORDER_NOT_POSITIVE_FMT = "{path} must have a boot order > 0, if supplied"
DISK_BUS_VIRTIO = "virtio"




def validate_boot_order(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    spec_devices = devices(spec)
    disks = spec_devices.get("disks")
    interfaces = spec_devices.get("interfaces")
    if not isinstance(disks, list) or not disks:
        return _validate_interface_boot_order(field, interfaces, set()) if isinstance(interfaces, list) else []
    volumes_by_name = _volumes_by_name(spec.get("volumes"))
    taken: set[int] = set()
    causes: list[Cause] = []
    for index, entry in enumerate(disks):
        disk = entry if isinstance(entry, dict) else {}
        name = disk.get("name")
        volume = volumes_by_name.get(name if isinstance(name, str) else "")
        # A disk on a volume has nothing to check but for a LUN or a DownwardMetrics volume.
        if volume is None or disk.get("lun") is not None or volume.get("downwardMetrics") is not None:
            causes += _validate_disk(field, index, disk, volume, config)
        value = disk.get("bootOrder")
        if value is not None:
            order = as_int(value)
            if order in taken:
                path = f"{field}.domain.devices.disks[{index}].bootOrder"
                causes.append(Cause(path, BOOT_ORDER_TAKEN_FMT.format(path=path), CAUSE_FIELD_VALUE_INVALID))
            taken.add(order)
    if isinstance(interfaces, list):
        causes += _validate_interface_boot_order(field, interfaces, taken)
    return causes


def _volumes_by_name(volumes: object) -> dict[str, dict]:
    """The volumes by name, the last of a name winning (Go's map)."""
    volumes_by_name: dict[str, dict] = {}
    for entry in volumes if isinstance(volumes, list) else ():
        volume = entry if isinstance(entry, dict) else {}
        name = volume.get("name")
        volumes_by_name[name if isinstance(name, str) else ""] = volume
    return volumes_by_name


def _validate_disk(field: str, index: int, disk: dict, volume: dict | None, config: ClusterConfig) -> list[Cause]:
    disk_path = f"{field}.domain.devices.disks[{index}]"
    causes: list[Cause] = []
    if volume is None:
        if disk.get("cdrom") is None:
            message = NAME_NOT_FOUND_FMT.format(path=f"{disk_path}.Name", name=as_str(disk.get("name")))
            causes.append(Cause(f"{disk_path}.name", message, CAUSE_FIELD_VALUE_INVALID))
        elif not config.feature_gate_enabled(DECLARATIVE_HOTPLUG_VOLUMES_GATE):
            causes.append(Cause(f"{disk_path}.name", EMPTY_CDROM_GATE_DISABLED, CAUSE_FIELD_VALUE_INVALID,
                                needs_feature_gate(DECLARATIVE_HOTPLUG_VOLUMES_GATE)))
        return causes
    if (disk.get("lun") is not None and volume.get("persistentVolumeClaim") is None
            and volume.get("dataVolume") is None):
        path = f"{disk_path}.lun"
        causes.append(Cause(path, LUN_VOLUME_TYPE_FMT.format(path=path), CAUSE_FIELD_VALUE_INVALID))
    if volume.get("downwardMetrics") is not None:
        causes += _validate_downward_metrics_disk(disk_path, disk)
    return causes


def _validate_downward_metrics_disk(disk_path: str, disk: dict) -> list[Cause]:
    target = disk.get("disk")
    if target is None:
        path = f"{disk_path}.disk"
        return [Cause(path, DOWNWARD_METRICS_NOT_DISK_FMT.format(path=path), CAUSE_FIELD_VALUE_REQUIRED)]
    bus = as_str(as_dict(target).get("bus"))
    if bus not in (DISK_BUS_VIRTIO, ""):
        path = f"{disk_path}.disk.bus"
        return [Cause(path, DOWNWARD_METRICS_NOT_VIRTIO_FMT.format(path=path, bus=bus), CAUSE_FIELD_VALUE_INVALID)]
    return []


def _validate_interface_boot_order(field: str, interfaces: list, taken: set[int]) -> list[Cause]:
    """``validateInterfaceBootOrder``, sharing the disks' taken boot orders."""
    causes: list[Cause] = []
    for index, interface in enumerate(interfaces):
        value = interface.get("bootOrder") if isinstance(interface, dict) else None
        if value is None:
            continue
        order = as_int(value)
        if order < 1:
            causes.append(Cause(f"{field}[{index}].bootOrder",
                                INTERFACE_BOOT_ORDER_NOT_POSITIVE_FMT.format(path=f"{field}[{index}]"),
                                CAUSE_FIELD_VALUE_INVALID))
            continue
        if order in taken:
            path = f"{field}.domain.devices.interfaces[{index}].bootOrder"
            causes.append(Cause(path, BOOT_ORDER_TAKEN_FMT.format(path=path), CAUSE_FIELD_VALUE_INVALID))
        taken.add(order)
    return causes
