"""``krmfn.cdi.apiserver.datavolume_create``: the DataVolume CREATE chain, end to end."""
from __future__ import annotations

from typing import Any

from krmfn.cdi.apiserver.datavolume_create import admit_data_volume
from krmfn.kubevirt.util.webhooks import (
    STAGE_DATAVOLUME_MUTATOR,
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
    allow,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

CONFIG = ClusterConfig()


def dv(api_version: str = "cdi.kubevirt.io/v1beta1", name: str = "fedora", **spec: Any) -> dict:
    body = spec or {"source": {"registry": {"url": "docker://quay.io/containerdisks/fedora:latest"}},
                    "storage": {"resources": {"requests": {"storage": "30Gi"}}}}
    return {"apiVersion": api_version, "kind": "DataVolume", "metadata": {"name": name}, "spec": body}


def data_source(name: str = "fedora", namespace: str = "default", **spec: Any) -> dict:
    return {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataSource",
            "metadata": {"name": name, "namespace": namespace},
            "spec": spec or {"source": {"pvc": {"name": "fedora-disk", "namespace": "images"}}}}


def from_data_source(name: str = "fedora", namespace: str | None = None) -> dict:
    ref: dict[str, Any] = {"kind": "DataSource", "name": name}
    if namespace is not None:
        ref["namespace"] = namespace
    return dv(name="root", sourceRef=ref, storage={})


def admit(obj: dict, *others: dict) -> Any:
    return admit_data_volume(obj, [obj, *others], "default", CONFIG)


def test_a_data_volume_passes() -> None:
    assert admit(dv()) == allow()


def test_api_discovery() -> None:
    verdict = admit(dv("cdi.kubevirt.io/v1alpha1"))
    assert verdict.stage == STAGE_API_DISCOVERY
    assert verdict.message == 'no matches for kind "DataVolume" in version "cdi.kubevirt.io/v1alpha1"'


def test_field_validation_includes_the_status() -> None:
    verdict = admit({**dv(), "status": {"phase": "Succeeded", "done": True}})
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert verdict.message == ('DataVolume in version "v1beta1" cannot be handled as a DataVolume: strict decoding '
                               'error: unknown field "status.done"')


def test_the_mutating_webhook_decodes_before_the_schema_is_checked() -> None:
    obj = dv(source={"blank": {}}, storage={"resources": {"requests": {"storage": "1Gi"}}, "accessModes": "RWO"})
    verdict = admit(obj)
    assert verdict.stage == STAGE_DATAVOLUME_MUTATOR
    assert verdict.causes == [Cause("", "json: cannot unmarshal string into Go struct field StorageSpec.spec.storage."
                                        "accessModes of type []v1.PersistentVolumeAccessMode",
                                    located="spec.storage.accessModes")]


def test_a_source_ref_data_source_must_exist() -> None:
    assert admit(from_data_source()).causes == [Cause("", 'datasources.cdi.kubevirt.io "fedora" not found')]
    assert admit(from_data_source(), data_source()) == allow()
    assert admit(from_data_source(namespace="images"), data_source(namespace="images")) == allow()
    assert admit(from_data_source(namespace="images"), data_source()).stage == STAGE_DATAVOLUME_MUTATOR
    assert admit(from_data_source("")).causes == [Cause("", "resource name may not be empty")]


def test_a_data_source_its_own_chain_rejects_or_of_an_unserved_version_is_not_found() -> None:
    rejected = data_source(source={})
    del rejected["spec"]["source"]
    assert admit(from_data_source(), rejected).stage == STAGE_DATAVOLUME_MUTATOR
    unserved = {**data_source(), "apiVersion": "cdi.kubevirt.io/v1alpha1"}
    assert admit(from_data_source(), unserved).stage == STAGE_DATAVOLUME_MUTATOR


def test_the_crd_schema_after_the_mutating_webhook() -> None:
    verdict = admit(dv(name="Fedora", source={"blank": {}}, storage={"resources": {"requests": {"storage": "1Gi"}}},
                       contentType="qcow2"))
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert [cause.field for cause in verdict.causes] == ["metadata.name", "spec.contentType"]


def test_the_status_is_dropped_before_the_schema_and_the_webhook() -> None:
    assert admit({**dv(), "status": {"restartCount": -1, "conditions": [{"reason": "no type"}]}}) == allow()


def test_the_validating_webhook() -> None:
    verdict = admit(dv(storage={"resources": {"requests": {"storage": "1Gi"}}}))
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.causes == [Cause("spec.source", "Data volume should have either Source or SourceRef, or be "
                                                   "externally populated", "FieldValueInvalid")]


def test_a_claim_of_the_same_name_in_the_bundle() -> None:
    claim = {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
             "metadata": {"name": "fedora", "namespace": "default"}, "spec": {}}
    verdict = admit(dv(), claim)
    assert verdict.causes == [Cause("DataVolume.Name", "Destination PVC default/fedora already exists",
                                    "FieldValueDuplicate")]
    assert admit(dv(), {**claim, "metadata": {**claim["metadata"], "namespace": "other"}}) == allow()
    adopting = dv()
    adopting["metadata"]["annotations"] = {"cdi.kubevirt.io/allowClaimAdoption": "true"}
    assert admit(adopting, claim) == allow()
