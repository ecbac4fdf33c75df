"""``krmfn.cdi.apiserver.crd_create``: the request namespace and client-go's GET checks."""
from __future__ import annotations

from krmfn.cdi.apiserver.crd_create import get_error, in_namespace


def test_in_namespace_sets_the_effective_namespace_on_a_copy() -> None:
    obj = {"metadata": {"name": "a"}, "status": {"x": 1}}
    stored = in_namespace(obj, "lab")
    assert stored == {"metadata": {"name": "a", "namespace": "lab"}, "status": {"x": 1}}
    assert obj == {"metadata": {"name": "a"}, "status": {"x": 1}}
    assert in_namespace({"metadata": {"name": "a", "namespace": "own"}}, "lab")["metadata"]["namespace"] == "own"


def test_get_error() -> None:
    assert get_error("lab", "fedora") is None
    assert get_error("lab", "") == "resource name may not be empty"
    assert get_error("a/b", "fedora") == "invalid namespace \"a/b\": [may not contain '/']"
    assert get_error("..", "x") == "invalid namespace \"..\": [may not be '..']"
    assert get_error("lab", "a%b") == "invalid resource name \"a%b\": [may not contain '%']"
