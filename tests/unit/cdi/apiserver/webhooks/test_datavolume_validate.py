"""``krmfn.cdi.apiserver.webhooks.datavolume_validate``: rules and quirks beyond CDI's Go test."""
from __future__ import annotations

from krmfn.cdi.apiserver.webhooks.datavolume_validate import (
    validate_data_volume_create,
    validate_data_volume_spec,
)
from krmfn.kubevirt.util.webhooks import Cause, allow

INVALID = "FieldValueInvalid"
SIZE = {"resources": {"requests": {"storage": "1Gi"}}}
HTTP = {"http": {"url": "https://example.com/disk.img"}}


def causes(spec: dict) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in validate_data_volume_spec(spec, "spec")]


def test_a_bad_storage_access_mode_is_reported_with_the_first_mode_on_the_pvc_field() -> None:
    spec = {"source": HTTP, "storage": {**SIZE, "accessModes": ["ReadWriteOnce", "ReadWriteSometimes"]}}
    assert causes(spec) == [("spec.PVC.accessModes", 'Unsupported value: "ReadWriteOnce": supported values: '
                                                     '"ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", '
                                                     '"ReadWriteOncePod"')]


def test_pvc_access_modes() -> None:
    assert causes({"source": HTTP, "pvc": {**SIZE, "accessModes": ["ReadWriteOnce", "ReadOnlyMany"]}}) == [
        ("spec.PVC.accessModes", "PVC multiple accessModes")]
    assert causes({"source": HTTP, "pvc": SIZE}) == [
        ("spec.PVC.accessModes", "Required value: at least 1 access mode is required")]
    assert causes({"source": HTTP, "storage": SIZE}) == []  # storage may leave them to the StorageProfile


def test_sizes_are_rounded_up_to_whole_bytes() -> None:
    assert causes({"source": HTTP, "storage": {"resources": {"requests": {"storage": "0.5"}}}}) == [
        ("spec.Storage.resources.requests.size", "Storage size should be at least 1MiB")]
    assert causes({"source": HTTP, "storage": {"resources": {"requests": {"storage": "-1Gi"}}}}) == [
        ("spec.Storage.resources.requests.size", "Storage size can't be equal or less than zero")]
    assert causes({"source": HTTP, "storage": {"resources": {"requests": {"storage": 1048576}}}}) == []


def test_a_size_is_checked_before_the_source() -> None:
    assert causes({"storage": {}}) == [("spec.Storage.resources.requests.size", "Storage size is missing")]
    assert causes({"sourceRef": {"kind": "DataSource", "name": "fedora"}, "storage": {}}) == []
    assert causes({"source": {"snapshot": {"namespace": "", "name": "snap"}}, "storage": {}}) == [
        ("spec.source.Snapshot", "spec.source.Snapshot source snapshot is not valid")]


def test_external_population_lists_every_cause() -> None:
    spec = {"source": HTTP, "storage": {**SIZE, "dataSource": {"kind": "", "name": ""},
                                        "dataSourceRef": {"kind": "PersistentVolumeClaim", "name": "a",
                                                          "namespace": "b"}}}
    assert causes(spec) == [
        ("spec.source", "External population is incompatible with Source and SourceRef"),
        ("", "DataSourceRef and DataSource must match"),
        ("spec.dataSource.name[]", "Required value: DataSource name"),
        ("spec.dataSource.kind", "Required value: DataSource kind"),
        ("spec.dataSource.apiGroup[]", "Required value: DataSource apiGroup when kind is not 'PersistentVolumeClaim'"),
        ("spec.dataSourceRef.namespace[]", "Invalid value: DataSourceRef namespace not supported"),
    ]


def test_identical_data_source_and_data_source_ref_still_do_not_match() -> None:
    reference = {"kind": "PersistentVolumeClaim", "name": "disk"}
    assert causes({"pvc": {**SIZE, "accessModes": ["ReadWriteOnce"], "dataSource": reference,
                           "dataSourceRef": reference}}) == [("", "DataSourceRef and DataSource must match")]


def test_source_ref_kinds() -> None:
    assert causes({"sourceRef": {"kind": "", "name": "x"}, "storage": {}}) == [
        ("spec.sourceRef.Kind", "Missing sourceRef kind")]


def test_a_claim_owned_by_a_data_volume_may_exist() -> None:
    dv = {"metadata": {"name": "disk", "namespace": "lab"}, "spec": {"source": HTTP, "storage": SIZE}}
    owned = {"metadata": {"name": "disk", "namespace": "lab", "ownerReferences": [
        {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataVolume", "name": "disk", "uid": "u",
         "controller": True}]}}
    assert validate_data_volume_create(dv, lambda namespace, name: owned) == allow()
    not_controller = {"metadata": {**owned["metadata"], "ownerReferences": [
        {**owned["metadata"]["ownerReferences"][0], "controller": False}]}}
    verdict = validate_data_volume_create(dv, lambda namespace, name: not_controller)
    assert verdict.causes == [Cause("DataVolume.Name", "Destination PVC lab/disk already exists",
                                    "FieldValueDuplicate")]
