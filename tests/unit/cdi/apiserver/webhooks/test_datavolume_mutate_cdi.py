"""Cases of CDI's ``pkg/apiserver/webhooks/datavolume-mutate_test.go`` (v1.64.0), ported: the
CREATE cases of "Mutating DataVolume Webhook", on ``mutate_data_volume_create``. The Go test's
cluster holds the namespaces ``default`` and ``testNamespace`` and answers every
SubjectAccessReview with ``isAuthorized``; here ``namespace_exists`` and ``authorized`` stand for
them (the request's user is empty, as in the Go test). The Go test checks ``Allowed`` (and that an
allowed clone gets a token patch, which krmfn does not forge); here the whole verdict is compared.

Not ported:
- "should reject review without request": the HTTP handler's framing, not the webhook;
- "should allow a DataVolume update with token unchanged": UPDATE, out of krmfn's scope.
"""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.cdi.api.core.v1beta1.authorize_utils import GetError
from krmfn.cdi.apiserver.webhooks.datavolume_mutate import mutate_data_volume_create
from krmfn.kubevirt.util.webhooks import STAGE_DATAVOLUME_MUTATOR
from krmfn.kubevirt.util.webhooks import Admission, Cause, allow, reject, reject_message

NAMESPACES = frozenset({"default", "testNamespace"})
PVC = {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "5Mi"}}}


def data_volume(spec: dict, annotations: dict | None = None, **metadata: Any) -> dict:
    meta: dict[str, Any] = {"name": "testDV", "namespace": "default", **metadata}
    if annotations:
        meta["annotations"] = annotations
    return {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataVolume", "metadata": meta, "spec": spec}


def http_dv(**metadata: Any) -> dict:
    return data_volume({"source": {"http": {"url": "http://www.example.com"}}, "pvc": PVC}, **metadata)


def data_source_dv(annotations: dict | None = None, namespace: str | None = None, name: str = "test") -> dict:
    source_ref: dict[str, Any] = {"kind": "DataSource", "name": name}
    if namespace is not None:
        source_ref["namespace"] = namespace
    return data_volume({"sourceRef": source_ref, "pvc": PVC}, annotations)


def pvc_clone_dv(namespace: str, annotations: dict | None = None) -> dict:
    return data_volume({"source": {"pvc": {"namespace": namespace, "name": "test"}}, "pvc": PVC}, annotations)


def mutate(dv: dict, *data_sources: dict, authorized: bool = True) -> Admission:
    def get(namespace: str, name: str) -> dict | GetError:
        found = next((ds for ds in data_sources
                      if ds["metadata"]["namespace"] == namespace and ds["metadata"]["name"] == name), None)
        return found if found is not None else GetError(f'datasources.cdi.kubevirt.io "{name}" not found', True)
    return mutate_data_volume_create(dv, "default", get, namespace_exists=NAMESPACES.__contains__,
                                     authorized=authorized)


def data_source(name: str, namespace: str, spec_source: dict, status_source: dict | None = None) -> dict:
    obj: dict[str, Any] = {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataSource",
                           "metadata": {"name": name, "namespace": namespace}, "spec": {"source": spec_source}}
    if status_source is not None:
        obj["status"] = {"source": status_source}
    return obj


STATIC = "cdi.kubevirt.io/storage.checkStaticVolume"
PRE_POPULATED = "cdi.kubevirt.io/storage.prePopulated"


def test_should_always_allow_mutate_when_dv_is_marked_for_deletion() -> None:
    assert mutate(http_dv(deletionTimestamp="2024-01-01T00:00:00Z")) == allow()


def test_should_allow_a_data_volume_with_http_source() -> None:
    assert mutate(http_dv()) == allow()


def test_should_reject_a_data_volume_with_source_ref_to_non_existing_data_source() -> None:
    assert mutate(data_source_dv()) == reject_message(STAGE_DATAVOLUME_MUTATOR,
                                                      'datasources.cdi.kubevirt.io "test" not found')


@pytest.mark.parametrize("annotation", [
    pytest.param(STATIC, id="with static volume annotation"),
    pytest.param(PRE_POPULATED, id="with prePopulated volume annotation"),
])
def test_should_accept_a_data_volume_with_source_ref_to_non_existing_data_source(annotation: str) -> None:
    assert mutate(data_source_dv({annotation: "whatever"})) == allow()


def test_should_allow_a_data_volume_with_source_ref_to_existing_data_source() -> None:
    existing = data_source("test", "default", {"pvc": {"name": "testPVC"}})
    assert mutate(data_source_dv(), existing) == allow()


def test_should_reject_a_clone_data_volume() -> None:
    assert mutate(pvc_clone_dv("testNamespace"), authorized=False) == reject(STAGE_DATAVOLUME_MUTATOR, [
        Cause("spec.source.PVC.namespace", "User  has insufficient permissions in clone source namespace testNamespace",
              "FieldValueInvalid")])


@pytest.mark.parametrize("annotation", [
    pytest.param(STATIC, id="with static volume annotation"),
    pytest.param(PRE_POPULATED, id="with prePopulated volume annotation"),
])
def test_should_accept_a_clone_data_volume(annotation: str) -> None:
    assert mutate(pvc_clone_dv("testNamespace", {annotation: "whatever"}), authorized=False) == allow()


def test_should_reject_a_clone_if_the_source_pvcs_namespace_doesnt_exist() -> None:
    assert mutate(pvc_clone_dv("noNamespace"), authorized=False) == reject_message(
        STAGE_DATAVOLUME_MUTATOR, 'namespaces "noNamespace" not found')


@pytest.mark.parametrize("annotation", [
    pytest.param(STATIC, id="with static volume annotation"),
    pytest.param(PRE_POPULATED, id="with prePopulated volume annotation"),
])
def test_should_accept_a_clone_if_the_source_pvcs_namespace_doesnt_exist(annotation: str) -> None:
    assert mutate(pvc_clone_dv("noNamespace", {annotation: "whatever"}), authorized=False) == allow()


@pytest.mark.parametrize("namespace", [
    pytest.param("testNamespace", id="succeed with explicit namespace"),
    pytest.param("default", id="succeed with same (default) namespace"),
    pytest.param("", id="succeed with empty namespace"),
])
def test_should(namespace: str) -> None:
    assert mutate(pvc_clone_dv(namespace)) == allow()


def test_should_allow_update_to_data_volume_with_source_ref_data_source_reference_with_clone_token() -> None:
    """A CREATE despite its name: a DataSource pointing to another one clones its status's source."""
    ds_ref = data_source("dsRef", "testNamespace", {"dataSource": {"namespace": "testNamespace", "name": "ds"}},
                         {"pvc": {"namespace": "testNamespace", "name": "pvc"}})
    dv = data_volume({"sourceRef": {"kind": "DataSource", "namespace": "testNamespace", "name": "dsRef"}})
    dv["metadata"]["name"] = "dsRefDv"
    assert mutate(dv, ds_ref) == allow()
