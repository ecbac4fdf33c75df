"""Editing one YAML document's text in place: remove mapping entries, append new ones.

A change that only removes keys and adds keys to block mappings that exist (what ``adopt`` does
to a VM) is made on the text itself: each removed entry's lines go (with the comment lines just
above it, at its indentation), each new entry is written
(``emit.dump``) after the last entry of its mapping, at its indentation, its block sequences
compact or wide as the document writes them (``emit.sequence_style``); every other byte stays,
comments included. ``edit`` returns None for anything else (a changed scalar, a list of another
length, a flow mapping, a key on a ``- `` line), and when the edited text does not read back as
the new value; the caller then writes the document another way.

Positions come from PyYAML's composer (``krmfn.kio.lines.compose``: positions only, no values).
"""
from __future__ import annotations


import yaml

from krmfn.kio import tree as yt
from krmfn.kio.emit import dump, in_style, same, sequence_style
from krmfn.kio.lines import compose

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

Path = tuple[str | int, ...]


class Unsupported(Exception):
    """A change the text editor does not make."""


def edit(text: str, old: Any, new: Any) -> str | None:
    """``text`` (one document whose value is ``old``) edited to read as ``new``, or None."""
    try:
        removed, added = _changes(old, new, ())
        docs = compose(text.encode("utf-8"))
        if len(docs) != 1 or docs[0] is None:
            return None
        lines = text.splitlines(keepends=True)
        style = sequence_style(text) if added else None
        edits = [*(_removal(docs[0], path, lines) for path in removed),
                 *(_addition(docs[0], path, value, lines, style) for path, value in added)]
    except Unsupported:
        return None
    out = text
    # from the end, so that offsets stay true; of two insertions at one place, the later first
    for _, (start, end, replacement) in sorted(enumerate(edits), key=lambda e: (e[1][0], e[1][1], e[0]),
                                               reverse=True):
        out = out[:start] + replacement + out[end:]
    return out if _reads_as(out, new) else None


def _changes(old: Any, new: Any, path: Path) -> tuple[list[Path], list[tuple[Path, Any]]]:
    if isinstance(old, dict) and isinstance(new, dict):
        removed = [(*path, key) for key in old if key not in new]
        added = [((*path, key), new[key]) for key in new if key not in old]
        for key in old:
            if key in new and not same(old[key], new[key]):
                more_removed, more_added = _changes(old[key], new[key], (*path, key))
                removed += more_removed
                added += more_added
        return removed, added
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        removed, added = [], []
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            if not same(a, b):
                more_removed, more_added = _changes(a, b, (*path, index))
                removed += more_removed
                added += more_added
        return removed, added
    raise Unsupported(path)


def _node(root: Any, path: Path) -> tuple[Any, Any]:
    """(key node, value node) at ``path`` (key node None for a list entry)."""
    key_node, node = None, root
    for part in path:
        if isinstance(node, yaml.MappingNode) and isinstance(part, str):
            match = next(((k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == part), None)
            if match is None:
                raise Unsupported(path)
            key_node, node = match
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            key_node, node = None, node.value[part]
        else:
            raise Unsupported(path)
    return key_node, node


def _offset(lines: list[str], line: int) -> int:
    return sum(len(text) for text in lines[:line])


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _content(text: str) -> bool:
    stripped = text.strip()
    return bool(stripped) and not stripped.startswith("#")


def _entry_lines(lines: list[str], key_line: int, column: int) -> int:
    """The line after the last content line of the entry whose key is on ``key_line``."""
    last = key_line
    for number in range(key_line + 1, len(lines)):
        if _content(lines[number]):
            if _indent(lines[number]) <= column and not lines[number].lstrip(" ").startswith("- ") or \
                    _indent(lines[number]) < column:
                break
            last = number
    return last + 1


def _removal(root: Any, path: Path, lines: list[str]) -> tuple[int, int, str]:
    key_node, _ = _node(root, path)
    parent_key, parent = _node(root, path[:-1])
    if key_node is None or parent.flow_style:
        raise Unsupported(path)
    line, column = key_node.start_mark.line, key_node.start_mark.column
    if lines[line][:column].strip():  # `- key:` or `{key: ...}`: not a line of its own
        raise Unsupported(path)
    end = _entry_lines(lines, line, column)
    while line > 0 and lines[line - 1].lstrip(" ").startswith("#") and _indent(lines[line - 1]) == column:
        line -= 1  # the comments just above an entry are its own
    return _offset(lines, line), _offset(lines, end), ""


def _addition(root: Any, path: Path, value: Any, lines: list[str], style: str | None) -> tuple[int, int, str]:
    _, parent = _node(root, path[:-1])
    if not isinstance(parent, yaml.MappingNode) or parent.flow_style or not parent.value:
        raise Unsupported(path)
    first_key = parent.value[0][0]
    column = first_key.start_mark.column
    last_key = parent.value[-1][0]
    if lines[last_key.start_mark.line][:last_key.start_mark.column].strip() and len(parent.value) > 1:
        raise Unsupported(path)
    end = _entry_lines(lines, last_key.start_mark.line, last_key.start_mark.column)
    if end > 0 and not lines[end - 1].endswith("\n"):
        raise Unsupported(path)
    rendered = in_style(dump({path[-1]: value}), style)  # its sequences as the document writes them
    text = "".join(" " * column + line if line.strip() else line for line in rendered.splitlines(keepends=True))
    return _offset(lines, end), _offset(lines, end), text if text.endswith("\n") else text + "\n"


def _reads_as(text: str, value: Any) -> bool:
    try:
        tree = yt.parse(text.encode("utf-8"))
        documents = yt.documents(tree)
        return len(documents) == 1 and same(yt.Walker(tree).value(documents[0]), value)
    except Exception:  # noqa: BLE001 - anything unreadable is simply not this edit
        return False
