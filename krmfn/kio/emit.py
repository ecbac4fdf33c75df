"""Writing YAML: untouched values verbatim, new values in a safe canonical style.

An item the function did not change is written as its input bytes where they are known
(krmfn.kio.spans), else by rapidyaml straight from the parsed tree, so every scalar keeps its exact
source text and quoting (`1.10`, `0755`, `yes`, `'1'`, `|` blocks). rapidyaml drops comments; kpt
restores them from the input by the item's id annotation.

An item the function changed is patched into the tree (patch.py) and written the same way;
`dump` writes new items and whatever rapidyaml cannot write faithfully.

rapidyaml's emitter writes some scalars raw that YAML cannot carry raw (control characters), so
every rendering is screened with `_UNSAFE`; the caller puts such scalars back as escapes
(`patch.placeholders_for_unsafe`) or falls back to `dump` of the exact values.
"""
from __future__ import annotations

import re
from typing import Any

import ryml

from krmfn.kio.scalars import format_key, format_scalar, literal_block, literal_ok, quote_string

# Raw characters that must never reach the output unescaped (rapidyaml does not escape them).
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]")


# Printable ASCII, tab and newline: output made only of these needs no regex (bytes.translate
# deletes them ten times faster than _UNSAFE scans; 0.09 s for 10,000 VMs).
_SAFE_ASCII = bytes([0x09, 0x0A]) + bytes(range(0x20, 0x7F))


class UnsafeRendering(Exception):
    """rapidyaml's rendering of a node cannot be used verbatim."""


def render_node(tree: ryml.Tree, node: int) -> str:
    """rapidyaml's rendering of a node at indentation 0, without a trailing newline."""
    text = render_block(tree, node).decode("utf-8")
    if tree.is_doc(node) and text.startswith("---"):
        text = text[4:] if text.startswith("---\n") else text[3:].lstrip(" ")
    return text[:-1] if text.endswith("\n") else text


def render_block(tree: ryml.Tree, node: int) -> bytearray:
    """rapidyaml's UTF-8 rendering of a node, as emitted (a trailing newline included).

    Emitted into a buffer of the computed size: no C-string conversion, so a NUL in a value is
    kept (and refused below) instead of cutting the output short, and no text copy is made (at
    50,000 VMs each copy of the output is 150 MB of fresh pages). A raw control character would
    change a value on reading: such a rendering cannot be used.
    """
    buffer = bytearray(ryml.compute_yaml_length(tree, node))
    ryml.emit_yaml_in_place(tree, buffer, node)
    if buffer.translate(None, _SAFE_ASCII) and not _safe_text(buffer):
        raise UnsafeRendering
    return buffer


def _safe_text(buffer: bytearray) -> bool:
    try:
        return not _UNSAFE.search(buffer.decode("utf-8"))
    except UnicodeDecodeError:
        return False


def indent_lines(text: str, indent: str) -> str:
    """Shift every non-empty line right by `indent` (empty lines stay empty).

    A uniform shift keeps block scalars' values: their indentation is relative.
    """
    if not indent or not text:
        return text
    out = indent + text.replace("\n", "\n" + indent)
    blank = "\n" + indent + "\n"
    while blank in out:  # lines that were empty must not gain trailing spaces
        out = out.replace(blank, "\n\n")
    return out[: -len(indent)] if out.endswith("\n" + indent) else out


# --- canonical dump of plain values ----------------------------------------------------------


def dump(value: Any, indent: str = "") -> str:
    """Block-style YAML for a value (a mapping or sequence at `indent`), no trailing newline."""
    lines: list[str] = []
    _dump_block(value, indent, lines)
    return "\n".join(lines)


def _dump_block(value: Any, indent: str, lines: list[str]) -> None:
    if isinstance(value, dict) and value:
        for key, item in value.items():
            _dump_entry(_key_head(key, indent), item, indent, lines)
    elif isinstance(value, list) and value:
        for item in value:
            _dump_seq_item(item, indent, lines)
    else:
        lines.append(indent + inline_scalar(value))


# Longer implicit keys are not YAML (1.2, 7.4.2): such a key is written explicitly, as kpt does.
MAX_IMPLICIT_KEY = 1024


def _key_head(key: Any, indent: str) -> str:
    text = format_key(key)
    if len(text) > MAX_IMPLICIT_KEY:
        return f"{indent}? {text}\n{indent}:"
    return indent + text + ":"


def _dump_entry(head: str, value: Any, indent: str, lines: list[str]) -> None:
    if isinstance(value, (dict, list)) and value:
        lines.append(head)
        _dump_block(value, indent + "  ", lines)
    elif isinstance(value, str) and "\n" in value and literal_ok(value):
        block = literal_block(value, indent)
        lines.append(head + " " + block[0])
        lines.extend(block[1:])
    else:
        lines.append(head + " " + inline_scalar(value))


def _dump_seq_item(value: Any, indent: str, lines: list[str]) -> None:
    inner = indent + "  "
    if (isinstance(value, (dict, list)) and value) or (isinstance(value, str) and "\n" in value and literal_ok(value)):
        sub: list[str] = []
        if isinstance(value, str):
            block = literal_block(value, indent)
            lines.append(indent + "- " + block[0])
            lines.extend(block[1:])
            return
        _dump_block(value, inner, sub)
        lines.append(indent + "- " + sub[0][len(inner) :])
        lines.extend(sub[1:])
    else:
        lines.append(indent + "- " + inline_scalar(value))


def inline_scalar(value: Any) -> str:
    """A leaf on one line: an empty container, a quoted multi-line string, or a scalar."""
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    if isinstance(value, str) and "\n" in value:
        return quote_string(value)
    return format_scalar(value)


# --- comparing values -------------------------------------------------------------------


def same(a: Any, b: Any) -> bool:
    """Unchanged: equal, and of the same type where it is a scalar (1, 1.0 and True differ).

    Containers are compared with Python's own (C) equality, which is what keeps the per-VM cost
    of writing a changed item low; the engine never swaps a nested bool for an equal int.
    """
    if type(a) is not type(b):
        return False
    return a == b or (a != a and b != b)  # noqa: PLR0124 - nan, the one value unequal to itself
