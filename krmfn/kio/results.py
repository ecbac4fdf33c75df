"""Findings as KRM results, their order, and the one-line form printed on stderr."""
from __future__ import annotations

from collections.abc import Callable

from krmfn.model.findings import ERROR, FIRST_ITEM, SEVERITIES, Finding
from krmfn.kio.items import Item, resource_ref
from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

_SEVERITY_ORDER = {severity: rank for rank, severity in enumerate(SEVERITIES)}

# A failed build's ways to the file to fix: a list of chains, each the kustomization directories a
# build went through, the directory built first (one chain; several once merged, krmfn.report.merge).
REACHED_THROUGH = "reachedThrough"
# Where the object is when ``file`` names another file: the patch that wrote the field.
OBJECT_FILE = "objectFile"


def item_location(item: Item, line: int | None = None, within: str | None = None) -> str:
    """Where an item is, for a message: `path:line` when the line is known, else `path (document N)`
    (N counts from 1), else nothing better than that it was read. (`within`: the path of an object
    embedded in the item, such as `items[2]`; only the line can say more than the item does.)"""
    path, index = item.origin()
    return location({"path": path, "index": index, "line": line})


def to_result(finding: Finding, items: list[Item], config_ref: dict[str, str] | None = None,
              locate: Callable[..., str] = item_location) -> dict[str, Any]:
    """A KRM result: severity always set, field.path a string, file.index an integer.

    A finding about no item but with a path is about the functionConfig (`spec.sizes[1].memory`):
    it names the functionConfig object when there is one, else the path leads the message.
    A finding that refers to an earlier item (tag FIRST_ITEM) names where that item is (`locate`).
    """
    tags = dict(finding.tags)
    message = finding.message
    first, _, within = (tags.pop(FIRST_ITEM, None) or "").partition(":")  # `3`, or `3:items[1]` in a List
    if first.isdigit() and int(first) < len(items):
        where = locate(items[int(first)], within=within or None)
        message = f"{message} (first definition: {where or 'item ' + first})"
    result: dict[str, Any] = {"message": message, "severity": finding.severity}
    item = items[finding.item] if finding.item is not None and 0 <= finding.item < len(items) else None
    if finding.subject is not None:
        ref = resource_ref(finding.subject)
    else:
        ref = resource_ref(item.value) if item is not None else (config_ref if finding.path else None)
    if finding.path and ref is None:
        result["message"] = f"{finding.path}: {message}"
    if ref:
        result["resourceRef"] = ref
        if finding.path:
            fld: dict[str, Any] = {"path": finding.path}
            if finding.has_current():
                fld["currentValue"] = finding.current
            if finding.has_proposed():
                fld["proposedValue"] = finding.proposed
            result["field"] = fld
    if item is not None:
        path, index = item.origin()
        if path:
            result["file"] = {"path": path, "index": index or 0}
    if finding.check:
        tags.setdefault("check", finding.check)
    if tags:
        result["tags"] = tags
    return result


def sort_key(result: dict[str, Any]) -> tuple:
    file = result.get("file") or {}
    return (
        file.get("path") or "",
        file.get("index") or 0,
        _SEVERITY_ORDER.get(result.get("severity", ""), len(SEVERITIES)),
        result.get("message", ""),
    )


def location(file: dict[str, Any] | None) -> str:
    """`path:line[:column]` when the line is known, else `path (document N)` when the document
    index is (N = index + 1), else `path`; "" without a path."""
    if not file or not file.get("path"):
        return ""
    path = file["path"]
    if file.get("line"):
        return f"{path}:{file['line']}" + (f":{file['column']}" if file.get("column") else "")
    if isinstance(file.get("index"), int):
        return f"{path} (document {file['index'] + 1})"
    return path


def stderr_line(result: dict[str, Any]) -> str:
    """`location: Kind ns/name field: message` (parts that are unknown are left out; `location`
    as above), then a failed build's ways to the file (``reached_through``)."""
    parts = []
    ref = result.get("resourceRef")
    if ref:
        name = "/".join(x for x in (ref.get("namespace"), ref.get("name")) if x)
        parts.append(" ".join(x for x in (ref.get("kind"), name) if x))
    fld = result.get("field")
    if fld and fld.get("path"):
        parts.append(fld["path"])
    severity = result.get("severity", ERROR)
    body = ("" if severity == ERROR else f"{severity}: ") + result["message"]
    head = " ".join(part for part in parts if part)
    where = location(result.get("file"))
    return one_line(": ".join(part for part in (where, head, body) if part) + reached_through(result))


def reached_through(result: dict[str, Any], name: Callable[[str], str] = str) -> str:
    """`` (reached through overlays/prod -> base; overlays/dev -> base)``: the kustomization
    directories each build went through to a failed build's file (``name`` spells each), or ""."""
    chains = [chain for chain in result.get(REACHED_THROUGH) or [] if chain]
    if not chains:
        return ""
    return " (reached through " + "; ".join(" -> ".join(name(step) for step in chain) for chain in chains) + ")"


_LINE_BREAKS = LazyPattern("[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
_ESCAPES = {"\n": "\\n", "\r": "\\r"}


def one_line(text: str) -> str:
    """Line breaks from the input (a name or key with a newline, or any character Python's
    splitlines breaks at) escaped: one finding, one line."""
    return _LINE_BREAKS.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), text)


def has_error(results: list[dict[str, Any]]) -> bool:
    return any(result.get("severity") == ERROR for result in results)
