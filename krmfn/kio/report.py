"""The CLI's validate report: text, JSON or GitHub workflow annotations, with line numbers."""
from __future__ import annotations

import json
from typing import Any, TextIO

from krmfn.model.findings import ERROR, WARNING
from krmfn.kio.items import Item
from krmfn.kio.lines import line_of
from krmfn.kio.results import item_location, location, stderr_line

FORMATS = ("text", "json", "github")


def add_lines(results: list[dict[str, Any]], items: list[Item], findings_items: list[int | None]) -> None:
    """Give each result whose item came from a file the 1-based line of its field."""
    for result, index in zip(results, findings_items, strict=False):
        if index is None or not 0 <= index < len(items):
            continue
        item = items[index]
        if item.file and item.file != "-" and item.doc_index is not None:
            line = line_of(item.file, item.doc_index, (result.get("field") or {}).get("path"))
            if line:
                result.setdefault("file", {"path": item.file, "index": item.doc_index})["line"] = line


def line_location(item: Item) -> str:
    """Where an item read from a file is, with its line (for messages that point at an item)."""
    line = None
    if item.file and item.file != "-" and item.doc_index is not None and item.origin() == (item.file, item.doc_index):
        line = line_of(item.file, item.doc_index, "metadata.name")
    return item_location(item, line)


def summary(results: list[dict[str, Any]], objects: int) -> dict[str, int]:
    return {
        "objects": objects,
        "errors": sum(1 for r in results if r.get("severity") == ERROR),
        "warnings": sum(1 for r in results if r.get("severity") == WARNING),
    }


def write_report(results: list[dict[str, Any]], objects: int, fmt: str, out: TextIO) -> None:
    counts = summary(results, objects)
    if fmt == "json":
        json.dump({"results": results, "summary": counts}, out, indent=2, sort_keys=False, default=str)
        out.write("\n")
        return
    for result in results:
        out.write((_github(result) if fmt == "github" else _text(result)) + "\n")
    out.write(f"krmfn validate: {_count(counts['objects'], 'object')}, {_count(counts['errors'], 'error')}, "
              f"{_count(counts['warnings'], 'warning')}\n")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _where(result: dict[str, Any]) -> str:
    return location(result.get("file"))


def _check(result: dict[str, Any]) -> str:
    return (result.get("tags") or {}).get("check", "")


def _text(result: dict[str, Any]) -> str:
    """`file:line: severity [check] Kind ns/name field: message`."""
    body = stderr_line({k: v for k, v in result.items() if k != "file"} | {"severity": ERROR})
    where = _where(result)
    check = f" [{_check(result)}]" if _check(result) else ""
    return f"{where + ': ' if where else ''}{result['severity']}{check} {body}"


def _escape(text: str, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def _github(result: dict[str, Any]) -> str:
    level = {"error": "error", "warning": "warning"}.get(result["severity"], "notice")
    props = []
    file = result.get("file") or {}
    if file.get("path"):
        props.append(f"file={_escape(file['path'], True)}")
        if file.get("line"):
            props.append(f"line={file['line']}")
            if file.get("column"):
                props.append(f"col={file['column']}")
    props.append(f"title={_escape('krmfn ' + (_check(result) or 'validate'), True)}")
    body = stderr_line({k: v for k, v in result.items() if k != "file"} | {"severity": ERROR})
    return f"::{level} {','.join(props)}::{_escape(body)}"
