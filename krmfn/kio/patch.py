"""Writing changed items by patching the parsed tree, so that rapidyaml writes everything at once.

`patch(tree, node, old, new)` turns the source node (whose Python value is `old`) into `new`:
unchanged subtrees are left alone (their source text and quoting stay), changed scalars and new
subtrees are built as nodes with an explicit style, removed keys are removed. One C++ emission
of the whole list then writes the output, which is what makes inlining 10,000 VMs fast; the
Python work is proportional to what changed.

Scalars are written with the same rules as `emit.dump` (plain only where every YAML reader
reads the same string back). A flow collection (`devices: {}`) that gains content becomes a
block collection, as a person would write it. Strings that YAML cannot carry in any style
rapidyaml writes unescaped (control characters) raise UnsafeValue; the caller then writes the
item with `emit.dump`.
"""
from __future__ import annotations

import math
from functools import lru_cache

import ryml

from krmfn.kio.emit import MAX_IMPLICIT_KEY, same
from krmfn.kio.scalars import go_double_quoted, literal_ok, plain_ok
from krmfn.model.lazy_re import LazyPattern

NONE = ryml.NONE
_CONTROL = LazyPattern(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]")
_SINGLE_QUOTE_UNSAFE = LazyPattern(r"[\n\t]|^ | $")


class UnsafeValue(Exception):
    """A new value rapidyaml cannot write faithfully."""


@lru_cache(maxsize=1 << 14)
def _key_bytes(key: str) -> bytes:  # for find_child
    return key.encode("utf-8")


# The hot path calls rapidyaml's SWIG functions directly: the Python wrappers cost more than the
# C++ work. Node text points at bytes objects kept alive in _TEXT for the life of the process
# (rapidyaml nodes may point at any memory), so no string is copied into the tree's arena.
_r = ryml.ryml._ryml
_append_child = _r.Tree_append_child
_to_keyval = _r.Tree__to_keyval
_to_val = _r.Tree__to_val
_to_map_key = _r.Tree__to_map1
_to_map = _r.Tree__to_map0
_to_seq_key = _r.Tree__to_seq1
_to_seq = _r.Tree__to_seq0
_is_map = _r.Tree_is_map
_is_seq = _r.Tree_is_seq
_is_flow = _r.Tree_is_flow
_find_child = _r.Tree_find_child
_remove = _r.Tree_remove
_first_child = _r.Tree_first_child
_next_sibling = _r.Tree_next_sibling
_set_container_style = _r.Tree_set_container_style
_insert_child = _r.Tree_insert_child
_last_child = _r.Tree_last_child
_duplicate = _r.Tree_duplicate
_TEXT: dict[str, tuple[bytes, Any]] = {}

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

    # New subtrees by (key, repr(value)): an equal new subtree is copied in one C++ call
    # (Tree.duplicate) instead of being built node by node. Inlining gives thousands of VMs the same
    # `cpu`, `memory`, `features`, ... so most new subtrees are copies. The source nodes are never
    # changed afterwards: only nodes of the old values are patched.
    Built = dict[tuple[Any, str], int]


def patch(tree: ryml.Tree, node: int, old: Any, new: Any, built: Built | None = None) -> None:
    """Make `node` (a mapping whose value is `old`) hold `new`. `built`: the subtrees built so far
    in this tree (share one dict across the items of one tree)."""
    if isinstance(old, dict) and isinstance(new, dict) and tree.is_map(node):
        _patch_map(tree, node, old, new, {} if built is None else built)
    else:
        raise UnsafeValue("the item is not a mapping on both sides")


def _patch_map(tree: ryml.Tree, node: int, old: dict, new: dict, built: Built) -> None:
    if new and _is_flow(tree, node):
        _set_container_style(tree, node, ryml.BLOCK)
    for key in old:
        if key not in new:
            _remove(tree, _find_child(tree, node, _key_bytes(key)))
    for key, value in new.items():
        if key not in old:
            _add(tree, node, _last_child(tree, node), key, value, built)
            continue
        previous = old[key]
        if type(value) is type(previous) and (value == previous or value != value):  # noqa: PLR0124 - nan
            continue  # unchanged (same() inlined: this loop runs for every key of every VM)
        child = _find_child(tree, node, _key_bytes(key))
        if isinstance(value, dict) and isinstance(previous, dict) and value and _is_map(tree, child):
            _patch_map(tree, child, previous, value, built)
        elif isinstance(value, list) and isinstance(previous, list) and value and _is_seq(tree, child):
            _patch_seq(tree, child, previous, value, built)
        else:
            _replace(tree, node, child, key, value, built)


def _patch_seq(tree: ryml.Tree, node: int, old: list, new: list, built: Built) -> None:
    if _is_flow(tree, node):
        _set_container_style(tree, node, ryml.BLOCK)
    children = []
    child = _first_child(tree, node)
    while child != NONE:
        children.append(child)
        child = _next_sibling(tree, child)
    for index, value in enumerate(new):
        if index >= len(old):
            _add(tree, node, _last_child(tree, node), None, value, built)
            continue
        previous, child = old[index], children[index]
        if same(value, previous):
            continue
        if isinstance(value, dict) and isinstance(previous, dict) and value and _is_map(tree, child):
            _patch_map(tree, child, previous, value, built)
        else:
            _replace(tree, node, child, None, value, built)
    for child in children[len(new):]:
        _remove(tree, child)


def _replace(tree: ryml.Tree, parent: int, child: int, key: str | None, value: Any, built: Built) -> None:
    """A new node for `value` where `child` was, then `child` removed."""
    _add(tree, parent, tree.prev_sibling(child), key, value, built)
    tree.remove(child)


def _add(tree: ryml.Tree, parent: int, after: int, key: str | None, value: Any, built: Built) -> None:
    """A new child of `parent` after `after` (NONE: first) holding `key: value`."""
    if not value or not isinstance(value, (dict, list)):
        _build(tree, _insert_child(tree, parent, after), key, value)
        return
    signature = (key, repr(value))
    source = built.get(signature)
    if source is not None:
        _duplicate(tree, source, parent, after)
        return
    node = _insert_child(tree, parent, after)
    _build(tree, node, key, value)
    built[signature] = node


def _text(text: str) -> Any:
    held = _TEXT.get(text)
    if held is None:
        data = text.encode("utf-8")
        held = _TEXT[text] = (data, _r._get_as_csubstr(data))
    return held[1]


def _build(tree: ryml.Tree, node: int, key: str | None, value: Any) -> None:
    key_flags = _key_flags(key) if key is not None else 0
    if isinstance(value, dict):
        _to_map_key(tree, node, _text(key), key_flags) if key is not None else _to_map(tree, node, 0)
        for child_key, child_value in value.items():
            _build(tree, _append_child(tree, node), child_key, child_value)
    elif isinstance(value, list):
        _to_seq_key(tree, node, _text(key), key_flags) if key is not None else _to_seq(tree, node, 0)
        for item in value:
            _build(tree, _append_child(tree, node), None, item)
    else:
        text, style = _scalar(value)
        if key is not None:
            _to_keyval(tree, node, _text(key), _text(text), style | key_flags)
        else:
            _to_val(tree, node, _text(text), style)


@lru_cache(maxsize=1 << 14)
def _key_flags(key: str) -> int:
    return 0 if plain_ok(key) else _key_style(key)


def _key_style(key: str) -> int:
    if _CONTROL.search(key):
        raise UnsafeValue(f"key {key!r}")
    return ryml.KEY_DQUO if _SINGLE_QUOTE_UNSAFE.search(key) or "\n" in key else ryml.KEY_SQUO


def _scalar(value: Any) -> tuple[str, int]:
    if value is None:
        return "null", ryml.VAL_PLAIN
    if value is True or value is False:
        return ("true" if value else "false"), ryml.VAL_PLAIN
    if isinstance(value, int):
        return str(int(value)), ryml.VAL_PLAIN
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan", ryml.VAL_PLAIN
        if math.isinf(value):
            return (".inf" if value > 0 else "-.inf"), ryml.VAL_PLAIN
        return repr(float(value)), ryml.VAL_PLAIN
    return _string_style(str(value))


@lru_cache(maxsize=1 << 16)
def _string_style(text: str) -> tuple[str, int]:
    if plain_ok(text):
        return text, ryml.VAL_PLAIN
    if "\n" in text and literal_ok(text):
        return text, ryml.VAL_LITERAL
    if _CONTROL.search(text):
        raise UnsafeValue(f"value {text[:40]!r}")
    if _SINGLE_QUOTE_UNSAFE.search(text):
        return text, ryml.VAL_DQUO
    return text, ryml.VAL_SQUO


# --- scalars rapidyaml cannot write --------------------------------------------------------------

_set_val = _r.Tree___set_val
_set_key = _r.Tree___set_key
_set_val_style = _r.Tree_set_val_style
_set_key_style = _r.Tree_set_key_style
_has_val = _r.Tree_has_val
_has_key = _r.Tree_has_key
_val = _r.Tree_val
_key = _r.Tree_key
# A plain word no YAML text contains by accident; numbered per scalar.
_PLACEHOLDER = "krmfn-escaped-scalar-7f3a9c"


def placeholders_for_unsafe(tree: ryml.Tree, node: int) -> dict[str, str]:
    """Replace, below `node`, every scalar rapidyaml would write raw although YAML cannot carry it
    raw (NUL and other control characters, C1, U+2028/9, BOM) by a numbered plain placeholder;
    returns placeholder -> the double-quoted YAML text to put in its place after rendering.

    The tree holds the decoded value only, so the escape spelling is the canonical one (`\\e`,
    `\\x01`, `\\0`, as Go's yaml.v3 writes them and so as kpt passed them), every other scalar keeps
    its text. Raises UnsafeValue for a key too long to be an implicit key."""
    replacements: dict[str, str] = {}
    stack = [node]
    while stack:
        current = stack.pop()
        if _has_key(tree, current):
            key = bytes(_key(tree, current)).decode("utf-8")
            if len(key) > MAX_IMPLICIT_KEY:
                raise UnsafeValue("a key longer than an implicit key may be")
            if _CONTROL.search(key):
                _set_key(tree, current, _text(_hold(replacements, key)), 0)
                _set_key_style(tree, current, ryml.KEY_PLAIN)
        if _has_val(tree, current) and not tree.is_container(current) and not tree.val_is_null(current):
            value = bytes(_val(tree, current)).decode("utf-8")
            if _CONTROL.search(value):
                _set_val(tree, current, _text(_hold(replacements, value)), 0)
                _set_val_style(tree, current, ryml.VAL_PLAIN)
        child = _first_child(tree, current)
        while child != NONE:
            stack.append(child)
            child = _next_sibling(tree, child)
    return replacements


def _hold(replacements: dict[str, str], text: str) -> str:
    placeholder = f"{_PLACEHOLDER}-{len(replacements)}"
    replacements[placeholder] = go_double_quoted(text)
    return placeholder
