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

rapidyaml and `dump` indent a block sequence under a key (`disks:` then `  - name: a`); a changed
document whose source writes its sequences at the key's column (kubectl's style) is written so
too (`sequence_style`, `compact_sequences`), so that only the lines that changed differ.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

import ryml

from krmfn.kio.scalars import format_key, format_scalar, literal_block, literal_ok, quote_string
from krmfn.kio.tree import quiet_stderr
from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# Raw characters that must never reach the output unescaped (rapidyaml does not escape them).
_UNSAFE = LazyPattern(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]")


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


# --- sequence indentation -------------------------------------------------------------------
#
# A block sequence under a key is written either compact, its `-` at the key's column (`disks:`
# then `- name: a`: what kubectl and kpt write), or wide, two columns deeper (`disks:` then
# `  - name: a`: what rapidyaml and `dump` write). A changed document keeps its source's style.

COMPACT = "compact"
WIDE = "wide"
# A block scalar header ending a line: `|`, `>`, with indicators, first on the line (after its
# `- ` indicators, `? ` or properties) or after a key's `: `, and perhaps a comment.
_HEADER_END = LazyPattern(r"(?:^|^\?[ \t]+|:[ \t]+)(?:[!&][^ \t]*[ \t]+)*[|>](?:[1-9][+-]?|[+-][1-9]?)?[ \t]*(?:#.*)?$")
_HEADER_CANDIDATE = LazyPattern(r"[|>][1-9+-]{0,2}[ \t]*(?:#[^\n]*)?$", re.MULTILINE)
_DASHES = LazyPattern(r"(?:-(?: +|$))*")
_COMMENT_LINE = LazyPattern(r"[ \t]*#")
# A line opening with a `-` indicator: the line break before it, its indentation.
_DASH_LINE = LazyPattern(r"\n( *)-(?=[ \n]|\Z)")
# The same after a line ending with a key's `:` (and properties): a text without comments.
_KEY_THEN_DASH = LazyPattern(r":(?:[ \t]+[!&][^ \t\n]*)*[ \t]*(\n( *)-(?=[ \n]|\Z))")


def _line_shape(line: str) -> tuple[int, int, str]:
    """(indentation, column of the node after the line's `- ` indicators, the rest of the line)."""
    stripped = line.lstrip(" ")
    indent = len(line) - len(stripped)
    dashes = _DASHES.match(stripped)
    width = dashes.end() if dashes else 0
    return indent, indent + width, stripped[width:]


def _scalar_threshold(line: str) -> int | None:
    """The column a block scalar's content on the lines after ``line`` is deeper than, when
    ``line`` ends with a block scalar header; else None."""
    indent, column, rest = _line_shape(line)
    header = _HEADER_END.search(rest)
    if header is None:
        return None
    if header.start() == 0 and indent < column:  # `- |`: the entry of a sequence at `indent`
        return column - 2
    return column


def _opens_sequence(rest: str) -> bool:
    """Does a line ending so hold a key whose value is a block collection on the next lines?"""
    text = rest.split(" #", 1)[0].rstrip(" \t")
    if not text or text.startswith(("?", ":", "#")):
        return False
    head, _, tail = text.rpartition(": ")
    return text.endswith(":") or bool(head and tail and all(p[:1] in "!&" for p in tail.split()))


@lru_cache(maxsize=256)
def _shallow_line(column: int) -> re.Pattern[str]:
    return re.compile(f"\n {{0,{column}}}[^ \n]")


@lru_cache(maxsize=256)
def _indentation_up_to(width: int) -> re.Pattern[str]:
    return re.compile(f"\n {{0,{width}}}")


def _end_of_lines_deeper(text: str, start: int, column: int) -> int:
    """From the line break at ``start``: the line break before the first line of content at a
    column up to ``column`` (or the end of the text)."""
    found = _shallow_line(column).search(text, start + 1)
    return found.start() if found else len(text)


def _block_contents(text: str) -> list[tuple[int, int]]:
    """The spans (from a header's line break to the line break after the content) of the block
    scalars' content."""
    spans: list[tuple[int, int]] = []
    for candidate in _HEADER_CANDIDATE.finditer(text):
        if spans and candidate.start() < spans[-1][1]:
            continue  # inside a block scalar's content
        line_start = text.rfind("\n", 0, candidate.start()) + 1
        threshold = _scalar_threshold(text[line_start : candidate.end()])
        if threshold is not None and candidate.end() < len(text):
            spans.append((candidate.end(), _end_of_lines_deeper(text, candidate.end(), threshold)))
    return spans


def _sequences_under_keys(text: str, comments: bool = False) -> Iterator[tuple[int, int, int]]:
    """For each block sequence under a key, in order, outside block scalars' content: (the line
    break before its first entry, the column of its `-`, the column of its key). ``comments``:
    the text may have comment and blank lines between a key and its first entry."""
    contents = _block_contents(text)
    for found in (_DASH_LINE if comments else _KEY_THEN_DASH).finditer(text):
        dash = found.start() if comments else found.start(1)  # the line break before the `-` line
        if any(start <= dash < end for start, end in contents):
            continue
        end = dash
        start = text.rfind("\n", 0, end) + 1
        while comments and start > 0 and (not text[start:end].strip() or _COMMENT_LINE.match(text, start)):
            end = start - 1
            start = text.rfind("\n", 0, end) + 1
        _, column, rest = _line_shape(text[start:end])
        if _opens_sequence(rest):
            yield dash, len(found.group(1 if comments else 2)), column


def sequence_style(text: str) -> str | None:
    """The style of the first block sequence under a key in ``text`` (COMPACT or WIDE), or None
    when it has none. Comments are looked past; block scalars' content (a cloud-init's lists) is
    not looked at."""
    for _, dash, key_column in _sequences_under_keys("\n" + text, comments=True):
        return COMPACT if dash == key_column else WIDE if dash > key_column else None
    return None


def compact_sequences(text: str) -> str:
    """``text`` written by rapidyaml or ``dump`` (block sequences under keys wide: `key:` then
    `  - a`) with those sequences compact: each one's lines two columns to the left. ``text``
    itself when the result would not read as the same YAML (rapidyaml must parse both and write
    them the same)."""
    regions = [(start, _end_of_lines_deeper(text, start, key_column + 1))
               for start, dash, key_column in _sequences_under_keys(text) if dash == key_column + 2]
    if not regions:
        return text
    # regions nest: the depth of the text between two bounds is the regions opened before it
    # less those closed
    steps: dict[int, int] = {0: 0, len(text): 0}
    for start, end in regions:
        steps[start] = steps.get(start, 0) + 1
        steps[end] = steps.get(end, 0) - 1
    bounds = sorted(steps)
    pieces, depth = [], 0
    for start, end in zip(bounds, bounds[1:], strict=False):
        depth += steps[start]
        piece = text[start:end]
        pieces.append(_indentation_up_to(2 * depth).sub("\n", piece) if depth else piece)
    compact = "".join(pieces)
    return compact if _same_yaml(compact, text) else text


def _same_yaml(compact: str, wide: str) -> bool:
    try:
        canonical = _canonical(compact)
        return canonical.rstrip("\n") == wide.rstrip("\n") or canonical == _canonical(wide)
    except Exception:  # noqa: BLE001 - rapidyaml refuses one of them
        return False


def _canonical(text: str) -> str:
    tree = ryml.Tree()
    with quiet_stderr():
        ryml.parse_in_arena(text.encode("utf-8"), tree=tree)
    return str(ryml.emit_yaml(tree, tree.root_id()))


def in_style(text: str, style: str | None) -> str:
    """``text`` (rapidyaml's or ``dump``'s, sequences wide) in a source's sequence style."""
    return compact_sequences(text) if style == COMPACT else text
