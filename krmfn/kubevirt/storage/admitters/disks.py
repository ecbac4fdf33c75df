"""The disks of a VMI spec, and the paths of its container disks.

Mirrors ``pkg/storage/admitters/disks.go`` (d923fdb8): ``ValidateDisks`` with everything it calls,
per disk and in this order (``validateDiskName``, ``validateDeviceTarget``, ``validatePciAddress``,
``validateBootOrderValue``, ``validateBusSupport``, ``validateSerialNumValue``,
``validateSerialNumLength``, ``validateCacheMode``, ``validateIOMode``, ``validateErrorPolicy``,
``validateDiskNameAsContainerName``, ``validateBlockSize``), and ``ValidateContainerDisks`` with
``ValidatePath``.

``ValidateDisks`` gets the path of the disks list (``spec.template.spec.domain.devices.disks``)
and KubeVirt appends child paths to it as if it were the spec's. Oddities kept, byte for byte:

* the PCI address causes name ``<disks>.domain.devices.disks.disk[N].name`` / ``.pciAddress``;
* the IO mode, the dedicated IO thread and the container name causes name
  ``<disks>.domain.devices.disks[N]...``, and the IO mode message prints the disks path itself;
* the error policy message prints the path it is about before the value (``... has invalid value
  "x"``), the cache mode message the same without quotes.

A field of the wrong JSON type reads as Go's zero value (``_access``).
"""
from __future__ import annotations

from functools import lru_cache

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.apimachinery.validation import is_dns1123_label
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_int, as_dict, as_str
from krmfn.model.lazy_re import LazyPattern

# disks.go constants
MAX_SERIAL_LENGTH = 256
MIN_CUSTOM_BLOCK_SIZE = 512
MAX_CUSTOM_BLOCK_SIZE = 2097152
# Go's regexp: `$` is the end of the text, so fullmatch; `\d` is ASCII only.
_SERIAL_RE = LazyPattern(r"[A-Za-z0-9_.+-]+")
_PCI_ADDRESS_RE = LazyPattern(r"[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]")

BUS_VIRTIO, BUS_SCSI, BUS_SATA, BUS_USB, BUS_IDE = "virtio", "scsi", "sata", "usb", "ide"
SUPPORTED_BUSES = (BUS_VIRTIO, BUS_SCSI, BUS_SATA, BUS_USB)
# The device targets, in getDiskBus/getDiskType order (JSON key = the diskType of the paths).
DEVICE_TARGETS = ("disk", "lun", "cdrom")
CACHE_MODES = ("none", "writethrough", "writeback")
IO_MODES = ("native", "threads")
ERROR_POLICIES = ("stop", "ignore", "report", "enospace")
# The disk fields that only the serial, cache, IO mode, error policy and block size checks read:
# a disk without any of them skips those checks.
_RARE_DISK_FIELDS = frozenset({"serial", "cache", "io", "errorPolicy", "blockSize"})

SAME_NAME_FMT = "{} and {} must not have the same Name."
SINGLE_TARGET_FMT = "{} can only have a single target type defined"
PCI_ADDRESS_BUS_FMT = "disk {} - setting a PCI address is only possible with bus type virtio."
PCI_ADDRESS_MALFORMED_FMT = "disk {} has malformed PCI address ({})."
BOOT_ORDER_FMT = "{} must have a boot order > 0, if supplied"
IDE_NOT_SUPPORTED = "IDE bus is not supported"
VIRTIO_CDROM_FMT = "Bus type {} is invalid for CD-ROM device"
SATA_READ_ONLY_FMT = "{} hard-disks do not support read-only."
UNRECOGNIZED_BUS_FMT = "{} is set with an unrecognized bus {}, must be one of: [{}]"
IO_THREADS_BUS_FMT = "IOThreads are not supported for disks on a {} bus"
SERIAL_CHARACTERS_FMT = "{} must be made up of the following characters [A-Za-z0-9_.+-], if specified"
SERIAL_LENGTH_FMT = "{} must be less than or equal to {} in length, if specified"
CACHE_MODE_FMT = "{} has invalid value {}"
IO_MODE_FMT = "Disk IO mode for {} is not supported. Supported modes are: native, threads."
ERROR_POLICY_FMT = '{} has invalid value "{}"'
MATCH_VOLUME_WITH_CUSTOM = "Block size matching can't be enabled together with a custom value"
LOGICAL_ABOVE_PHYSICAL_FMT = "Logical size {} must be the same or less than the physical size of {}"
SATA_LOGICAL_FMT = "Logical size {} must be {} for SATA devices"
DISCARD_GRANULARITY_FMT = "Discard granularity {} must be multiples of logical size {}"
BLOCK_SIZE_BELOW_MIN_FMT = "Provided size of {} is less than the supported minimum size of {}"
BLOCK_SIZE_ABOVE_MAX_FMT = "Provided size of {} is greater than the supported maximum size of {}"
BLOCK_SIZE_NOT_POWER_OF_TWO_FMT = "Provided size of {} is not a power of 2"
PATH_ROOT_FMT = "{} must not point to root"
PATH_NOT_ABSOLUTE_FMT = "{} must be an absolute path to a file without relative components"




def _is_set(disk: dict, key: str) -> bool:
    """A Go pointer field is non-nil: the key is present and not null."""
    return disk.get(key) is not None


def _device_target(disk: dict) -> tuple[str, object, bool]:
    """``getDiskType`` (the first device target set, in ``DEVICE_TARGETS`` order, or ""), that
    target's value (None for none), and whether another target is set too (what
    ``validateDeviceTarget`` rejects)."""
    value = disk.get("disk")
    if value is not None:
        return "disk", value, disk.get("lun") is not None or disk.get("cdrom") is not None
    value = disk.get("lun")
    if value is not None:
        return "lun", value, disk.get("cdrom") is not None
    value = disk.get("cdrom")
    return ("cdrom" if value is not None else ""), value, False


def disk_type(disk: dict) -> str:
    """``getDiskType``: the first device target set, or ""."""
    return _device_target(disk)[0]


def disk_bus(disk: dict) -> str:
    """``getDiskBus``: the bus of the first device target set, or ""."""
    return as_str(as_dict(_device_target(disk)[1]).get("bus"))


def validate_disks(field: str, disks: list) -> list[Cause]:
    """``ValidateDisks``: ``field`` is the path of the disks list."""
    causes: list[Cause] = []
    entries = disks if isinstance(disks, list) else []
    first_index: dict[str, int] = {}
    for index, entry in enumerate(entries):
        disk = entry if isinstance(entry, dict) else {}
        name = disk.get("name")
        if not isinstance(name, str):
            name = ""
        if first_index.setdefault(name, index) != index:
            causes += _disk_name(field, index, name, entries)
        _check_disk(causes, field, index, disk, name)
    return causes


def _name(disk: dict) -> str:
    """A disk's name ("" when unset)."""
    name = disk.get("name")
    return name if isinstance(name, str) else ""


def _check_disk(causes: list[Cause], field: str, index: int, disk: dict, name: str) -> None:
    """Appends the causes of the checks of ``ValidateDisks`` on one disk after ``validateDiskName``,
    in KubeVirt's order; each check runs only when the fields it reads are set."""
    target, target_value, several_targets = _device_target(disk)
    if several_targets:
        causes.append(_device_target_cause(field, index))
    bus = ""  # getDiskBus
    if isinstance(target_value, dict):
        if target == "disk" and target_value.get("pciAddress"):
            causes += _pci_address(field, index, target_value)
        bus_value = target_value.get("bus")
        if isinstance(bus_value, str):
            bus = bus_value
    order = disk.get("bootOrder")
    # validateBootOrderValue (a plain int judged without a call)
    if order is not None and (type(order) is not int or order < 1) and as_int(order) < 1:
        causes.append(_boot_order_value_cause(field, index))
    # validateBusSupport: a virtio disk or LUN always suits its bus (a dedicated IO thread needs virtio).
    if bus and (bus != BUS_VIRTIO or target == "cdrom"):
        causes += _bus_support(field, index, disk, target, bus)
    rare_fields_set = not _RARE_DISK_FIELDS.isdisjoint(disk)
    if rare_fields_set:
        causes += _serial_value(field, index, disk)
        causes += _serial_length(field, index, disk)
        causes += _cache_mode(field, index, disk)
        causes += _io_mode(field, index, disk)
        causes += _error_policy(field, index, disk)
    name_errors = _container_name_errors(name)  # validateDiskNameAsContainerName
    if name_errors:
        causes += _name_as_container_name(field, index, name_errors)
    if rare_fields_set:
        causes += _block_size(field, index, disk, bus)


def _disk_name(field: str, index: int, name: str, disks: list) -> list[Cause]:
    """``validateDiskName``: one cause per earlier disk named ``name`` too."""
    entry = f"{field}[{index}]"
    return [Cause(f"{entry}.name", SAME_NAME_FMT.format(entry, f"{field}[{other}]"), CAUSE_FIELD_VALUE_INVALID)
            for other in range(index) if _name(as_dict(disks[other])) == name]


def _device_target_cause(field: str, index: int) -> Cause:
    """``validateDeviceTarget``: at most one of disk, lun and cdrom."""
    return Cause(f"{field}[{index}]", SINGLE_TARGET_FMT.format(f"{field}[{index}]"), CAUSE_FIELD_VALUE_INVALID)


def _pci_address(field: str, index: int, target: dict) -> list[Cause]:
    """``validatePciAddress``: a PCI address (of ``disk``, here ``target``) needs the virtio bus
    and must parse."""
    address = as_str(target.get("pciAddress"))
    if not address:
        return []
    odd_path = f"{field}.domain.devices.disks.disk[{index}]"
    causes = []
    if as_str(target.get("bus")) != BUS_VIRTIO:
        causes.append(Cause(f"{odd_path}.pciAddress", PCI_ADDRESS_BUS_FMT.format(f"{odd_path}.name"),
                            CAUSE_FIELD_VALUE_INVALID))
    if not _PCI_ADDRESS_RE.fullmatch(address):
        causes.append(Cause(f"{odd_path}.pciAddress", PCI_ADDRESS_MALFORMED_FMT.format(f"{odd_path}.name", address),
                            CAUSE_FIELD_VALUE_INVALID))
    return causes


def _boot_order_value_cause(field: str, index: int) -> Cause:
    """``validateBootOrderValue``: a boot order, when set, is at least 1."""
    return Cause(f"{field}[{index}].bootOrder", BOOT_ORDER_FMT.format(f"{field}[{index}]"), CAUSE_FIELD_VALUE_INVALID)


def _bus_support(field: str, index: int, disk: dict, target: str, bus: str) -> list[Cause]:
    """``validateBusSupport``: a known bus that suits the device; a dedicated IO thread needs virtio.
    ``target`` and ``bus`` are the disk's (``getDiskType``, ``getDiskBus``), the bus non-empty."""
    causes = []
    if bus == BUS_IDE:
        causes.append(Cause(f"{field}[{index}].{target}.bus", IDE_NOT_SUPPORTED, CAUSE_FIELD_VALUE_INVALID))
    elif bus == BUS_VIRTIO:
        if target == "cdrom":
            causes.append(Cause(f"{field}[{index}].cdrom.bus", VIRTIO_CDROM_FMT.format(bus), CAUSE_FIELD_VALUE_INVALID))
    elif bus == BUS_SATA:
        if _is_set(disk, "disk") and as_dict(disk.get("disk")).get("readonly") is True:
            causes.append(Cause(f"{field}[{index}].disk.bus", SATA_READ_ONLY_FMT.format(bus),
                                CAUSE_FIELD_VALUE_INVALID))
    elif bus not in (BUS_SCSI, BUS_USB):
        entry = f"{field}[{index}]"
        causes.append(Cause(f"{entry}.{target}.bus", UNRECOGNIZED_BUS_FMT.format(entry, bus, " ".join(SUPPORTED_BUSES)),
                            CAUSE_FIELD_VALUE_INVALID))
    if disk.get("dedicatedIOThread") is True and bus != BUS_VIRTIO:
        causes.append(Cause(f"{field}.domain.devices.disks[{index}]", IO_THREADS_BUS_FMT.format(bus),
                            CAUSE_FIELD_VALUE_NOT_SUPPORTED))
    return causes


def _serial_value(field: str, index: int, disk: dict) -> list[Cause]:
    """``validateSerialNumValue``."""
    serial = as_str(disk.get("serial"))
    if not serial or _SERIAL_RE.fullmatch(serial):
        return []
    return [Cause(f"{field}[{index}].serial", SERIAL_CHARACTERS_FMT.format(f"{field}[{index}]"),
                  CAUSE_FIELD_VALUE_INVALID)]


def _serial_length(field: str, index: int, disk: dict) -> list[Cause]:
    """``validateSerialNumLength``: at most 256 runes."""
    if len(as_str(disk.get("serial"))) <= MAX_SERIAL_LENGTH:
        return []
    return [Cause(f"{field}[{index}].serial", SERIAL_LENGTH_FMT.format(f"{field}[{index}]", MAX_SERIAL_LENGTH),
                  CAUSE_FIELD_VALUE_INVALID)]


def _cache_mode(field: str, index: int, disk: dict) -> list[Cause]:
    """``validateCacheMode``."""
    cache = as_str(disk.get("cache"))
    if not cache or cache in CACHE_MODES:
        return []
    path = f"{field}[{index}].cache"
    return [Cause(path, CACHE_MODE_FMT.format(path, cache), CAUSE_FIELD_VALUE_INVALID)]


def _io_mode(field: str, index: int, disk: dict) -> list[Cause]:
    """``validateIOMode``."""
    mode = as_str(disk.get("io"))
    if not mode or mode in IO_MODES:
        return []
    return [Cause(f"{field}.domain.devices.disks[{index}].io", IO_MODE_FMT.format(field),
                  CAUSE_FIELD_VALUE_NOT_SUPPORTED)]


def _error_policy(field: str, index: int, disk: dict) -> list[Cause]:
    """``validateErrorPolicy``: a set policy (even "") must be a known one."""
    if not _is_set(disk, "errorPolicy"):
        return []
    policy = as_str(disk.get("errorPolicy"))
    if policy in ERROR_POLICIES:
        return []
    path = f"{field}[{index}].errorPolicy"
    return [Cause(path, ERROR_POLICY_FMT.format(path, policy), CAUSE_FIELD_VALUE_INVALID)]


@lru_cache(maxsize=4096)
def _container_name_errors(name: str) -> tuple[str, ...]:
    """``IsDNS1123Label`` of a disk name (names repeat across VMs)."""
    return tuple(is_dns1123_label(name))


def _name_as_container_name(field: str, index: int, errors: tuple[str, ...]) -> list[Cause]:
    """``validateDiskNameAsContainerName``: the name is an RFC 1123 label (one cause per problem,
    ``errors``)."""
    path = f"{field}.domain.devices.disks[{index}].name"
    return [Cause(path, message, CAUSE_FIELD_VALUE_INVALID) for message in errors]


def _block_size(field: str, index: int, disk: dict, bus: str) -> list[Cause]:
    """``validateBlockSize``: a custom block size alone, consistent, and each size in range
    (``bus``: ``getDiskBus``)."""
    block_size = as_dict(disk.get("blockSize"))
    if not _is_set(block_size, "custom"):
        return []
    path = f"{field}[{index}].blockSize"
    if _is_set(block_size, "matchVolume"):
        enabled = as_dict(block_size.get("matchVolume")).get("enabled")
        if enabled is None or enabled is True:
            return [Cause(path, MATCH_VOLUME_WITH_CUSTOM, CAUSE_FIELD_VALUE_INVALID)]
    custom = as_dict(block_size.get("custom"))
    logical, physical = as_int(custom.get("logical")), as_int(custom.get("physical"))
    if logical > physical:
        return [Cause(f"{path}.custom.logical", LOGICAL_ABOVE_PHYSICAL_FMT.format(logical, physical),
                      CAUSE_FIELD_VALUE_INVALID)]
    if bus == BUS_SATA and logical != MIN_CUSTOM_BLOCK_SIZE:
        return [Cause(f"{path}.custom.logical", SATA_LOGICAL_FMT.format(logical, MIN_CUSTOM_BLOCK_SIZE),
                      CAUSE_FIELD_VALUE_INVALID)]
    if _is_set(custom, "discardGranularity") and logical != 0:
        granularity = as_int(custom.get("discardGranularity"))
        if granularity % logical != 0:
            return [Cause(f"{path}.custom.discardGranularity", DISCARD_GRANULARITY_FMT.format(granularity, logical),
                          CAUSE_FIELD_VALUE_INVALID)]
    return _custom_block_size(f"{path}.custom.logical", logical) + _custom_block_size(f"{path}.custom.physical",
                                                                                      physical)


def _custom_block_size(path: str, size: int) -> list[Cause]:
    """``validateCustomBlockSize``: between 512 and 2 MiB, and a power of 2."""
    if size < MIN_CUSTOM_BLOCK_SIZE:
        message = BLOCK_SIZE_BELOW_MIN_FMT.format(size, MIN_CUSTOM_BLOCK_SIZE)
    elif size > MAX_CUSTOM_BLOCK_SIZE:
        message = BLOCK_SIZE_ABOVE_MAX_FMT.format(size, MAX_CUSTOM_BLOCK_SIZE)
    elif size & (size - 1):
        message = BLOCK_SIZE_NOT_POWER_OF_TWO_FMT.format(size)
    else:
        return []
    return [Cause(path, message, CAUSE_FIELD_VALUE_INVALID)]


def validate_container_disks(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``ValidateContainerDisks``: each container disk's ``path``, when set, is a clean absolute path."""
    causes: list[Cause] = []
    volumes = spec.get("volumes")
    for index, volume in enumerate(volumes if isinstance(volumes, list) else ()):
        container_disk = volume.get("containerDisk") if isinstance(volume, dict) else None
        if container_disk is None:
            continue
        path = as_str(as_dict(container_disk).get("path"))
        if path:
            causes += validate_path(f"{field}.volumes[{index}].containerDisk", path)
    return causes


def validate_path(field: str, path: str) -> list[Cause]:
    """``ValidatePath``: not "/", and equal to its clean absolute form (one trailing "/" allowed)."""
    if path == "/":
        return [Cause(field, PATH_ROOT_FMT.format(field), CAUSE_FIELD_VALUE_INVALID)]
    provided = path[:-1] if path.endswith("/") else path
    if clean_rooted_path(path) != provided:
        return [Cause(field, PATH_NOT_ABSOLUTE_FMT.format(field), CAUSE_FIELD_VALUE_INVALID)]
    return []


def clean_rooted_path(path: str) -> str:
    """Go's ``filepath.Join("/", path)``: ``Clean`` of ``/path`` (repeated slashes, "." and ".."
    resolved; ".." at the root stays at the root)."""
    parts: list[str] = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
            continue
        parts.append(part)
    return "/" + "/".join(parts)
