"""Where each item of a ResourceList is in the input text, so an unchanged item is written back
as exactly those bytes.

rapidyaml's tree has no source positions, so the entries of the `items:` block sequence are found
in the text: YAML's indentation rules put every entry's `-` at the same column, and every line of
an entry (block scalars, nested collections, continuation lines) deeper than that column. The
spans are used only when they agree with the tree: one span per item, each opening with the
item's first key (or its properties), so an input the scan cannot read exactly (flow `items`, a
top level that is not a block mapping at column 0) simply keeps the tree route.

The last item or document of an input may end without a line break; ``terminated`` gives its
bytes one where more text follows, without changing what they read as (a block scalar there).
"""
from __future__ import annotations

import re

import ryml

from krmfn.kio import tree as yt
from krmfn.model.lazy_re import LazyPattern

Span = tuple[int, int]

_ITEMS_LINE_REST = LazyPattern(rb"[ \t]*(?:#[^\n]*)?\r?\n")
_FIRST_ENTRY = LazyPattern(rb"(?:[ \t]*(?:#[^\n]*)?\r?\n)*( *)-(?:[ \t]|\r?\n)")
_DOCUMENT_MARKER = LazyPattern(rb"(?:---|\.\.\.)(?:[ \t\r\n]|\Z)")


def item_spans(data: bytes, tree: ryml.Tree, items_node: int, nodes: list[int]) -> tuple[list[Span], int] | None:
    """The byte span of each entry of the top-level `items` sequence and the column of its `-`,
    or None when the text cannot be split faithfully. A span runs from its `-` line's first
    byte to the next entry's (the last one to the end of its last line of content)."""
    if not nodes or items_node == yt.NONE or not tree.is_seq(items_node) or tree.is_flow(items_node):
        return None
    start = _after_items_key(data)
    if start is None:
        return None
    first = _FIRST_ENTRY.match(data, start)
    if first is None:
        return None
    column = len(first.group(1))
    end = _sequence_end(data, tree, items_node, first.start(1))
    spans = _entries(data, first.start(1), end, column)
    if len(spans) != len(nodes) or not all(
        _opens_with(data, span, column, tree, node) for span, node in zip(spans, nodes, strict=True)
    ):
        return None
    return spans, column


def _after_items_key(data: bytes) -> int | None:
    """Where the line after the one top-level `items:` key starts."""
    if data.startswith(b"items:"):
        key = 0
    else:
        key = data.find(b"\nitems:") + 1
        if not key:
            return None
    if data.find(b"\nitems:", key + 1) != -1:
        return None
    rest = _ITEMS_LINE_REST.match(data, key + len(b"items:"))
    return rest.end() if rest else None


def _sequence_end(data: bytes, tree: ryml.Tree, items_node: int, start: int) -> int:
    """Where the sequence's text ends: at the next top-level key, or at a document marker, or at
    the end. Inside the sequence no line of content is at column 0 but its own `-` lines."""
    following = tree.next_sibling(items_node)
    if following != yt.NONE:
        key = yt.key_text(tree, following).encode("utf-8")
        for spelling in (key, b'"' + key + b'"', b"'" + key + b"'"):
            found = data.find(b"\n" + spelling, start)
            if found != -1:
                return found + 1
        return start  # not found as written: no spans
    position = start
    while True:
        found = min((f for f in (data.find(b"\n---", position), data.find(b"\n...", position)) if f != -1),
                    default=-1)
        if found == -1:
            return len(data)
        if _DOCUMENT_MARKER.match(data, found + 1):
            return found + 1
        position = found + 1


def _entries(data: bytes, start: int, end: int, column: int) -> list[Span]:
    entry = re.compile(rb"\n" + b" " * column + rb"-(?:[ \t]|\r?\n)")
    starts = [start] + [match.start() + 1 for match in entry.finditer(data, start, end)]
    bounds = [*starts[1:], _content_end(data, starts[-1], end)]
    return list(zip(starts, bounds, strict=True))


_TRAILING = LazyPattern(rb"(?:\r?\n[ \t]*(?:#[^\n]*)?)*\Z")


# A block scalar header with keep chomping (`|+`, `>2+`): its trailing blank lines are content.
_KEEP_CHOMPING = LazyPattern(rb"[|>](?:[1-9]?\+|\+[1-9]?)[ \t]*(?:#[^\n]*)?\r?\n")
_COMMENT_LINE = LazyPattern(rb"\n[ \t]*#")


def _content_end(data: bytes, start: int, end: int) -> int:
    """The end of the last entry: after its last line of content, trailing comments left out
    (and trailing blank lines, unless a keep-chomping block scalar may own them)."""
    region = data[start:end]
    tail = _TRAILING.search(region)
    if tail is not None and _KEEP_CHOMPING.search(region):
        comment = _COMMENT_LINE.search(region, tail.start())
        return end if comment is None else start + comment.start() + 1
    stop = start + (tail.start() if tail else len(region))
    newline = data.find(b"\n", stop)
    return end if newline == -1 or newline >= end else newline + 1


_r = ryml.ryml._ryml  # SWIG functions called directly: this runs once per item


def _opens_with(data: bytes, span: Span, column: int, tree: ryml.Tree, node: int) -> bool:
    """Does the entry's text begin the way the tree's item does (first key, flow map, properties)?"""
    first = _r.Tree_first_child(tree, node)
    key = bytes(_r.Tree_key(tree, first)) if first != yt.NONE and _r.Tree_has_key(tree, first) else None
    if key and data.startswith(key, span[0] + column + 2):  # `- key:`, the usual case
        return True
    head = data[span[0] + column + 1 : min(span[1], span[0] + column + 1 + 512)].lstrip(b" \t\r\n")
    while head.startswith(b"#"):
        head = head.partition(b"\n")[2].lstrip(b" \t\r\n")
    if head.startswith((b"&", b"!")):
        return True
    if tree.is_flow(node):
        return head.startswith(b"{")
    if key is None:
        return head.startswith(b"{}")
    return head.startswith((key, b'"' + key, b"'" + key))


# A document marker at column 0 and what may follow it on its line: nothing or a comment.
_MARKER = LazyPattern(rb"^(?:---|\.\.\.)(?=[ \t\r\n]|\Z)", re.MULTILINE)
_REST_OF_MARKER_LINE = LazyPattern(rb"[ \t]*(?:#[^\n]*)?(?:\r?\n|\Z)")
_BLANK_OR_COMMENTS = LazyPattern(rb"(?:[ \t]*(?:#[^\n]*)?(?:\r?\n|\Z))*\Z")


def document_spans(data: bytes, tree: ryml.Tree, documents: list[int]) -> list[Span | None] | None:
    """The bytes of each document of a stream (its marker lines left out), or None when the text
    cannot be split faithfully (content on a `---` line, `%` directives, a count that disagrees
    with the tree). A document that is only comments has no node: it is not counted."""
    if data.startswith(b"%") or b"\n%" in data:  # a directive: `%` at a line's start
        return None
    # (span, counted): a piece after `---` is a document even when empty; the piece before the
    # first marker or after a `...` only when it has content (rapidyaml's reading).
    pieces: list[tuple[Span, bool]] = []
    position, opened = 0, False
    for marker in _MARKER.finditer(data):
        pieces.append(((position, marker.start()), opened))
        rest = _REST_OF_MARKER_LINE.match(data, marker.end())
        if rest is None:
            return None  # `--- {a: 1}`, `--- !tag`, `--- |`: the document starts on the marker line
        position, opened = rest.end(), data[marker.start() : marker.start() + 3] == b"---"
    pieces.append(((position, len(data)), opened))
    content = [span for span, counted in pieces
               if counted or not _BLANK_OR_COMMENTS.match(data, span[0], span[1])]
    if len(content) != len(documents):
        return None
    spans: list[Span | None] = []
    for span, node in zip(content, documents, strict=True):
        if not tree.is_map(node) or tree.is_flow(node) or not _opens_document(data, span, tree, node):
            spans.append(None)
            continue
        spans.append(span)
    return spans


def _opens_document(data: bytes, span: Span, tree: ryml.Tree, node: int) -> bool:
    first = _r.Tree_first_child(tree, node)
    if first == yt.NONE or not _r.Tree_has_key(tree, first):
        return False
    raw_key = _r.Tree_key(tree, first)
    if raw_key is None:  # an empty key (`: x`): the document is written from its tree
        return False
    key = bytes(raw_key)
    head = data[span[0] : min(span[1], span[0] + 4096)]
    while head.startswith((b"#", b"\n", b"\r\n", b" ")):
        head = head.partition(b"\n")[2] if head.lstrip(b" ").startswith((b"#", b"\n", b"\r")) else head.lstrip(b" ")
    return head.startswith((key, b'"' + key, b"'" + key))


# --- a text that ends without a line break ---------------------------------------------------

# A block scalar header: `|` or `>` with an indentation and a chomping indicator in either order,
# first on its line or after a blank (`key: |`, `- >`, `--- |`), then only blanks or a comment to
# the end of its line.
_BLOCK_HEADER = LazyPattern(rb"(?:(?<=[ \t])|^)[|>](?:[1-9][+-]?|[+-][1-9]?)?(?=[ \t]*(?:#[^\r\n]*)?\r?\n)",
                           re.MULTILINE)
_MAX_HEADERS = 64  # header candidates tried (the nearest to the end first)


def terminated(text: bytes) -> bytes | None:
    """``text`` (one or more YAML documents, or an entry of a sequence) ending with a line break,
    reading as the same values; None when no such text is found (the caller writes the values).

    A text that ends without a line break reads the same with one, except where its last line is
    content of a block scalar with clip or keep chomping (`|`, `>`, `|+`, `|2`...): YAML reads
    the end of the input as the end of the content, and a line break there would be content. That
    scalar's header gets strip chomping (`|-`, `>2-`), which reads the same with the line break, as
    Go's yaml.v3 (kpt, kustomize) writes such a scalar. A last line of blanks is dropped instead
    when that keeps the values (a keep-chomped scalar's trailing empty lines). Every candidate is
    checked by reading it back."""
    if not text or text.endswith((b"\n", b"\r")):
        return text
    newline = b"\r\n" if b"\r\n" in text else b"\n"
    candidate = text + newline
    if b"|" not in text and b">" not in text:
        return candidate  # no block scalar: a line break changes nothing
    expected = _values(text)
    if expected is None:
        return None
    if _values(candidate) == expected:
        return candidate
    cut = max(text.rfind(b"\n"), text.rfind(b"\r")) + 1
    if cut and not text[cut:].strip(b" \t") and _values(text[:cut]) == expected:
        return text[:cut]
    headers = [match for match in _BLOCK_HEADER.finditer(text, 0, cut)][-_MAX_HEADERS:]
    for match in reversed(headers):
        header = match.group()
        digits = bytes(byte for byte in header[1:] if 0x31 <= byte <= 0x39)
        rewritten = text[: match.start()] + header[:1] + digits + b"-" + text[match.end() :] + newline
        if _values(rewritten) == expected:
            return rewritten
    return None


def _values(text: bytes) -> str | None:
    """The values of every document of ``text``, comparable (repr: 1, 1.0 and True differ, and a
    NaN equals itself); None when it does not read."""
    try:
        tree = yt.parse(text)
        walker = yt.Walker(tree)
        return repr([walker.value(document) for document in yt.documents(tree)])
    except Exception:  # noqa: BLE001 - a text that does not read on its own (an alias of another item)
        return None
