"""Every string of a VM, map keys included, through a transformer: how the engine substitutes
parameters and collects the ones referenced.

Mirrors ``virt-template-engine/template/visit.go`` (``visitValue``, ``visitMap``,
``visitSliceArray``, ``visitUnsettableValues``) for the case a cluster and ``virtctl template
process`` meet: a VM decoded from JSON into ``map[string]interface{}`` (strings are map values, list
items and map keys; numbers, booleans and nulls are left alone). A transformer answers (text,
as_string); a non-string result (``${{KEY}}``) is decoded as JSON: a JSON value replaces the string
(a map key only takes a JSON string), text that is no JSON stays a string.

Go walks a map in random order; here keys are visited in the order they are written, and a
renamed key keeps its place (a key that two keys are renamed to takes the later one's value).
The walk on typed Go structs (a ``VirtualMachine`` in ``RawExtension.Object``, whose string fields
refuse non-string values: "attempted to set String field to non-string value") is Go-only.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from decimal import Decimal
from typing import Any

# (text) -> (new text, as_string); raises VisitError.
StringTransformer = Callable[[str], tuple[str, bool]]

_INTERFACE = "interface {}"
_STRING = "string"


class VisitError(Exception):
    """An error of the walk (its text is Go's ``err.Error()``)."""


def visit_value(value: Any, transform: StringTransformer) -> None:
    """``visitValue`` on decoded JSON: the maps and lists inside ``value`` are changed in place."""
    if isinstance(value, dict):
        _visit_map(value, transform)
    elif isinstance(value, list):
        _visit_slice(value, transform)


def _visit_slice(items: list, transform: StringTransformer) -> None:
    for index, item in enumerate(items):
        items[index] = _visit_unsettable(_INTERFACE, item, transform)


def _visit_map(mapping: dict, transform: StringTransformer) -> None:
    updates = []
    renamed = False
    for old_key, old_value in list(mapping.items()):
        new_key = _visit_unsettable(_STRING, old_key, transform) if isinstance(old_key, str) else old_key
        new_value = _visit_unsettable(_INTERFACE, old_value, transform)
        updates.append((old_key, new_key, new_value))
        renamed = renamed or new_key != old_key
    if not renamed:  # every key stays: the values change in place, in the same order
        for key, _, new_value in updates:
            mapping[key] = new_value
        return
    rebuilt: dict = {}
    for _, new_key, new_value in updates:
        rebuilt[new_key] = new_value  # the first key's place, the last value
    mapping.clear()
    mapping.update(rebuilt)


def _visit_unsettable(target: str, existing: Any, transform: StringTransformer) -> Any:
    """``visitUnsettableValues``: a string transformed (``target``: the Go type it is set into,
    ``string`` for a map key, ``interface {}`` otherwise), anything else walked."""
    if isinstance(existing, str):
        text, as_string = transform(existing)
        if as_string:
            return text
        try:
            data = go_json_unmarshal(text)
        except ValueError:
            return text  # not JSON: an unquoted string
        if data is None:
            raise VisitError(f"cannot assign nil value to target type {target}")
        if target == _STRING and not isinstance(data, str):
            raise VisitError(f"substituted value type {go_dynamic_type(data)} is not assignable to target type "
                             f"{target}")
        return data
    visit_value(existing, transform)
    return existing


def _reject_constant(name: str) -> Any:
    raise ValueError(f"invalid JSON constant {name}")


def _go_number(text: str) -> Any:
    """A JSON number as Go decodes it into ``interface{}``: a float64 (an integral one written as
    the integer Go's encoder writes back, shortest digits: 1e2 is 100)."""
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"json: cannot unmarshal number {text} into Go value of type float64")
    if value.is_integer() and abs(value) < 1e21:
        return int(Decimal(repr(value)))
    return value


def go_json_unmarshal(text: str) -> Any:
    """``json.Unmarshal`` into ``interface{}``: strict JSON (no NaN or Infinity), numbers float64.
    Raises ValueError."""
    return json.loads(text, parse_int=_go_number, parse_float=_go_number, parse_constant=_reject_constant)


def go_dynamic_type(value: Any) -> str:
    """``%T`` of decoded JSON."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "float64"
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        return "map[string]interface {}"
    if isinstance(value, list):
        return "[]interface {}"
    return "<nil>"
