"""``validateVirtualMachineInstanceSpecVolumeDisks`` (vmi-create-admitter.go, d923fdb8): on a VMI
CREATE only (not on a VM's template), every volume but a memory dump needs a disk or a filesystem of
its name, and a ``containerPath`` volume needs a filesystem, no disk, and a path outside KubeVirt's
own ``/var/run/kubevirt`` and ``/var/run/libvirt`` (the first prefix that matches; by string prefix,
so ``/var/run/kubevirt-private`` matches too).

Oddity kept: the causes name ``<spec>.domain.volumes[N]``, a path that does not exist (the volumes
are at ``<spec>.volumes``).

The ``containerPath`` rules came in v1.8 (PR #16662, fc2771c50d "Add webhook validation for
ContainerPath volumes"): before, only the missing disk or filesystem
(``KubevirtVersion.checks_container_path_volumes``).
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, devices, dicts
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion

NOT_FOUND_FMT = "%s '%s' not found."
CONTAINER_PATH_ON_DISK_FMT = "ContainerPath volume '%s' must be mapped to a filesystem, not a disk"
CONTAINER_PATH_NO_FILESYSTEM_FMT = ("ContainerPath volume '%s' must have a matching filesystem defined in "
                                    "spec.domain.devices.filesystems")
CONTAINER_PATH_RESERVED_FMT = "ContainerPath volume '%s' uses reserved path prefix '%s'"
RESERVED_PREFIXES = ("/var/run/kubevirt", "/var/run/libvirt")


def validate_virtual_machine_instance_spec_volume_disks(field: str, spec: dict,
                                                        version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION
                                                        ) -> list[Cause]:
    """``validateVirtualMachineInstanceSpecVolumeDisks`` on the spec at ``field``, volume by volume."""
    disk_names = {as_str(disk.get("name")) for disk in dicts(devices(spec).get("disks"))}
    filesystem_names = {as_str(fs.get("name")) for fs in dicts(devices(spec).get("filesystems"))}
    causes: list[Cause] = []
    for index, volume in enumerate(dicts(spec.get("volumes"))):
        if volume.get("memoryDump") is not None:
            continue
        name = as_str(volume.get("name"))
        has_disk, has_filesystem = name in disk_names, name in filesystem_names
        path = f"{field}.domain.volumes[{index}]"
        if not has_disk and not has_filesystem:
            causes.append(Cause(f"{path}.name", NOT_FOUND_FMT % (f"{path}.name", name), CAUSE_FIELD_VALUE_INVALID))
        container_path = volume.get("containerPath")
        if container_path is not None and version.checks_container_path_volumes:
            causes += _container_path_causes(path, name, as_str(as_dict(container_path).get("path")),
                                             has_disk, has_filesystem)
    return causes


def _container_path_causes(path: str, name: str, target: str, has_disk: bool, has_filesystem: bool) -> list[Cause]:
    causes = []
    if has_disk:
        causes.append(Cause(path, CONTAINER_PATH_ON_DISK_FMT % name, CAUSE_FIELD_VALUE_INVALID))
    if not has_filesystem:
        causes.append(Cause(path, CONTAINER_PATH_NO_FILESYSTEM_FMT % name, CAUSE_FIELD_VALUE_INVALID))
    prefix = next((prefix for prefix in RESERVED_PREFIXES if target.startswith(prefix)), None)
    if prefix is not None:
        causes.append(Cause(f"{path}.containerPath.path", CONTAINER_PATH_RESERVED_FMT % (name, prefix),
                            CAUSE_FIELD_VALUE_INVALID))
    return causes
