"""``krmfn.cdi.apiserver.cdi_schema``: the CRD schemas and Go's decoding."""
from __future__ import annotations

import pytest

from krmfn.cdi.apiserver.cdi_schema import (
    DATA_IMPORT_CRON,
    DATA_SOURCE,
    DATA_VOLUME,
    json_unmarshal_error,
    with_min_length_error,
)
from krmfn.kubevirt.apiserver.schema import check

DV = {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataVolume", "metadata": {"name": "dv"},
      "spec": {"source": {"http": {"url": "https://example.com/disk.img"}},
               "storage": {"resources": {"requests": {"storage": "1Gi"}}}}}


def test_every_field_of_a_full_data_volume_is_known() -> None:
    spec = {
        "source": {"registry": {"url": "docker://x", "pullMethod": "node", "secretRef": "s", "certConfigMap": "c",
                                "platform": {"architecture": "arm64"}}},
        "pvc": {"accessModes": ["ReadWriteOnce"], "volumeMode": "Block", "storageClassName": "fast",
                "volumeAttributesClassName": "gold", "volumeName": "pv",
                "selector": {"matchLabels": {"a": "b"}, "matchExpressions": [
                    {"key": "a", "operator": "In", "values": ["b"]}]},
                "resources": {"requests": {"storage": "1Gi"}, "limits": {"storage": "2Gi"}}},
        "contentType": "kubevirt", "preallocation": True, "priorityClassName": "high",
        "checkpoints": [{"current": "b", "previous": "a"}], "finalCheckpoint": False,
    }
    status = {"phase": "Succeeded", "progress": "100.0%", "restartCount": 0, "claimName": "dv",
              "conditions": [{"type": "Ready", "status": "True", "reason": "r", "message": "m",
                              "lastTransitionTime": "2025-01-01T00:00:00Z", "lastHeartbeatTime": None}]}
    report = check({**DV, "spec": spec, "status": status}, DATA_VOLUME)
    assert (report.unknown, report.errors) == ([], [])


def test_unknown_fields_and_schema_errors() -> None:
    obj = {**DV, "spec": {**DV["spec"], "contentType": "qcow2", "storageClass": "fast"}, "status": {"bogus": 1}}
    report = check(obj, DATA_VOLUME)
    assert report.unknown == ["spec.storageClass", "status.bogus"]
    assert [error.crd_cause() for error in report.errors] == [
        ("spec.contentType", 'Unsupported value: "qcow2": supported values: "kubevirt", "archive"')]


def test_blank_and_upload_sources_are_empty_objects() -> None:
    report = check({**DV, "spec": {"source": {"blank": {"size": 1}}, "storage": {}}}, DATA_VOLUME)
    assert report.unknown == ["spec.source.blank.size"]


def test_a_data_source_requires_its_source_and_a_named_reference() -> None:
    obj = {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataSource", "metadata": {"name": "ds"},
           "spec": {"source": {"pvc": {"name": "disk"}}}}
    assert [error.crd_cause() for error in check(obj, DATA_SOURCE).errors] == [("spec.source.pvc.namespace",
                                                                                 "Required value")]
    assert [error.crd_cause() for error in check({**obj, "spec": {}}, DATA_SOURCE).errors] == [
        ("spec.source", "Required value")]


def cron(**spec: object) -> dict:
    return {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataImportCron", "metadata": {"name": "c"},
            "spec": {"schedule": "@daily", "managedDataSource": "fedora",
                     "template": {"spec": {"source": {"registry": {"url": "docker://x"}}}}, **spec}}


def test_a_cron_template_has_no_metadata_fields() -> None:
    obj = cron()
    obj["spec"]["template"]["metadata"] = {"labels": {"a": "b"}, "name": "x"}
    assert check(obj, DATA_IMPORT_CRON).unknown == ["spec.template.metadata.labels", "spec.template.metadata.name"]


def test_service_account_name_min_length() -> None:
    obj = cron(serviceAccountName="", garbageCollect=1)
    obj["spec"]["template"]["spec"]["contentType"] = "bad"
    report = with_min_length_error(obj, check(obj, DATA_IMPORT_CRON))
    assert [error.crd_cause() for error in report.errors] == [
        ("spec.garbageCollect",
         'Invalid value: "integer": spec.garbageCollect in body must be of type string: "integer"'),
        ("spec.serviceAccountName",
         'Invalid value: "": spec.serviceAccountName in body should be at least 1 chars long'),
        ("spec.template.spec.contentType", 'Unsupported value: "bad": supported values: "kubevirt", "archive"'),
    ]
    assert with_min_length_error(cron(serviceAccountName="sa"), check(cron(), DATA_IMPORT_CRON)).errors == []


@pytest.mark.parametrize(("spec", "error"), [
    ({"sourceRef": "fedora"}, ("json: cannot unmarshal string into Go struct field DataVolumeSpec.spec.sourceRef of "
                               "type v1beta1.DataVolumeSourceRef", "spec.sourceRef")),
    ({"pvc": {"accessModes": "ReadWriteOnce"}}, (
        "json: cannot unmarshal string into Go struct field PersistentVolumeClaimSpec.spec.pvc.accessModes of type "
        "[]v1.PersistentVolumeAccessMode", "spec.pvc.accessModes")),
    ({"pvc": {"accessModes": [1]}}, (
        "json: cannot unmarshal number into Go struct field PersistentVolumeClaimSpec.spec.pvc.accessModes of type "
        "v1.PersistentVolumeAccessMode",
        "spec.pvc.accessModes")),
    ({"preallocation": "true"}, ("json: cannot unmarshal string into Go struct field DataVolumeSpec.spec.preallocation "
                                 "of type bool", "spec.preallocation")),
    ({"storage": {"resources": {"requests": {"storage": "1e1.5"}}}},
     ("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
      "spec.storage.resources.requests")),
    ({"source": {"http": {"url": "https://x", "extraHeaders": "a"}}, "storage": {}},
     ("json: cannot unmarshal string into Go struct field DataVolumeSourceHTTP.spec.source.http.extraHeaders of "
      "type []string", "spec.source.http.extraHeaders")),
])
def test_json_unmarshal_errors(spec: dict, error: tuple[str, str]) -> None:
    assert json_unmarshal_error({**DV, "spec": spec}, DATA_VOLUME) == error


def test_a_quantity_error_stops_decoding_while_a_type_error_is_only_saved() -> None:
    spec = {"contentType": 1, "storage": {"resources": {"requests": {"storage": "lots"}}}}
    assert json_unmarshal_error({**DV, "spec": spec}, DATA_VOLUME)[0].startswith("quantities must match")
    spec = {"contentType": 1, "priorityClassName": True}
    assert json_unmarshal_error({**DV, "spec": spec}, DATA_VOLUME)[0] == (
        "json: cannot unmarshal number into Go struct field DataVolumeSpec.spec.contentType of type "
        "v1beta1.DataVolumeContentType")


def test_integers_out_of_range_and_fine_values() -> None:
    assert json_unmarshal_error(DV, DATA_VOLUME) is None
    assert json_unmarshal_error({**DV, "status": {"restartCount": 1.5}}, DATA_VOLUME) == (
        "json: cannot unmarshal number 1.5 into Go struct field DataVolumeStatus.status.restartCount of type int32",
        "status.restartCount")
    assert json_unmarshal_error(cron(importsToKeep=3000000000), DATA_IMPORT_CRON) == (
        "json: cannot unmarshal number 3000000000 into Go struct field DataImportCronSpec.spec.importsToKeep of type "
        "int32", "spec.importsToKeep")
    assert json_unmarshal_error(cron(importsToKeep=2.0), DATA_IMPORT_CRON) is None


def test_metadata_and_times_are_not_decoded_here() -> None:
    obj = {**DV, "metadata": {"labels": "x"}, "status": {"conditions": [{"lastTransitionTime": 5}]}}
    assert json_unmarshal_error(obj, DATA_VOLUME) is None
