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

from typing import Any

from krmfn.instancetype.webhooks.response import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause


# The members of CDI's DataVolumeSource (v1beta1), by JSON name.
DATA_VOLUME_SOURCES = ("http", "s3", "gcs", "registry", "pvc", "upload", "blank", "imageio", "vddk", "snapshot")


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def validate_data_volume_template(field: str, vm_spec: dict) -> list[Cause]:
    """``ValidateDataVolumeTemplate`` for a VM spec at ``field``."""
    templates = vm_spec.get("dataVolumeTemplates")
    template_spec = _dict(_dict(vm_spec.get("template")).get("spec"))
    volumes = template_spec.get("volumes")
    volumes = [_dict(volume) for volume in volumes] if isinstance(volumes, list) else []
    causes: list[Cause] = []
    for index, data_volume in enumerate(templates if isinstance(templates, list) else []):
        entry = f"{field}.dataVolumeTemplate[{index}]"
        problems = _validate_data_volume(entry, _dict(data_volume))
        if problems:
            causes.extend(problems)
            continue
        name = _name(_dict(data_volume))
        if not any(_references(volume, name) for volume in volumes):
            causes.append(Cause(entry, f"DataVolumeTemplate entry {entry} must be referenced in the VMI template's "
                                       "'volumes' list", CAUSE_FIELD_VALUE_REQUIRED))
    return causes


def _name(data_volume: dict) -> str:
    name = _dict(data_volume.get("metadata")).get("name")
    return name if isinstance(name, str) else ""


def _references(volume: dict, name: str) -> bool:
    claim = volume.get("persistentVolumeClaim")
    data_volume = volume.get("dataVolume")
    return (isinstance(claim, dict) and claim.get("claimName", "") == name) or (
        isinstance(data_volume, dict) and data_volume.get("name", "") == name)


def _validate_data_volume(entry: str, data_volume: dict) -> list[Cause]:
    """``validateDataVolume``: the entry's first problem, if any."""
    if not _name(data_volume):
        return [Cause(f"{entry}.name", f"'name' field must not be empty for DataVolumeTemplate entry {entry}.name.",
                      CAUSE_FIELD_VALUE_REQUIRED)]
    spec = _dict(data_volume.get("spec"))
    pvc, storage = spec.get("pvc"), spec.get("storage")
    if pvc is None and storage is None:
        return [Cause(f"{entry}.PVC.Storage", "Missing Data volume PVC or Storage", CAUSE_FIELD_VALUE_INVALID)]
    if pvc is not None and storage is not None:
        return [Cause(f"{entry}.PVC.Storage", "Duplicate storage definition, both target storage and target pvc "
                                              "defined", CAUSE_FIELD_VALUE_INVALID)]
    target = _dict(pvc if pvc is not None else storage)
    externally_populated = target.get("dataSourceRef") is not None or target.get("dataSource") is not None
    has_source = spec.get("source") is not None or spec.get("sourceRef") is not None
    if externally_populated and has_source:
        return [Cause(f"{entry}.source", "External population is incompatible with Source and SourceRef",
                      CAUSE_FIELD_VALUE_INVALID)]
    if not externally_populated and not has_source:
        return [Cause(f"{entry}.source.sourceRef",
                      "Data volume should have either Source, SourceRef, or be externally populated",
                      CAUSE_FIELD_VALUE_INVALID)]
    if spec.get("source") is not None:
        return _validate_number_of_sources(entry, _dict(spec.get("source")))
    return []


def _validate_number_of_sources(entry: str, source: dict) -> list[Cause]:
    """``validateNumberOfSources``: exactly one member of the DataVolumeSource is set."""
    count = sum(1 for key in DATA_VOLUME_SOURCES if source.get(key) is not None)
    if count == 0:
        return [Cause(f"{entry}.source", "Missing dataVolume valid source", CAUSE_FIELD_VALUE_INVALID)]
    if count > 1:
        return [Cause(f"{entry}.source", "Multiple dataVolume sources", CAUSE_FIELD_VALUE_INVALID)]
    return []
