"""virt-template-engine's own Go test cases of ``template/visit_test.go`` (virt-template v0.2.2)
that apply to decoded JSON, ported. Left out, Go-only: nil pointers, arrays, typed structs (pointer
and unexported fields, the String-field error "attempted to set String field to non-string value"),
typed targets other than ``string`` and ``interface {}`` ("substituted value type bool is not
assignable to target type int")."""
from __future__ import annotations

import pytest

from krmfn.virt_template.engine.visit import VisitError, visit_value


def modify(text: str) -> tuple[str, bool]:
    """The Go tests' ``defaultTransformer``."""
    return text + "-mod", True


def test_should_transform_strings_in_slice() -> None:
    items = ["a", "b", "c"]
    visit_value(items, modify)
    assert items == ["a-mod", "b-mod", "c-mod"]


def test_should_transform_map_keys_and_values() -> None:
    mapping = {"key1": "val1", "key2": "val2"}
    visit_value(mapping, modify)
    assert mapping == {"key1-mod": "val1-mod", "key2-mod": "val2-mod"}


def test_should_handle_slice_of_any_with_nil() -> None:
    items = ["string", 42, True, None, "another"]
    visit_value(items, modify)
    assert items == ["string-mod", 42, True, None, "another-mod"]


def test_should_handle_map_with_string_and_non_string_keys() -> None:
    mapping = {"key1": "string-value", "key2": 42, "key3": True}
    visit_value(mapping, modify)
    assert mapping == {"key1-mod": "string-value-mod", "key2-mod": 42, "key3-mod": True}
    numbered = {1: "one", 2: 42, 3: True}
    visit_value(numbered, modify)
    assert numbered == {1: "one-mod", 2: 42, 3: True}


def test_should_handle_nested_maps() -> None:
    mapping = {"outer": {"inner": "value", 1: "value"}}
    visit_value(mapping, modify)
    assert mapping == {"outer-mod": {"inner-mod": "value-mod", 1: "value-mod"}}


def test_should_handle_map_key_collision_during_transformation() -> None:
    mapping = {"key": "original", "key-mod": "should-not-be-lost"}
    visit_value(mapping, modify)
    assert mapping == {"key-mod": "original-mod", "key-mod-mod": "should-not-be-lost-mod"}


@pytest.mark.parametrize(("result", "expected"), [
    ("42", 42),  # string to float64: JSON numbers are float64, written back as 42
    ("true", True),  # string to bool
    ("not-json", "not-json"),  # should fallback to string when JSON unmarshal fails
])
def test_non_string_substitution(result: str, expected: object) -> None:
    items = ["x"]
    visit_value(items, lambda _: (result, False))
    assert items == [expected]


@pytest.mark.parametrize(("result", "message"), [
    ("null", "cannot assign nil value to target type interface {}"),
])
def test_non_string_substitution_errors(result: str, message: str) -> None:
    with pytest.raises(VisitError) as error:
        visit_value(["x"], lambda _: (result, False))
    assert str(error.value) == message
