"""RFC 6902 JSON Patch as HCO applies it: ``github.com/evanphx/json-patch/v5`` (v5.9.11, vendored by
HCO v1.18.1), with its error messages.

Mirrors ``patch.go``: ``DecodePatch`` (``json.Valid``, the unmarshal into ``Patch``,
``validatePatch``/``validateOperation``), ``Patch.Apply`` with the default ``ApplyOptions``
(negative indices allowed, no path created on add, a missing path on remove an error) and the
operations ``add``, ``remove``, ``replace``, ``move``, ``test``, ``copy`` over ``findObject``,
``partialDoc`` and ``partialArray``. Works on decoded JSON values (dicts keep their key order, as
``partialDoc.keys`` does); numbers compare by their JSON text (an int and a float differ), as
``lazyNode.equal`` compares compacted bytes. Errors are returned as strings, never raised.

Not reproduced: ``invalid operation <op>: ...`` prints the operation as Go marshals it, from its raw
text (original key order and number spelling inside ``value``); krmfn re-encodes the decoded value
(``krmfn.kubevirt.apimachinery.gojson.go_json``: keys sorted, numbers in Go's float form).
"""
from __future__ import annotations

import copy
import json
import re

from krmfn.kubevirt.apimachinery.gozero import unmarshal_type_name
from krmfn.kubevirt.apimachinery.gojson import go_json
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ERR_INVALID = "invalid state detected"
ERR_MISSING = "missing value"
ERR_INVALID_INDEX = "invalid index referenced"
ERR_TEST_FAILED = "test failed"
_UNMARSHAL_FMT = "json: cannot unmarshal {kind} into Go value of type {type}"
_GO_INT = LazyPattern(r"[+-]?[0-9]+\Z")
_INT64_MAX = (1 << 63) - 1


class _Invalid(ValueError):
    """``json.Valid`` refuses the text."""


def _reject_constant(name: str) -> Any:
    raise _Invalid(name)  # NaN, Infinity: not JSON


def _loads(text: str) -> Any:
    return json.loads(text, parse_constant=_reject_constant)


@record(frozen=True)
class Operation:
    """One decoded operation: the JSON object as given (``null`` values kept as None)."""

    raw: dict[str, Any] | None

    def _field(self, name: str) -> Any:
        return None if self.raw is None else self.raw.get(name)

    @property
    def kind(self) -> str:
        """``Operation.Kind``: the ``op`` string, else "unknown"."""
        op = self._field("op")
        return op if isinstance(op, str) else "unknown"

    def path(self) -> tuple[str, str | None]:
        """``Operation.Path``: (path, error)."""
        return self._string("path", "operation missing path field: " + ERR_MISSING)

    def from_(self) -> tuple[str, str | None]:
        """``Operation.From``: (from, error)."""
        return self._string("from", "operation, missing from field: " + ERR_MISSING)

    def _string(self, name: str, missing: str) -> tuple[str, str | None]:
        value = self._field(name)
        if value is None:
            return "unknown", missing
        if not isinstance(value, str):
            return "unknown", _UNMARSHAL_FMT.format(kind=unmarshal_type_name(value), type="string")
        return value, None

    def has_value(self) -> bool:
        return self.raw is not None and "value" in self.raw

    @property
    def value(self) -> Any:
        """``Operation.value``: the value (``null`` and a missing value are both None here)."""
        return copy.deepcopy(self._field("value"))


def decode_patch(text: str) -> tuple[list[Operation], str | None]:
    """``DecodePatch``: the operations, or the error."""
    try:
        data = _loads(text)
    except (ValueError, RecursionError):
        return [], ERR_INVALID
    if data is None:
        return [], None
    if not isinstance(data, list):
        return [], _UNMARSHAL_FMT.format(kind=unmarshal_type_name(data), type="jsonpatch.Patch")
    bad = next((item for item in data if item is not None and not isinstance(item, dict)), None)
    if bad is not None:
        return [], _UNMARSHAL_FMT.format(kind=unmarshal_type_name(bad), type="jsonpatch.Operation")
    operations = [Operation(item) for item in data]
    for operation in operations:
        error = _validate_operation(operation)
        if error is not None:
            shown = "null" if operation.raw is None else go_json(operation.raw)
            return [], f"invalid operation {shown}: {error}"
    return operations, None


def _validate_operation(operation: Operation) -> str | None:
    """``validateOperation``."""
    kind = operation.kind
    if kind in ("add", "replace"):
        if not operation.has_value():
            return "failed to decode 'value': operation, missing value field: " + ERR_MISSING
    elif kind in ("move", "copy"):
        error = operation.from_()[1]
        if error is not None:
            return "failed to decode 'from': " + error
    elif kind not in ("remove", "test"):
        return "unsupported operation"
    error = operation.path()[1]
    return "failed to decode 'path': " + error if error is not None else None


def decode_patch_key(key: str) -> str:
    """``decodePatchKey``: ``~1`` is ``/``, then ``~0`` is ``~`` (one pass, left to right)."""
    return re.sub("~[01]", lambda m: "/" if m.group() == "~1" else "~", key)


def go_atoi(text: str) -> tuple[int, str | None]:
    """``strconv.Atoi``: the number, or its error."""
    if not _GO_INT.match(text):
        return 0, f"strconv.Atoi: parsing {json.dumps(text, ensure_ascii=False)}: invalid syntax"
    number = int(text)
    if not -_INT64_MAX - 1 <= number <= _INT64_MAX:
        return 0, f"strconv.Atoi: parsing {json.dumps(text, ensure_ascii=False)}: value out of range"
    return number, None


class _Failed(Exception):
    """An operation's error: the message, and whether it wraps ``ErrMissing`` (``test`` ignores those)."""

    def __init__(self, message: str, missing: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.missing = missing


def _invalid_index(index: int) -> _Failed:
    return _Failed(f"Unable to access invalid index: {index}: {ERR_INVALID_INDEX}")


def _index(container: list, key: str, size: int) -> int:
    """An index into ``container`` (of ``size`` slots) from a key; negative counts from the end."""
    index, error = go_atoi(key)
    if error is not None:
        raise _Failed(error)
    if index < 0:
        if index < -size:
            raise _invalid_index(index)
        index += size
    return index


def _get(container: dict | list, key: str) -> Any:
    """``container.get``: ``""`` is the container itself."""
    if key == "":
        return container
    if isinstance(container, dict):
        if key not in container:
            raise _Failed(f"unable to get nonexistent key: {key}: {ERR_MISSING}", missing=True)
        return container[key]
    index = _index(container, key, len(container))
    if index >= len(container):
        raise _invalid_index(index)
    return container[index]


def _add(container: dict | list, key: str, value: Any) -> None:
    if isinstance(container, dict):
        container[key] = value
        return
    if key == "-":
        container.append(value)
        return
    index, error = go_atoi(key)
    if error is not None:
        raise _Failed(f"value was not a proper array index: '{key}': {error}")
    size = len(container) + 1
    if index >= size:
        raise _invalid_index(index)
    if index < 0:
        if index < -size:
            raise _invalid_index(index)
        index += size
    container.insert(index, value)


def _remove(container: dict | list, key: str) -> None:
    if isinstance(container, dict):
        if key not in container:
            raise _Failed(f"unable to remove nonexistent key: {key}: {ERR_MISSING}", missing=True)
        del container[key]
        return
    index, error = go_atoi(key)
    if error is not None:
        raise _Failed(error)
    if index >= len(container):
        raise _invalid_index(index)
    if index < 0:
        if index < -len(container):
            raise _invalid_index(index)
        index += len(container)
    del container[index]


def _set(container: dict | list, key: str, value: Any) -> None:
    """``set``, the replace of an existing key or index."""
    if isinstance(container, dict):
        container[key] = value
        return
    container[_index(container, key, len(container))] = value


def _find_object(doc: Any, path: str) -> tuple[dict | list | None, str]:
    """``findObject``: the container holding the last key of ``path``, and that key."""
    split = path.split("/")
    if len(split) < 2:
        return (doc, "") if path == "" else (None, "")
    node = doc
    for part in split[1:-1]:
        try:
            node = _get(node, decode_patch_key(part))
        except _Failed:
            return None, ""
        if not isinstance(node, (dict, list)):  # a scalar or null: intoDoc fails
            return None, ""
    return node, decode_patch_key(split[-1])


def _equal(left: Any, right: Any) -> bool:
    """``lazyNode.equal``: objects and arrays structurally, scalars by their JSON text."""
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_equal(left[key], right[key]) for key in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(_equal(a, b) for a, b in zip(left, right, strict=True))
    if isinstance(left, (dict, list)) or isinstance(right, (dict, list)):
        return False
    return go_json(left) == go_json(right)


def apply_patch(doc: dict, operations: list[Operation]) -> tuple[Any, str | None]:
    """``Patch.Apply`` on a copy of ``doc``: (the patched document, None) or (None, the error)."""
    result: Any = copy.deepcopy(doc)
    for operation in operations:
        try:
            result = _apply_one(result, operation)
        except _Failed as failed:
            return None, failed.message
    return result, None


def _apply_one(doc: Any, operation: Operation) -> Any:
    kind = operation.kind
    path = operation.path()[0]
    if kind == "add":
        return _op_add(doc, path, operation.value)
    if kind == "remove":
        _op_remove(doc, path)
    elif kind == "replace":
        return _op_replace(doc, path, operation.value)
    elif kind == "move":
        _op_move(doc, operation.from_()[0], path)
    elif kind == "test":
        _op_test(doc, path, operation.value)
    elif kind == "copy":
        _op_copy(doc, operation.from_()[0], path)
    return doc


def _op_add(doc: Any, path: str, value: Any) -> Any:
    if path == "":
        if not isinstance(value, (dict, list)):
            raise _Failed(_UNMARSHAL_FMT.format(kind=unmarshal_type_name(value), type="map[string]*jsonpatch.lazyNode"))
        return value
    container, key = _find_object(doc, path)
    if container is None:
        raise _Failed(f'add operation does not apply: doc is missing path: "{path}": {ERR_MISSING}', missing=True)
    try:
        _add(container, key, value)
    except _Failed as failed:
        raise _Failed(f"error in add for path: '{path}': {failed.message}", failed.missing) from None
    return doc


def _op_remove(doc: Any, path: str) -> None:
    container, key = _find_object(doc, path)
    if container is None:
        raise _Failed(f'remove operation does not apply: doc is missing path: "{path}": {ERR_MISSING}', missing=True)
    try:
        _remove(container, key)
    except _Failed as failed:
        raise _Failed(f"error in remove for path: '{path}': {failed.message}", failed.missing) from None


def _op_replace(doc: Any, path: str, value: Any) -> Any:
    if path == "":
        if not isinstance(value, (dict, list)):
            raise _Failed("replace operation value must be object or array: %!w(<nil>)")
        return value
    container, key = _find_object(doc, path)
    if container is None:
        raise _Failed(f"replace operation does not apply: doc is missing path: {path}: {ERR_MISSING}", missing=True)
    try:
        _get(container, key)
    except _Failed:
        raise _Failed(f"replace operation does not apply: doc is missing key: {path}: {ERR_MISSING}",
                      missing=True) from None
    try:
        _set(container, key, value)
    except _Failed as failed:
        raise _Failed(f"error in remove for path: '{path}': {failed.message}", failed.missing) from None
    return doc


def _op_move(doc: Any, source: str, path: str) -> None:
    if source == "":
        raise _Failed(f"unable to move entire document to another path: {ERR_INVALID}")
    container, key = _find_object(doc, source)
    if container is None:
        raise _Failed(f"move operation does not apply: doc is missing from path: {source}: {ERR_MISSING}",
                      missing=True)
    try:
        value = _get(container, key)
        _remove(container, key)
    except _Failed as failed:
        raise _Failed(f"error in move for path: '{key}': {failed.message}", failed.missing) from None
    container, key = _find_object(doc, path)
    if container is None:
        raise _Failed(f"move operation does not apply: doc is missing destination path: {path}: {ERR_MISSING}",
                      missing=True)
    try:
        _add(container, key, value)
    except _Failed as failed:
        raise _Failed(f"error in move for path: '{path}': {failed.message}", failed.missing) from None


def _op_test(doc: Any, path: str, expected: Any) -> None:
    failed_test = _Failed(f"testing value {path} failed: {ERR_TEST_FAILED}")
    if path == "":
        if not _equal(doc, expected):
            raise failed_test
        return
    container, key = _find_object(doc, path)
    if container is None:
        raise _Failed(f"test operation does not apply: is missing path: {path}: {ERR_MISSING}", missing=True)
    try:
        value = _get(container, key)
    except _Failed as failed:
        if not failed.missing:
            raise _Failed(f"error in test for path: '{path}': {failed.message}") from None
        value = None
    if value is None or expected is None:
        if value is None and expected is None:
            return
        raise failed_test
    if not _equal(value, expected):
        raise failed_test


def _op_copy(doc: Any, source: str, path: str) -> None:
    container, key = _find_object(doc, source)
    if container is None:
        raise _Failed(f'copy operation does not apply: doc is missing from path: "{source}": {ERR_MISSING}',
                      missing=True)
    try:
        value = copy.deepcopy(_get(container, key))
    except _Failed as failed:
        raise _Failed(f"error in copy for from: '{source}': {failed.message}", failed.missing) from None
    container, key = _find_object(doc, path)
    if container is None:
        raise _Failed(f"copy operation does not apply: doc is missing destination path: {path}: {ERR_MISSING}",
                      missing=True)
    try:
        _add(container, key, value)
    except _Failed as failed:
        raise _Failed(f"error while adding value during copy: {failed.message}", failed.missing) from None
