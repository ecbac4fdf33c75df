"""``krmfn.cdi.api.core.v1beta1.authorize``: ``AuthorizeUser``."""
from __future__ import annotations

from krmfn.cdi.api.core.v1beta1.authorize import ANN_PRE_POPULATED, NO_TOKEN_OKAY, authorize_user
from krmfn.cdi.api.core.v1beta1.authorize_utils import GetError


def dv(spec: dict, annotations: dict | None = None, namespace: str | None = "lab") -> dict:
    metadata: dict = {"name": "dv"}
    if namespace is not None:
        metadata["namespace"] = namespace
    if annotations:
        metadata["annotations"] = annotations
    return {"metadata": metadata, "spec": spec}


def missing(namespace: str, name: str) -> GetError:
    return GetError(f'datasources.cdi.kubevirt.io "{name}" not found', not_found=True)


CLONE = {"source": {"pvc": {"namespace": "images", "name": "disk"}}}
REF = {"sourceRef": {"kind": "DataSource", "name": "ds"}}


def test_no_clone_needs_no_token() -> None:
    response = authorize_user(dv({"source": {"blank": {}}}), "default", missing)
    assert (response.allowed, response.error) == (True, NO_TOKEN_OKAY)


def test_a_missing_data_source_fails_unless_pre_populated() -> None:
    assert authorize_user(dv(REF), "default", missing).error == 'datasources.cdi.kubevirt.io "ds" not found'
    response = authorize_user(dv(REF, {ANN_PRE_POPULATED: ""}), "default", missing)
    assert (response.allowed, response.error) == (True, NO_TOKEN_OKAY)


def test_a_get_error_other_than_not_found_fails_even_when_pre_populated() -> None:
    def refuse(namespace: str, name: str) -> GetError:
        return GetError("resource name may not be empty")
    response = authorize_user(dv(REF, {ANN_PRE_POPULATED: ""}), "default", refuse)
    assert (response.allowed, response.error) == (False, "resource name may not be empty")


def test_a_clone_from_another_namespace() -> None:
    assert authorize_user(dv(CLONE), "default", missing).allowed
    assert authorize_user(dv(CLONE), "default", missing, namespace_exists=lambda ns: False).error == (
        'namespaces "images" not found')
    refused = authorize_user(dv(CLONE), "default", missing, user="bob", authorized=False)
    assert (refused.allowed, refused.reason) == (False, "User bob has insufficient permissions in clone source "
                                                       "namespace images")


def test_the_target_namespace_defaults_to_the_request_namespace() -> None:
    same = {"source": {"pvc": {"namespace": "default", "name": "disk"}}}
    assert authorize_user(dv(same, namespace=None), "default", missing, authorized=False).allowed
