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

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# (text) -> (new text, as_string); raises VisitError.
StringTransformer = Callable[[str], tuple[str, bool]]

INTERFACE = "interface {}"  # the Go type a value is set into; a map key's is STRING
STRING = "string"


class VisitError(Exception):
    """An error of the walk (its text is Go's ``err.Error()``)."""


def visit_value(value: Any, transform: StringTransformer) -> None:
    """``visitValue`` on decoded JSON: ``value`` (a map or a list) is changed in place, the maps and
    lists inside it replaced by their visited copies (``visited_copy``)."""
    if isinstance(value, dict):
        visited = visited_copy(value, transform)
        value.clear()
        value.update(visited)
    elif isinstance(value, list):
        value[:] = visited_copy(value, transform)


def visited_copy(value: Any, transform: StringTransformer, marker: str = "") -> Any:
    """What ``visit_value`` makes of a deep copy of ``value``, copied in the same walk (``value``
    is untouched). A string without ``marker`` is one the transformer returns as it is (``${`` for
    substitution): it is kept without a call."""
    return Copier(transform, marker).copy(value, INTERFACE)


LEAVES = (int, float, bool, type(None))  # what a visit leaves as it is (a str subclass is walked)


class Copier:
    """``visitMap``, ``visitSliceArray`` and ``visitUnsettableValues`` building the visited copy: a
    map or list is copied in C and only its strings with the marker and its containers replaced."""

    def __init__(self, transform: StringTransformer, marker: str) -> None:
        self.transform = transform
        self.marker = marker

    def copy(self, value: Any, target: str) -> Any:
        """``target``: the Go type a string is set into, ``string`` for a map key, ``interface {}``
        otherwise."""
        kind = type(value)
        marker, transform = self.marker, self.transform
        if kind is dict:
            out = value.copy()
            for key, item in out.items():
                if type(key) is not str or marker in key:
                    return self._rebuilt(value)
                kind = type(item)
                if kind is str:
                    if marker in item:
                        out[key] = transformed(INTERFACE, item, transform)
                elif kind not in LEAVES:
                    out[key] = self.copy(item, INTERFACE)
            return out
        if kind is list:  # the map's loop again: a shared helper costs a call per container
            out_list = value.copy()
            for index, item in enumerate(out_list):
                kind = type(item)
                if kind is str:
                    if marker in item:
                        out_list[index] = transformed(INTERFACE, item, transform)
                elif kind not in LEAVES:
                    out_list[index] = self.copy(item, INTERFACE)
            return out_list
        if isinstance(value, str):
            return transformed(target, value, transform) if marker in value else value
        if isinstance(value, dict):
            return self._rebuilt(value)
        return value

    def _rebuilt(self, mapping: dict) -> dict:
        """A map whose keys are renamed (or not all strings), built anew: a key renamed onto an
        existing one keeps the first key's place and takes the last value."""
        out: dict = {}
        for key, item in mapping.items():
            new_key = (transformed(STRING, key, self.transform) if isinstance(key, str) and self.marker in key
                       else key)
            out[new_key] = self.copy(item, INTERFACE)
        return out


def transformed(target: str, existing: str, transform: StringTransformer) -> Any:
    """A string through the transformer, a non-string result decoded as JSON."""
    text, as_string = transform(existing)
    if as_string:
        return text
    try:
        data = go_json_unmarshal(text)
    except ValueError:
        return text  # not JSON: an unquoted string
    if data is None:
        raise VisitError(f"cannot assign nil value to target type {target}")
    if target == STRING and not isinstance(data, str):
        raise VisitError(f"substituted value type {go_dynamic_type(data)} is not assignable to target type {target}")
    return data


def _reject_constant(name: str) -> Any:
    raise ValueError(f"invalid JSON constant {name}")


def _go_number(text: str) -> Any:
    """A JSON number as Go decodes it into ``interface{}``: a float64 (an integral one written as
    the integer Go's encoder writes back, shortest digits: 1e2 is 100)."""
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"json: cannot unmarshal number {text} into Go value of type float64")
    if value.is_integer() and abs(value) < 1e21:
        from decimal import Decimal  # noqa: PLC0415 - only a ${{KEY}} number needs it
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
