"""Findings as KRM results, their order, and the one-line form printed on stderr."""
from __future__ import annotations

import re
from typing import Any

from krmfn.model.findings import ERROR, SEVERITIES, Finding
from krmfn.kio.items import Item, resource_ref

_SEVERITY_ORDER = {severity: rank for rank, severity in enumerate(SEVERITIES)}


def to_result(finding: Finding, items: list[Item], config_ref: dict[str, str] | None = None) -> dict[str, Any]:
    """A KRM result: severity always set, field.path a string, file.index an integer.

    A finding about no item but with a path is about the functionConfig (`spec.sizes[1].memory`):
    it names the functionConfig object when there is one, else the path leads the message.
    """
    result: dict[str, Any] = {"message": finding.message, "severity": finding.severity}
    item = items[finding.item] if finding.item is not None and 0 <= finding.item < len(items) else None
    if finding.subject is not None:
        ref = resource_ref(finding.subject)
    else:
        ref = resource_ref(item.value) if item is not None else (config_ref if finding.path else None)
    if finding.path and ref is None:
        result["message"] = f"{finding.path}: {finding.message}"
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
    tags = dict(finding.tags)
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


def stderr_line(result: dict[str, Any]) -> str:
    """`file[:index]: Kind ns/name field: message` (parts that are unknown are left out)."""
    parts = []
    file = result.get("file")
    if file and file.get("path"):
        where = file["path"] + (f":{file['index']}" if file.get("index") else "")
        parts.append(where + ":")
    ref = result.get("resourceRef")
    if ref:
        name = "/".join(x for x in (ref.get("namespace"), ref.get("name")) if x)
        parts.append(" ".join(x for x in (ref.get("kind"), name) if x))
    fld = result.get("field")
    head = " ".join(parts)
    if fld and fld.get("path"):
        head = f"{head} {fld['path']}" if head else fld["path"]
    severity = result.get("severity", ERROR)
    prefix = "" if severity == ERROR else f"{severity}: "
    return one_line(f"{head}: {prefix}{result['message']}" if head else f"{prefix}{result['message']}")


_LINE_BREAKS = re.compile("[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
_ESCAPES = {"\n": "\\n", "\r": "\\r"}


def one_line(text: str) -> str:
    """Line breaks from the input (a name or key with a newline, or any character Python's
    splitlines breaks at) escaped: one finding, one line."""
    return _LINE_BREAKS.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), text)


def has_error(results: list[dict[str, Any]]) -> bool:
    return any(result.get("severity") == ERROR for result in results)
