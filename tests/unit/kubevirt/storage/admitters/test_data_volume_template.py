"""pkg/storage/admitters/data-volume-template.go: ValidateDataVolumeTemplate."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.storage.admitters.data_volume_template import validate_data_volume_template

GOOD_SPEC = {"storage": {"resources": {"requests": {"storage": "1Gi"}}},
             "sourceRef": {"kind": "DataSource", "name": "fedora"}}


def dvt(name: str | None = "root", **spec: object) -> dict:
    entry: dict = {"spec": spec if spec else dict(GOOD_SPEC)}
    if name is not None:
        entry["metadata"] = {"name": name}
    return entry


def causes(templates: list, volumes: list) -> list[tuple[str, str]]:
    vm_spec = {"dataVolumeTemplates": templates, "template": {"spec": {"volumes": volumes}}}
    return [(c.field, c.message) for c in validate_data_volume_template("spec", vm_spec)]


def test_referenced_by_a_data_volume_or_a_claim() -> None:
    assert causes([dvt()], [{"name": "v", "dataVolume": {"name": "root"}}]) == []
    assert causes([dvt()], [{"name": "v", "persistentVolumeClaim": {"claimName": "root"}}]) == []


def test_unreferenced_entry() -> None:
    assert causes([dvt(), dvt("data")], [{"name": "v", "dataVolume": {"name": "root"}}]) == [
        ("spec.dataVolumeTemplate[1]",
         "DataVolumeTemplate entry spec.dataVolumeTemplate[1] must be referenced in the VMI template's 'volumes' list")]


@pytest.mark.parametrize("entry, expected", [
    (dvt(None), ("spec.dataVolumeTemplate[0].name",
                 "'name' field must not be empty for DataVolumeTemplate entry spec.dataVolumeTemplate[0].name.")),
    (dvt(sourceRef={"name": "x"}), ("spec.dataVolumeTemplate[0].PVC.Storage", "Missing Data volume PVC or Storage")),
    (dvt(pvc={}, storage={}, sourceRef={"name": "x"}),
     ("spec.dataVolumeTemplate[0].PVC.Storage",
      "Duplicate storage definition, both target storage and target pvc defined")),
    (dvt(storage={"dataSourceRef": {"name": "x"}}, source={"blank": {}}),
     ("spec.dataVolumeTemplate[0].source", "External population is incompatible with Source and SourceRef")),
    (dvt(storage={}), ("spec.dataVolumeTemplate[0].source.sourceRef",
                       "Data volume should have either Source, SourceRef, or be externally populated")),
    (dvt(storage={}, source={}), ("spec.dataVolumeTemplate[0].source", "Missing dataVolume valid source")),
    (dvt(pvc={}, source={"http": {"url": "u"}, "blank": {}}),
     ("spec.dataVolumeTemplate[0].source", "Multiple dataVolume sources")),
])
def test_the_first_problem_of_an_entry_is_its_only_cause(entry: dict, expected: tuple[str, str]) -> None:
    assert causes([entry], []) == [expected]  # unreferenced too, but a malformed entry is not checked for that


def test_externally_populated_and_one_source_are_well_formed() -> None:
    volumes = [{"name": "v", "dataVolume": {"name": "root"}}]
    assert causes([dvt(pvc={"dataSource": {"name": "snap"}})], volumes) == []
    assert causes([dvt(storage={}, source={"blank": {}, "http": None})], volumes) == []
