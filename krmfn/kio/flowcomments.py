"""A repair for rapidyaml's reading of a comment after a plain scalar in a flow mapping.

rapidyaml 0.15.2 reads a comment that follows a plain scalar inside a flow mapping as part of the
scalar when a line break follows the comment: `{a: b # c` then `}` on the next line is
`{a: "b # c"}` (and `{a: 1 # c` is the string `1 # c`), where YAML 1.2 (6.6: white space then `#`
starts a comment; `ns-plain-char` never holds a `#` after white space) and Go's yaml.v3 (its
`yaml_parser_scan_plain_scalar` ends a plain scalar at a `#` after blanks) read `{a: b}` (found by
the differential property tests, ``tests/unit/kio/test_leniency.py``). In a flow sequence, and in
block context, rapidyaml reads it right.

A plain scalar never holds white space then `#`, so ``repair`` cuts every plain key and value of
the tree that does at that point. It looks only where the text may hold such a comment: an open
flow mapping (a `{` other than `{}`), and after it a `#` right after a plain scalar's last
character; the tree is walked only then.
"""
from __future__ import annotations


import ryml

from krmfn.model.lazy_re import LazyPattern

_OPEN_FLOW_MAPPING = LazyPattern(rb"\{(?![ \t]*\})")
_COMMENT_IN_SCALAR = LazyPattern(rb"[ \t]+#")
_BLANKS = b" \t"
_NOT_A_SCALAR_END = b" \t\n\r\f\v,[]{}"


def may_hold_one(data: bytes) -> bool:
    """Can `data` hold a comment right after a plain scalar of a flow mapping: after an open flow
    mapping, a `#` after blanks after a character that can end a plain scalar
    (``[^\\s,\\[\\]{}][ \\t]+#``, found from each `#`: scanning the whole text for that pattern
    costs more than the rest of the reading)."""
    opened = _OPEN_FLOW_MAPPING.search(data)
    if opened is None:
        return False
    start = opened.end()
    hash_at = data.find(b"#", start)
    while hash_at != -1:
        before = hash_at
        while before > start and data[before - 1] in _BLANKS:
            before -= 1
        if before < hash_at and before - 1 >= start and data[before - 1] not in _NOT_A_SCALAR_END:
            return True
        hash_at = data.find(b"#", hash_at + 1)
    return False


def repair(tree: ryml.Tree, data: bytes) -> None:
    """Cut the comment rapidyaml read into a plain key or value of ``tree`` (parsed from ``data``)."""
    if not may_hold_one(data):
        return
    stack = [tree.root_id()]
    while stack:
        node = stack.pop()
        if tree.has_key(node) and tree.is_key_plain(node):
            cut = _without_comment(tree.key(node))
            if cut is not None:
                tree._set_key(node, tree.to_arena(cut))
        if tree.has_val(node) and tree.is_val_plain(node) and not tree.val_is_null(node):
            cut = _without_comment(tree.val(node))
            if cut is not None:
                tree._set_val(node, tree.to_arena(cut))
        child = tree.first_child(node)
        while child != ryml.NONE:
            stack.append(child)
            child = tree.next_sibling(child)


def _without_comment(view: memoryview | None) -> bytes | None:
    """The scalar's text up to a comment read into it, or None when it holds none."""
    if view is None:
        return None
    text = bytes(view)
    if b"#" not in text:
        return None
    comment = _COMMENT_IN_SCALAR.search(text)
    return None if comment is None else text[: comment.start()]
