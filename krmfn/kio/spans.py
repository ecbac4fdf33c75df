"""Where each item of a ResourceList is in the input text, so an unchanged item is written back
as exactly those bytes.

rapidyaml's tree has no source positions, so the entries of the `items:` block sequence are found
in the text: YAML's indentation rules put every entry's `-` at the same column, and every line of
an entry (block scalars, nested collections, continuation lines) deeper than that column. The
spans are used only when they agree with the tree: one span per item, each opening with the
item's first key (or its properties), so an input the scan cannot read exactly (flow `items`, a
top level that is not a block mapping at column 0) simply keeps the tree route.
"""
from __future__ import annotations

import re

import ryml

from krmfn.kio import tree as yt

Span = tuple[int, int]

_ITEMS_KEY = re.compile(rb"^items[ \t]*:[ \t]*(?:#[^\n]*)?\r?\n", re.MULTILINE)


def item_spans(data: bytes, tree: ryml.Tree, items_node: int, nodes: list[int]) -> tuple[list[Span], int] | None:
    """The byte span of each entry of the top-level `items` sequence and the column of its `-`,
    or None when the text cannot be split faithfully. A span runs from its `-` line's first
    byte to the next entry's (the last one to the end of its last line of content)."""
    if not nodes or items_node == yt.NONE or not tree.is_seq(items_node) or tree.is_flow(items_node):
        return None
    heads = list(_ITEMS_KEY.finditer(data))
    if len(heads) != 1:
        return None
    start = heads[0].end()
    first = re.compile(rb"(?:[ \t]*(?:#[^\n]*)?\r?\n)*( *)-(?:[ \t]|\r?\n)").match(data, start)
    if first is None:
        return None
    column = len(first.group(1))
    spans = _entries(data, first.start(1), column)
    if len(spans) != len(nodes) or not all(
        _opens_with(data, span, column, tree, node) for span, node in zip(spans, nodes, strict=True)
    ):
        return None
    return spans, column


def _entries(data: bytes, start: int, column: int) -> list[Span]:
    indent = b" " * column
    entry = re.compile(rb"^" + indent + rb"-(?:[ \t]|\r?$)", re.MULTILINE)
    # The sequence ends at the first line of content that is not deeper than its dashes and is
    # not one of its entries (the next top-level key, a document marker).
    outside = re.compile(
        rb"^(?!" + indent + rb"-(?:[ \t]|\r?$))(?! {" + str(column + 1).encode() + rb"})(?=[ ]*[^ #\r\n])",
        re.MULTILINE,
    )
    end_match = outside.search(data, start + 1)
    end = end_match.start() if end_match else len(data)
    starts = [match.start() for match in entry.finditer(data, start, end)]
    if not starts or starts[0] != start:
        return []
    bounds = [*starts[1:], _content_end(data, starts[-1], end)]
    return list(zip(starts, bounds, strict=True))


_TRAILING = re.compile(rb"(?:\r?\n[ \t]*(?:#[^\n]*)?)*\Z")


def _content_end(data: bytes, start: int, end: int) -> int:
    """The end of the last entry: after its last line of content, trailing comments left out."""
    region = data[start:end]
    tail = _TRAILING.search(region)
    stop = start + (tail.start() if tail else len(region))
    newline = data.find(b"\n", stop)
    return end if newline == -1 or newline >= end else newline + 1


def _opens_with(data: bytes, span: Span, column: int, tree: ryml.Tree, node: int) -> bool:
    """Does the entry's text begin the way the tree's item does (first key, flow map, properties)?"""
    head = data[span[0] + column + 1 : min(span[1], span[0] + column + 1 + 512)].lstrip(b" \t\r\n")
    while head.startswith(b"#"):
        head = head.partition(b"\n")[2].lstrip(b" \t\r\n")
    if head.startswith((b"&", b"!")):
        return True
    if tree.is_flow(node):
        return head.startswith(b"{")
    first = tree.first_child(node)
    if first == yt.NONE:
        return head.startswith(b"{}")
    key = yt.key_text(tree, first).encode("utf-8")
    return head.startswith((key, b'"' + key, b"'" + key))
