"""``krmfn.hco.jsonpatch``: evanphx/json-patch v5's decoding, operations and messages."""
from __future__ import annotations

import json

import pytest

from krmfn.hco.jsonpatch import apply_patch, decode_patch, decode_patch_key, go_atoi


def patch(*operations: dict) -> list:
    decoded, error = decode_patch(json.dumps(list(operations)))
    assert error is None
    return decoded


@pytest.mark.parametrize("text, error", [
    ("not json", "invalid state detected"),
    ("[1,]", "invalid state detected"),
    ("NaN", "invalid state detected"),
    ('{"op": "add"}', "json: cannot unmarshal object into Go value of type jsonpatch.Patch"),
    ('"x"', "json: cannot unmarshal string into Go value of type jsonpatch.Patch"),
    ("[1]", "json: cannot unmarshal number into Go value of type jsonpatch.Operation"),
    ('[{"op": "foo", "path": "/a"}]', 'invalid operation {"op":"foo","path":"/a"}: unsupported operation'),
    ('[{"path": "/a"}]', 'invalid operation {"path":"/a"}: unsupported operation'),
    ("[null]", "invalid operation null: unsupported operation"),
    ('[{"op": "add", "path": "/a"}]', "invalid operation {\"op\":\"add\",\"path\":\"/a\"}: failed to decode "
                                      "'value': operation, missing value field: missing value"),
    ('[{"op": "move", "path": "/a"}]', "invalid operation {\"op\":\"move\",\"path\":\"/a\"}: failed to decode "
                                       "'from': operation, missing from field: missing value"),
    ('[{"op": "remove"}]', "invalid operation {\"op\":\"remove\"}: failed to decode 'path': operation missing "
                           "path field: missing value"),
    ('[{"op": "remove", "path": 3}]', "invalid operation {\"op\":\"remove\",\"path\":3}: failed to decode 'path': "
                                      "json: cannot unmarshal number into Go value of type string"),
])
def test_decode_errors(text: str, error: str) -> None:
    assert decode_patch(text) == ([], error)


def test_null_is_an_empty_patch_and_a_null_value_is_a_value() -> None:
    assert decode_patch("null") == ([], None)
    assert apply_patch({"a": 1}, patch({"op": "add", "path": "/b", "value": None})) == ({"a": 1, "b": None}, None)


def test_add_appends_inserts_and_replaces_keys_in_place() -> None:
    doc = {"spec": {"list": ["a", "c"], "x": 1, "y": 2}}
    result, error = apply_patch(doc, patch(
        {"op": "add", "path": "/spec/list/-", "value": "d"},
        {"op": "add", "path": "/spec/list/1", "value": "b"},
        {"op": "add", "path": "/spec/list/-5", "value": "z"},
        {"op": "add", "path": "/spec/x", "value": 3},
        {"op": "add", "path": "/spec/new~1key", "value": True}))
    assert error is None and doc == {"spec": {"list": ["a", "c"], "x": 1, "y": 2}}  # the input is not changed
    assert result == {"spec": {"list": ["z", "a", "b", "c", "d"], "x": 3, "y": 2, "new/key": True}}
    assert list(result["spec"]) == ["list", "x", "y", "new/key"]


@pytest.mark.parametrize("operation, error", [
    ({"op": "add", "path": "/spec/none/a", "value": 1},
     'add operation does not apply: doc is missing path: "/spec/none/a": missing value'),
    ({"op": "add", "path": "/spec/s/a", "value": 1},
     'add operation does not apply: doc is missing path: "/spec/s/a": missing value'),
    ({"op": "add", "path": "/spec/list/5", "value": 1},
     "error in add for path: '/spec/list/5': Unable to access invalid index: 5: invalid index referenced"),
    ({"op": "add", "path": "/spec/list/x", "value": 1},
     "error in add for path: '/spec/list/x': value was not a proper array index: 'x': strconv.Atoi: parsing "
     '"x": invalid syntax'),
    ({"op": "remove", "path": "/spec/gone"},
     "error in remove for path: '/spec/gone': unable to remove nonexistent key: gone: missing value"),
    ({"op": "remove", "path": "/nope/gone"}, 'remove operation does not apply: doc is missing path: "/nope/gone": '
                                             "missing value"),
    ({"op": "remove", "path": "/spec/list/3"},
     "error in remove for path: '/spec/list/3': Unable to access invalid index: 3: invalid index referenced"),
    ({"op": "replace", "path": "/spec/gone", "value": 1},
     "replace operation does not apply: doc is missing key: /spec/gone: missing value"),
    ({"op": "replace", "path": "/nope/gone", "value": 1},
     "replace operation does not apply: doc is missing path: /nope/gone: missing value"),
    ({"op": "move", "from": "/spec/gone", "path": "/spec/x"},
     "error in move for path: 'gone': unable to get nonexistent key: gone: missing value"),
    ({"op": "move", "from": "", "path": "/spec/x"},
     "unable to move entire document to another path: invalid state detected"),
    ({"op": "copy", "from": "/nope/x", "path": "/spec/x"},
     'copy operation does not apply: doc is missing from path: "/nope/x": missing value'),
    ({"op": "copy", "from": "/spec/s", "path": "/nope/x"},
     "copy operation does not apply: doc is missing destination path: /nope/x: missing value"),
    ({"op": "test", "path": "/spec/s", "value": "t"}, "testing value /spec/s failed: test failed"),
    ({"op": "test", "path": "/spec/list/9", "value": "t"},
     "error in test for path: '/spec/list/9': Unable to access invalid index: 9: invalid index referenced"),
])
def test_operation_errors(operation: dict, error: str) -> None:
    doc = {"spec": {"s": "v", "list": [1, 2], "none": None}}
    assert apply_patch(doc, patch(operation)) == (None, error)


def test_move_copy_and_test() -> None:
    doc = {"spec": {"a": {"b": [1, {"c": 2}]}, "s": "v"}}
    result, error = apply_patch(doc, patch(
        {"op": "test", "path": "/spec/a/b/1", "value": {"c": 2}},
        {"op": "test", "path": "/spec/missing", "value": None},
        {"op": "copy", "from": "/spec/a/b", "path": "/spec/copy"},
        {"op": "move", "from": "/spec/s", "path": "/spec/moved"}))
    assert error is None
    assert result == {"spec": {"a": {"b": [1, {"c": 2}]}, "copy": [1, {"c": 2}], "moved": "v"}}
    # numbers compare by their JSON text
    assert apply_patch({"n": 1}, patch({"op": "test", "path": "/n", "value": True}))[1] == \
        "testing value /n failed: test failed"


def test_keys_and_indexes() -> None:
    assert decode_patch_key("a~1b~0c~01") == "a/b~c~1"
    assert go_atoi("+7") == (7, None) and go_atoi("-1") == (-1, None)
    assert go_atoi(" 1") == (0, 'strconv.Atoi: parsing " 1": invalid syntax')
    assert go_atoi("99999999999999999999") == (0, 'strconv.Atoi: parsing "99999999999999999999": value out of range')
