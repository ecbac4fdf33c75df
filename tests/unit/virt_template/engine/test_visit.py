"""krmfn's cases of the walk beyond virt-template's own: map keys are set into ``string``."""
from __future__ import annotations

import pytest

from krmfn.virt_template.engine.visit import VisitError, go_json_unmarshal, visit_value


@pytest.mark.parametrize(("result", "message"), [
    ("5", "substituted value type float64 is not assignable to target type string"),
    ("true", "substituted value type bool is not assignable to target type string"),
    ("{}", "substituted value type map[string]interface {} is not assignable to target type string"),
    ("null", "cannot assign nil value to target type string"),
])
def test_a_map_key_takes_only_a_json_string(result: str, message: str) -> None:
    with pytest.raises(VisitError) as error:
        visit_value({"${{K}}": 1}, lambda text: (result, False) if text == "${{K}}" else (text, True))
    assert str(error.value) == message


def test_a_json_string_renames_a_key() -> None:
    mapping = {"${{K}}": 1}
    visit_value(mapping, lambda text: ('"cores"', False))
    assert mapping == {"cores": 1}


@pytest.mark.parametrize(("text", "value"), [
    ("1e2", 100), ("2.5", 2.5), ("12345678901234567890", 12345678901234567000)])
def test_numbers_are_float64(text: str, value: object) -> None:
    assert go_json_unmarshal(text) == value


@pytest.mark.parametrize("text", ["NaN", "Infinity", "1e400"])
def test_what_go_json_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        go_json_unmarshal(text)
