"""Cases of CDI's ``pkg/apiserver/webhooks/datavolume-validate_test.go`` (v1.64.0), ported: the
CREATE cases of "Validating Webhook" "with DataVolume admission review" and "with DataVolume (using
sourceRef) admission review", on ``validate_data_volume_create`` (the webhook alone: the Go test
sends objects the CRD schema would stop first). The Go test checks ``Allowed`` only; here the whole
answer is compared, with the cause CDI's code gives. The objects are the Go helpers' (a 5Mi
``ReadWriteOnce`` claim spec, namespace ``default``); the Go test's claims and DataSources are the
bundle the webhook's GET reads.

Not ported:
- "should reject invalid DataVolume spec update", "should accept object meta update", "should
  reject DataVolume spec PVC size update", "should accept DataVolume spec PVC size format update"
  and the multi-stage checkpoint table: UPDATE, out of krmfn's scope.
"""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.cdi.apiserver.webhooks.datavolume_validate import validate_data_volume_create
from krmfn.cdi.feature_gates.feature_gates import DATA_VOLUME_CLAIM_ADOPTION, DEFAULT_FEATURE_GATES
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_WEBHOOK, Admission, Cause, allow, reject

LONG_NAME = "name-is-longer-than-253-" + "0123456789" * 23
PVC_SIZE_DEFAULT = "5Mi"
INVALID = "FieldValueInvalid"


def pvc_spec(size: str = PVC_SIZE_DEFAULT) -> dict:
    return {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": size}}}


def data_volume(name: str = "testDV", source: dict | None = None, source_ref: dict | None = None,
                pvc: dict | None = None, storage: dict | None = None, **spec: Any) -> dict:
    body: dict[str, Any] = {**spec}
    for key, value in (("source", source), ("sourceRef", source_ref), ("pvc", pvc), ("storage", storage)):
        if value is not None:
            body[key] = value
    return {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataVolume",
            "metadata": {"name": name, "namespace": "default"}, "spec": body}


def http_dv(name: str = "testDV", url: str = "http://www.example.com") -> dict:
    return data_volume(name, {"http": {"url": url}}, pvc=pvc_spec())


def registry_dv(url: str = "docker://registry:5000/test", **registry: str) -> dict:
    return data_volume("testDV", {"registry": {"url": url, **registry}}, pvc=pvc_spec())


def pvc_clone_dv(namespace: str = "testNamespace", name: str = "test") -> dict:
    return data_volume("testDV", {"pvc": {"namespace": namespace, "name": name}}, pvc=pvc_spec())


def data_source_dv(namespace: str | None = "testNamespace", name: str = "test") -> dict:
    source_ref: dict[str, Any] = {"kind": "DataSource", "name": name}
    if namespace is not None:
        source_ref["namespace"] = namespace
    return data_volume("testDV", source_ref=source_ref, pvc=pvc_spec())


def claim(name: str, namespace: str, annotations: dict | None = None, volume_name: str | None = None) -> dict:
    metadata: dict[str, Any] = {"name": name, "namespace": namespace}
    if annotations:
        metadata["annotations"] = annotations
    spec = pvc_spec()
    if volume_name:
        spec["volumeName"] = volume_name
    return {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": metadata, "spec": spec}


def validate(dv: dict, *claims: dict, gates: frozenset[str] = DEFAULT_FEATURE_GATES) -> Admission:
    def get(namespace: str, name: str) -> dict | None:
        return next((c for c in claims if c["metadata"]["namespace"] == namespace and c["metadata"]["name"] == name),
                    None)
    return validate_data_volume_create(dv, get, gates)


def rejected(field: str, message: str, cause_type: str = INVALID) -> Admission:
    return reject(STAGE_VALIDATING_WEBHOOK, [Cause(field, message, cause_type)])


EXISTS = rejected("DataVolume.Name", "Destination PVC default/testDV already exists", "FieldValueDuplicate")
TOO_LONG = rejected("", "Name cannot be longer than 253 characters")
NODE = {"pullMethod": "node"}


def _with(dv: dict, **changes: Any) -> dict:
    dv["spec"].update(changes)
    return dv


def _annotated(dv: dict, annotations: dict) -> dict:
    dv["metadata"]["annotations"] = annotations
    return dv


@pytest.mark.parametrize(("dv", "claims", "expected"), [
    pytest.param(http_dv(), (), allow(), id="should accept DataVolume with HTTP source on create"),
    pytest.param(data_volume(source={"gcs": {"url": "gs://www.example.com"}}, pvc=pvc_spec()), (), allow(),
                 id="should accept DataVolume with GS source on create"),
    pytest.param(data_volume(source={"gcs": {"url": "gcs://www.example.com"}}, pvc=pvc_spec()), (),
                 rejected("spec.source.GCS.url", "spec.source Invalid source URL scheme: gcs://www.example.com"),
                 id="should reject DataVolume with GCS source on create"),
    pytest.param(pvc_clone_dv(), (claim("testDV", "default"),), EXISTS,
                 id="should reject DataVolume when target pvc exists"),
    pytest.param(registry_dv(), (), allow(), id="should accept DataVolume with Registry source URL on create"),
    pytest.param(data_volume(source={"registry": {"imageStream": "istream", **NODE}}, pvc=pvc_spec()), (), allow(),
                 id="should accept DataVolume with Registry source ImageStream and node PullMethod on create"),
    pytest.param(data_volume(source={"registry": {"imageStream": "istream"}}, pvc=pvc_spec()), (),
                 rejected("spec.source.Registry.importMethod",
                          "Source registry ImageStream is supported only with node pull import method"),
                 id="should reject DataVolume with Registry source ImageStream and pod PullMethod on create"),
    pytest.param(data_volume(source={}, pvc=pvc_spec()), (), rejected("spec.source", "Missing Data volume source"),
                 id="should reject DataVolume with Registry source on create with no url or ImageStream"),
    pytest.param(data_volume(source={"registry": {"url": "docker://registry:5000/test", "imageStream": "istream"}},
                             pvc=pvc_spec()), (),
                 rejected("spec.source.Registry", "Source registry should have either URL or ImageStream"),
                 id="should reject DataVolume with Registry source on create with both url and ImageStream"),
    pytest.param(_with(registry_dv(), contentType="archive"), (),
                 rejected("spec.contentType", "ContentType must be kubevirt when Source is Registry"),
                 id="should reject DataVolume with Registry source on create with non-kubevirt contentType"),
    pytest.param(registry_dv("docker/::registry:5000/test"), (),
                 rejected("spec.source.Registry.URL", "Illegal registry source URL scheme docker/::registry:5000/test"),
                 id="should reject DataVolume with Registry source on create with illegal source URL"),
    pytest.param(registry_dv("joker://registry:5000/test"), (),
                 rejected("spec.source.Registry.URL", "Illegal registry source URL scheme joker://registry:5000/test"),
                 id="should reject DataVolume with Registry source on create with illegal transport in source URL"),
    pytest.param(registry_dv(pullMethod="nosuch"), (),
                 rejected("spec.source.Registry.importMethod", 'ImportMethod nosuch is neither pod, node or ""'),
                 id="should reject DataVolume with Registry source on create with illegal importMethod"),
    pytest.param(registry_dv(**NODE), (), allow(),
                 id="should accept DataVolume with Registry source on create with supported importMethod"),
    pytest.param(pvc_clone_dv(), (claim("test", "testNamespace"),), allow(),
                 id="should accept DataVolume with PVC source on create"),
    pytest.param(http_dv(), (claim("testDV", "default", {"cdi.kubevirt.io/storage.populatedFor": "testDV"}, "pv"),),
                 allow(), id="should accept DataVolume with PVC initialized create"),
    pytest.param(_annotated(http_dv(), {"cdi.kubevirt.io/allowClaimAdoption": "true"}),
                 (claim("testDV", "default", volume_name="pv"),), allow(),
                 id="should accept DataVolume with PVC adoption annotation"),
    pytest.param(http_dv(), (claim("testDV", "default", {"cdi.kubevirt.io/allowClaimAdoption": "false"}, "pv"),),
                 EXISTS, id="should reject DataVolume with PVC adoption annotation false"),
    pytest.param(_annotated(http_dv(), {"cdi.kubevirt.io/allowClaimAdoption": "true"}),
                 (claim("testDV", "default"),), allow(),
                 id="should accept DataVolume with unbound PVC and adoption annotation"),
    pytest.param(pvc_clone_dv(), (), allow(), id="should accept DataVolume with PVC source on create if PVC does "
                                                  "not exist"),
    pytest.param(pvc_clone_dv(namespace=""), (), rejected("spec.source.PVC", "spec.source.PVC source PVC is not valid"),
                 id="should reject invalid DataVolume source PVC namespace on create"),
    pytest.param(pvc_clone_dv(name=""), (), rejected("spec.source.PVC", "spec.source.PVC source PVC is not valid"),
                 id="should reject invalid DataVolume source PVC name on create"),
    pytest.param(http_dv(LONG_NAME), (), TOO_LONG,
                 id="should reject DataVolume with name length greater than 253 characters"),
    pytest.param(http_dv(url="invalidurl"), (),
                 rejected("spec.source.HTTP.url", "spec.source Invalid source URL: invalidurl"),
                 id="should reject DataVolume source with invalid URL on create"),
    pytest.param(data_volume(source={"http": {"url": "http://www.example.com"}, "s3": {"url": "http://s3.examples3.com"}},
                             pvc=pvc_spec()), (), rejected("spec.source", "Multiple Data volume sources"),
                 id="should reject DataVolume with multiple sources on create"),
    pytest.param(data_volume(source={"http": {"url": "http://www.example.com"}}), (),
                 rejected("spec.PVC", "Missing Data volume PVC"), id="should reject DataVolume with empty PVC create"),
    pytest.param(data_volume(source={"http": {"url": "http://www.example.com"}}, pvc=pvc_spec("0")), (),
                 rejected("spec.PVC.resources.requests.size", "PVC size can't be equal or less than zero"),
                 id="should reject DataVolume with PVC size 0"),
    pytest.param(data_volume("blank", {"blank": {}}, pvc=pvc_spec("9")), (),
                 rejected("spec.PVC.resources.requests.size", "PVC size should be at least 1MiB"),
                 id="should reject DataVolume with size smaller than 1MiB"),
    pytest.param(data_volume("blank", {"blank": {}}, pvc=pvc_spec()), (), allow(),
                 id="should accept DataVolume with Blank source and no content type"),
    pytest.param(data_volume("blank", {"blank": {}}, pvc=pvc_spec(), contentType="kubevirt"), (), allow(),
                 id="should accept DataVolume with Blank source and kubevirt contentType"),
    pytest.param(data_volume("blank", {"blank": {}}, pvc=pvc_spec(), contentType="archive"), (),
                 rejected("spec.contentType", "SourceType cannot be blank and the contentType be archive"),
                 id="should reject DataVolume with Blank source and archive contentType"),
    pytest.param(_with(http_dv(), contentType="invalid"), (),
                 rejected("spec.contentType", "ContentType not one of: kubevirt, archive"),
                 id="should reject DataVolume with invalid contentType"),
    pytest.param(_with(http_dv(), contentType="archive"), (), allow(),
                 id="should accept DataVolume with archive contentType"),
    pytest.param(data_volume(source={"http": {"url": "http://www.example.com"}},
                             storage={"resources": {"requests": {}}}), (),
                 rejected("spec.Storage.resources.requests.size", "Storage size is missing"),
                 id="should reject empty Requests when using Storage API with DataVolumeSource but without "
                    "DataVolumeSourcePVC"),
    pytest.param(data_volume(source_ref={"kind": "DataSource", "namespace": "testNamespace", "name": "testDs"},
                             storage={}), (claim("testPVC", "testNamespace"),), allow(),
                 id="should allow empty Requests when using Storage API with DataVolumeSourceRef"),
    pytest.param(data_volume("test-dv", pvc={**pvc_spec(), "dataSource": {"kind": "PersistentVolumeClaim",
                                                                         "name": "test-dv"}}), (), allow(),
                 id="should accept DataVolume without source if dataSource is correctly populated"),
    pytest.param(data_volume("test-dv", pvc={**pvc_spec(), "dataSourceRef": {"kind": "PersistentVolumeClaim",
                                                                            "name": "test-dv"}}), (), allow(),
                 id="should accept DataVolume without source if dataSourceRef is correctly populated"),
    pytest.param(data_volume("test-dv", {"blank": {}}, pvc={**pvc_spec(), "dataSource": {
        "kind": "PersistentVolumeClaim", "name": "test-dv"}}), (),
        rejected("spec.source", "External population is incompatible with Source and SourceRef"),
        id="should reject DataVolume with populated source and dataSource"),
    pytest.param(data_volume("test-dv", {"blank": {}}, pvc={**pvc_spec(), "dataSourceRef": {
        "kind": "PersistentVolumeClaim", "name": "test-dv"}}), (),
        rejected("spec.source", "External population is incompatible with Source and SourceRef"),
        id="should reject DataVolume with populated source and dataSourceRef"),
    pytest.param(data_volume("test-dv", pvc={**pvc_spec(),
                                             "dataSource": {"kind": "VolumeSnapshot", "name": "test-dv"}}),
                 (), rejected("spec.dataSource.apiGroup[]",
                              "Required value: DataSource apiGroup when kind is not 'PersistentVolumeClaim'"),
                 id="should reject DataVolume with badly populated dataSource"),
    pytest.param(data_volume("test-dv", pvc={**pvc_spec(),
                                             "dataSource": {"kind": "PersistentVolumeClaim", "name": "test-dv"},
                                             "dataSourceRef": {"kind": "PersistentVolumeClaim",
                                                               "name": "test-dv-test"}}),
                 (), rejected("", "DataSourceRef and DataSource must match"),
                 id="should reject DataVolume with if dataSource and dataSourceRef are different"),
    pytest.param(data_volume("test-dv", pvc={**pvc_spec(), "dataSourceRef": {
        "namespace": "foo", "kind": "PersistentVolumeClaim", "name": "test-dv"}}), (),
        rejected("spec.dataSourceRef.namespace[]", "Invalid value: DataSourceRef namespace not supported"),
        id="should reject DataVolume with cross namespace dataSourceRef"),
])
def test_with_data_volume_admission_review(dv: dict, claims: tuple[dict, ...], expected: Admission) -> None:
    assert validate(dv, *claims) == expected


@pytest.mark.parametrize(("annotations", "expected"), [
    pytest.param(None, allow(), id="should accept DataVolume with PVC and adoption featurgate set"),
    pytest.param({"cdi.kubevirt.io/allowClaimAdoption": "false"}, EXISTS,
                 id="should reject DataVolume with PVC adoption annotation false and featuregate set"),
])
def test_with_the_claim_adoption_feature_gate(annotations: dict | None, expected: Admission) -> None:
    gates = frozenset({DATA_VOLUME_CLAIM_ADOPTION})
    dv = _annotated(http_dv(), annotations) if annotations else http_dv()
    assert validate(dv, claim("testDV", "default", volume_name="pv"), gates=gates) == expected
    assert validate(dv, claim("testDV", "default"), gates=gates) == expected  # "unbound PVC" variant


@pytest.mark.parametrize(("name", "expected"), [
    pytest.param("", allow(), id="should accept DataVolume with Storage spec blank StorageClassName"),
    pytest.param(LONG_NAME, TOO_LONG, id="should reject DataVolume with Storage spec too long StorageClassName"),
    pytest.param(None, allow(), id="should accept DataVolume with Storage spec empty StorageClassName"),
])
def test_storage_class_name_of_a_storage_spec(name: str | None, expected: Admission) -> None:
    storage: dict[str, Any] = {"resources": {"requests": {"storage": "500Mi"}}}
    if name is not None:
        storage["storageClassName"] = name
    assert validate(data_volume(source={"http": {"url": "http://www.example.com"}}, storage=storage)) == expected


@pytest.mark.parametrize(("name", "expected"), [
    pytest.param("", allow(), id="should accept DataVolume with PVC spec blank StorageClassName"),
    pytest.param(LONG_NAME, TOO_LONG, id="should reject DataVolume with PVC spec too long StorageClassName"),
    pytest.param(None, allow(), id="should accept DataVolume with PVC spec empty StorageClassName"),
])
def test_storage_class_name_of_a_pvc_spec(name: str | None, expected: Admission) -> None:
    dv = http_dv()
    if name is not None:
        dv["spec"]["pvc"]["storageClassName"] = name
    assert validate(dv) == expected


CLONE_SOURCE = {"pvc": {"namespace": "testNamespace", "name": "test"}}


@pytest.mark.parametrize(("storage", "pvc", "expected"), [
    pytest.param(None, None, rejected("spec.PVC", "Missing Data volume PVC"),
                 id="should reject clones with both nil Storage and PVC spec"),
    pytest.param({}, {}, rejected("spec.PVC.Storage",
                                  "Duplicate storage definition, both target storage and target pvc defined"),
                 id="should reject clones with both Storage and PVC spec"),
    pytest.param({}, None, allow(), id="should accept empty Storage spec when cloning PVC"),
    pytest.param({"resources": {}}, None, allow(), id="should accept blank Resources when cloning using Storage API"),
    pytest.param({"resources": {"requests": {}}}, None, allow(),
                 id="should accept empty Requests when cloning using Storage API"),
    pytest.param(None, {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {}}},
                 rejected("spec.PVC.resources.requests.size", "PVC size is missing"),
                 id="should reject empty Requests when cloning using PVC API"),
])
def test_should_validate_clones(storage: dict | None, pvc: dict | None, expected: Admission) -> None:
    dv = data_volume(source=CLONE_SOURCE, pvc=pvc, storage=storage)
    assert validate(dv, claim("test", "testNamespace")) == expected


@pytest.mark.parametrize("namespace", [
    pytest.param("testNamespace", id="accept DataVolume with PVC and sourceRef on create"),
    pytest.param(None, id="accept DataVolume with PVC and sourceRef nil namespace on create"),
    pytest.param("", id="accept DataVolume with PVC and sourceRef missing namespace on create"),
])
def test_with_data_volume_using_source_ref(namespace: str | None) -> None:
    dv = data_source_dv(namespace)
    dv["metadata"]["namespace"] = "testNamespace"
    assert validate(dv, claim("testPVC", "testNamespace")) == allow()


@pytest.mark.parametrize(("dv", "expected"), [
    pytest.param(data_source_dv(), allow(),
                 id="should allow DataVolume with SourceRef on create if DataSource does not exist"),
    pytest.param(data_source_dv(), allow(), id="should allow DataVolume with SourceRef on create if DataSource exists "
                                               "but its PVC field is not populated"),
    pytest.param(data_source_dv(), allow(),
                 id="should accept DataVolume with SourceRef on create if DataSource exists but PVC does not exist"),
    pytest.param(data_source_dv(), allow(), id="should accept DataVolume with SourceRef on create if DataSource "
                                               "exists but snapshot does not exist"),
    pytest.param(data_source_dv(name=""), rejected("spec.sourceRef.Name", "Missing sourceRef name"),
                 id="should reject DataVolume with empty SourceRef name on create"),
    pytest.param(data_volume(source=CLONE_SOURCE, source_ref={"kind": "DataSource", "namespace": "testNamespace",
                                                              "name": "test"}, pvc=pvc_spec()),
                 rejected("spec.source", "Data volume should have either Source or SourceRef, or be externally "
                                         "populated"),
                 id="should reject DataVolume with both source and sourceRef on create"),
    pytest.param(data_volume(pvc=pvc_spec()),
                 rejected("spec.source", "Data volume should have either Source or SourceRef, or be externally "
                                         "populated"),
                 id="should reject DataVolume with no source or sourceRef on create"),
])
def test_source_ref_cases(dv: dict, expected: Admission) -> None:
    """The validating webhook never GETs the DataSource: with or without one, the same answer."""
    assert validate(dv) == expected
