"""A request's changes to the copy's ``spec``: ``patches`` (RFC 6902 JSON Patch) and ``set``.

``patches`` is a list of operations (``{op, path, value|from}``, paths relative to ``spec``); the
ConfigMap's and the CLI's ``patch`` is that list as JSON. ``set`` is a list of ``path=value``
strings: the path is relative to ``spec`` with keys split on ``.`` (``cpu.model``; a number is a
list index), the value a plain scalar as kustomize reads it (``krmfn.model.scalars``: ``4`` is
an integer, ``true`` a boolean, ``~`` null, anything else a string). A ``set`` becomes an ``add``
of the value, after ``add``s of an empty map for each missing parent.

The ``patches`` are applied first, then the ``set``s, one operation at a time with the
``jsonpatch`` library; the first that fails stops the request (``generate-patch-failed``, naming
its index). A malformed list is ``generate-patch-invalid``.
"""
from __future__ import annotations

import json
from collections.abc import Mapping

import jsonpatch
import jsonpointer

from krmfn.model.record import record
from krmfn.modes.generate.findings import PATCH_FAILED, PATCH_INVALID, error
from krmfn.modes.generate.requests import FLAGS_PATH, SINGLE_SIZE_PATH, SizeRequest, field_path
from krmfn.model.findings import Finding
from krmfn.model.scalars import resolve_plain

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

OPS = ("add", "remove", "replace", "move", "copy", "test")
_NEEDS_VALUE = ("add", "replace", "test")
_NEEDS_FROM = ("move", "copy")


@record(frozen=True)
class Change:
    """One operation as the request gave it: ``what`` names it in messages (``patch operation 1``),
    ``path`` is where findings point; a ``set`` has its own value and no ``op`` yet."""

    what: str
    path: str
    op: dict[str, Any] | None = None
    set_path: tuple[str, ...] = ()
    set_value: Any = None


def changes(request: SizeRequest, request_path: str, findings: list[Finding]) -> list[Change] | None:
    """The request's patches, then its sets; None (errors in ``findings``) when one is malformed."""
    before = len(findings)
    found = [*_patches(request.patches, request_path, findings), *_sets(request.set, request_path, findings)]
    return None if len(findings) > before else found


def _is_empty(raw: Any) -> bool:
    return raw is None or raw in ("", [])


def apply_changes(spec: dict[str, Any], found: list[Change], findings: list[Finding]) -> dict[str, Any] | None:
    """``spec`` with every change applied, or None (an error in ``findings``) at the first that fails."""
    for change in found:
        ops = [change.op] if change.op is not None else _set_ops(spec, change)
        problem = next(filter(None, (_scalar_on_the_way(spec, op["path"]) for op in ops)), "")
        try:
            spec = spec if problem else jsonpatch.JsonPatch(ops).apply(spec)
        except jsonpatch.JsonPatchTestFailed:
            problem = _test_failure(spec, ops[0])
        except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException) as err:
            problem = str(err)
        if problem:
            findings.append(error(f"{change.what} ({_describe(change)}) fails: {problem}", change.path, PATCH_FAILED))
            return None
        if not isinstance(spec, dict):
            findings.append(error(f"{change.what} ({_describe(change)}) replaces the whole spec with a "
                                  f"{type(spec).__name__}; spec must stay a map", change.path, PATCH_FAILED))
            return None
    return spec


# -- patches -------------------------------------------------------------------------------------


def _patches(raw: Any, request_path: str, findings: list[Finding]) -> list[Change]:
    if _is_empty(raw):
        return []
    where = field_path(request_path, "patches")
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError as err:
            findings.append(error(f"patch is not JSON: {err}", where, PATCH_INVALID))
            return []
    if not isinstance(raw, list):
        findings.append(error("patches must be a list of JSON Patch operations "
                              '([{"op": "replace", "path": "/cpu/model", "value": "host-passthrough"}])',
                              where, PATCH_INVALID))
        return []
    found = []
    for index, op in enumerate(raw):
        path = _indexed(where, request_path, index)
        problem = _op_problem(op)
        if problem:
            findings.append(error(f"patch operation {index}: {problem}", path, PATCH_INVALID))
            continue
        found.append(Change(f"patch operation {index}", path, op=dict(op)))
    return found


def _op_problem(op: Any) -> str:
    """Why an operation is malformed, or ""."""
    if not isinstance(op, Mapping):
        return "must be a map with op and path"
    if op.get("op") not in OPS:
        return f'op must be one of {", ".join(OPS)}, got {json.dumps(op.get("op"))}'
    for key in ("path", *(("from",) if op["op"] in _NEEDS_FROM else ())):
        value = op.get(key)
        if not isinstance(value, str) or (value and not value.startswith("/")):
            return f'{key} must be a JSON Pointer relative to spec ("/cpu/model"), got {json.dumps(value)}'
    if op["op"] in _NEEDS_VALUE and "value" not in op:
        return f"a {op['op']} needs a value"
    return ""


# -- set -----------------------------------------------------------------------------------------


def _sets(raw: Any, request_path: str, findings: list[Finding]) -> list[Change]:
    if _is_empty(raw):
        return []
    where = field_path(request_path, "set")
    entries = [raw] if isinstance(raw, str) else raw
    if not isinstance(entries, list):
        findings.append(error("set must be a list of path=value strings (cpu.model=host-passthrough)", where,
                              PATCH_INVALID))
        return []
    found = []
    for index, entry in enumerate(entries):
        path = _indexed(where, request_path, index)
        key, equals, value = entry.partition("=") if isinstance(entry, str) else ("", "", "")
        segments = tuple(key.strip().split(".")) if key.strip() else ()
        if not equals or not segments or "" in segments:
            findings.append(error(f"set {index}: expected path=value with a dotted path relative to spec "
                                  f"(cpu.model=host-passthrough), got {json.dumps(entry)}", path, PATCH_INVALID))
            continue
        found.append(Change(f"set {index}", path, set_path=segments, set_value=resolve_plain(value.strip())))
    return found


def _set_ops(spec: dict[str, Any], change: Change) -> list[dict[str, Any]]:
    """An ``add`` of the value, after an ``add`` of ``{}`` for each missing map on the way."""
    ops = []
    node: Any = spec
    for depth, segment in enumerate(change.set_path[:-1]):
        if isinstance(node, list) and segment.isdigit() and int(segment) < len(node):
            node = node[int(segment)]
        elif isinstance(node, dict):
            node = node.get(segment)
            if node is None:
                ops.append({"op": "add", "path": _pointer(change.set_path[:depth + 1]), "value": {}})
                node = {}
        else:
            break  # a scalar or a list on the way: the add below fails and says where
    return [*ops, {"op": "add", "path": _pointer(change.set_path), "value": change.set_value}]


def change_fields(change: Change) -> list[str]:
    """The spec fields a change writes or reads, dotted (``cpu.model``, ``devices.disks[0]``)."""
    if change.op is None:
        return [_dotted(change.set_path)]
    pointers = [change.op["path"], *([change.op["from"]] if change.op["op"] in _NEEDS_FROM else [])]
    return [_dotted(tuple(part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[1:]))
            for pointer in pointers]


def _dotted(segments: tuple[str, ...]) -> str:
    text = ""
    for segment in segments:
        text += f"[{segment}]" if segment.isdigit() else (f".{segment}" if text else segment)
    return text


def _test_failure(spec: dict[str, Any], op: dict[str, Any]) -> str:
    """A ``test`` that is false, in the spec's terms (jsonpatch's message shows Python types)."""
    try:
        actual = jsonpointer.resolve_pointer(spec, op["path"])
    except jsonpointer.JsonPointerException:
        return f"{op['path']} does not exist"
    return f"{op['path'] or '/'} is {json.dumps(actual)}, not {json.dumps(op['value'])}"


def _scalar_on_the_way(spec: dict[str, Any], pointer: str) -> str:
    """Why ``pointer`` cannot be reached (a scalar where a map or list must be), or "" (jsonpatch
    would say it in terms of its own internals)."""
    node: Any = spec
    parts = pointer.split("/")[1:]
    for depth, part in enumerate(parts[:-1]):
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            return ""  # missing: jsonpatch names it
        if not isinstance(node, (dict, list)):
            return f"{'/' + '/'.join(parts[:depth + 1])} is {json.dumps(node)}, not a map or a list"
    return ""


# -- small helpers -------------------------------------------------------------------------------


def _pointer(segments: tuple[str, ...]) -> str:
    return "".join("/" + segment.replace("~", "~0").replace("/", "~1") for segment in segments)


def _indexed(where: str, request_path: str, index: int) -> str:
    """A typed size's operation is ``spec.sizes[0].patches[1]``; a flag or ConfigMap key has no index."""
    return where if request_path in (FLAGS_PATH, SINGLE_SIZE_PATH) else f"{where}[{index}]"


def _describe(change: Change) -> str:
    if change.op is not None:
        return f"{change.op['op']} {change.op['path']}"
    return f"{'.'.join(change.set_path)}={json.dumps(change.set_value)}"
