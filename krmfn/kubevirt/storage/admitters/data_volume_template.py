"""A VM's dataVolumeTemplates: each well formed and used by a volume.

Mirrors ``ValidateDataVolumeTemplate``, ``validateDataVolume`` and ``validateNumberOfSources`` in
``pkg/storage/admitters/data-volume-template.go`` (d923fdb8), run by the VM webhook's
``ValidateVirtualMachineSpec`` on the path ``spec``. Per entry, the first problem of the entry is its
cause; a well formed entry that no volume references (as ``persistentVolumeClaim.claimName`` or
``dataVolume.name``) is one too.

Oddity kept: KubeVirt names the entries ``spec.dataVolumeTemplate[N]`` (singular), and a missing or
double storage definition ``spec.dataVolumeTemplate[N].PVC.Storage`` (the Go field names).
"""
from __future__ import annotations


from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# The members of CDI's DataVolumeSource (v1beta1), by JSON name.
DATA_VOLUME_SOURCES = ("http", "s3", "gcs", "registry", "pvc", "upload", "blank", "imageio", "vddk", "snapshot")
_DATA_VOLUME_SOURCE_KEYS = frozenset(DATA_VOLUME_SOURCES)

# The problems of an entry: (path under the entry, message with ``{entry}`` for the entry's path, type).
NAME_REQUIRED = (".name", "'name' field must not be empty for DataVolumeTemplate entry {entry}.name.",
                 CAUSE_FIELD_VALUE_REQUIRED)
STORAGE_MISSING = (".PVC.Storage", "Missing Data volume PVC or Storage", CAUSE_FIELD_VALUE_INVALID)
STORAGE_DUPLICATE = (".PVC.Storage", "Duplicate storage definition, both target storage and target pvc defined",
                     CAUSE_FIELD_VALUE_INVALID)
EXTERNAL_WITH_SOURCE = (".source", "External population is incompatible with Source and SourceRef",
                        CAUSE_FIELD_VALUE_INVALID)
NO_SOURCE = (".source.sourceRef", "Data volume should have either Source, SourceRef, or be externally populated",
             CAUSE_FIELD_VALUE_INVALID)
SOURCE_MISSING = (".source", "Missing dataVolume valid source", CAUSE_FIELD_VALUE_INVALID)
SOURCE_MULTIPLE = (".source", "Multiple dataVolume sources", CAUSE_FIELD_VALUE_INVALID)
UNREFERENCED = ("", "DataVolumeTemplate entry {entry} must be referenced in the VMI template's 'volumes' list",
                CAUSE_FIELD_VALUE_REQUIRED)

Problem = tuple[str, str, str]


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def validate_data_volume_template(field: str, vm_spec: dict) -> list[Cause]:
    """``ValidateDataVolumeTemplate`` for a VM spec at ``field``."""
    templates = vm_spec.get("dataVolumeTemplates")
    if not isinstance(templates, list) or not templates:
        return []
    volumes = _dict(_dict(vm_spec.get("template")).get("spec")).get("volumes")
    if not isinstance(volumes, list):
        volumes = []
    causes: list[Cause] = []
    for index, template in enumerate(templates):
        data_volume = _dict(template)
        name = _name(data_volume)
        problem = _validate_data_volume(data_volume, name)
        if problem is None and not _referenced(volumes, name):
            problem = UNREFERENCED
        if problem is not None:
            child, message, cause_type = problem
            entry = f"{field}.dataVolumeTemplate[{index}]"
            causes.append(Cause(entry + child, message.format(entry=entry), cause_type))
    return causes


def _name(data_volume: dict) -> str:
    name = _dict(data_volume.get("metadata")).get("name")
    return name if isinstance(name, str) else ""


def _referenced(volumes: list, name: str) -> bool:
    """A volume references the DataVolume ``name``: as its claim or its DataVolume."""
    for volume in volumes:
        if not isinstance(volume, dict):
            continue
        claim = volume.get("persistentVolumeClaim")
        if isinstance(claim, dict) and claim.get("claimName", "") == name:
            return True
        data_volume = volume.get("dataVolume")
        if isinstance(data_volume, dict) and data_volume.get("name", "") == name:
            return True
    return False


def _validate_data_volume(data_volume: dict, name: str) -> Problem | None:
    """``validateDataVolume``: the entry's first problem, if any (``name``: its metadata's)."""
    if not name:
        return NAME_REQUIRED
    spec = _dict(data_volume.get("spec"))
    pvc, storage = spec.get("pvc"), spec.get("storage")
    if pvc is None and storage is None:
        return STORAGE_MISSING
    if pvc is not None and storage is not None:
        return STORAGE_DUPLICATE
    target = _dict(pvc if pvc is not None else storage)
    externally_populated = target.get("dataSourceRef") is not None or target.get("dataSource") is not None
    source = spec.get("source")
    has_source = source is not None or spec.get("sourceRef") is not None
    if externally_populated and has_source:
        return EXTERNAL_WITH_SOURCE
    if not externally_populated and not has_source:
        return NO_SOURCE
    if source is not None:
        return _validate_number_of_sources(_dict(source))
    return None


def _validate_number_of_sources(source: dict) -> Problem | None:
    """``validateNumberOfSources``: exactly one member of the DataVolumeSource is set."""
    present = _DATA_VOLUME_SOURCE_KEYS.intersection(source)
    count = len(present)
    for key in present:
        if source[key] is None:
            count -= 1
    if count == 0:
        return SOURCE_MISSING
    if count > 1:
        return SOURCE_MULTIPLE
    return None
