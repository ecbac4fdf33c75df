"""``krmfn.hco.operands.operand``: the JSON patch annotations and Go's decoding of the result."""
from __future__ import annotations

from krmfn.hco.operands.operand import (
    apply_patch_to_spec,
    decode_annotation,
    decode_error,
    go_type,
    go_unmarshal_into,
)
from krmfn.kubevirt.apiserver.schema import INT32, STR, ListOf, MapOf, Obj, Scalar

NODE = Obj("Root", {"spec": Obj("Spec", {"name": STR, "count": INT32, "tags": ListOf(STR),
                                         "labels": MapOf(STR), "flag": Scalar("boolean")})})


def hc(text: str | None) -> dict:
    return {"metadata": {"annotations": {} if text is None else {"ssp.kubevirt.io/jsonpatch": text}}}


def test_no_annotation_is_no_patch() -> None:
    assert decode_annotation(hc(None), "ssp.kubevirt.io/jsonpatch") == ([], None)
    assert apply_patch_to_spec(hc(None), "ssp.kubevirt.io/jsonpatch", {"spec": {}}, NODE) == ({"spec": {}}, None)


def test_decode_errors_name_the_annotation() -> None:
    assert decode_annotation(hc(""), "ssp.kubevirt.io/jsonpatch")[1] == \
        "invalid jsonPatch in the ssp.kubevirt.io/jsonpatch annotation: invalid state detected"
    assert decode_annotation(hc('[{"op": "test", "path": "/metadata"}]'), "ssp.kubevirt.io/jsonpatch")[1] == \
        "invalid jsonPatch in the ssp.kubevirt.io/jsonpatch annotation: can only modify spec fields"


def test_go_unmarshal_merges_objects_and_replaces_lists() -> None:
    old = {"spec": {"name": "a", "tags": ["x", "y"], "labels": {"k": "v"}}}
    assert go_unmarshal_into(old, {"spec": {"tags": ["z"], "labels": {"k2": "v2"}}}) == {
        "spec": {"name": "a", "tags": ["z"], "labels": {"k": "v", "k2": "v2"}}}
    assert go_unmarshal_into(old, {"spec": {"name": None}}) == {"spec": {"tags": ["x", "y"], "labels": {"k": "v"}}}


def test_decode_errors_of_the_patched_object() -> None:
    assert decode_error({"spec": {"tags": ["a", 1]}}, NODE) == \
        "json: cannot unmarshal number into Go struct field Spec.spec.tags of type string"
    assert decode_error({"spec": {"count": 1.5}}, NODE) == \
        "json: cannot unmarshal number 1.5 into Go struct field Spec.spec.count of type int32"
    assert decode_error({"spec": {"flag": "yes"}}, NODE) == \
        "json: cannot unmarshal string into Go struct field Spec.spec.flag of type bool"
    assert decode_error({"spec": []}, NODE) == \
        "json: cannot unmarshal array into Go struct field Root.spec of type v1.Spec"
    assert decode_error({"spec": {"unknown": [], "labels": {"a": "b"}}}, NODE) is None
    assert go_type(MapOf(ListOf(INT32))) == "map[string][]int32"
