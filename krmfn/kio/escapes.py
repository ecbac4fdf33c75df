"""A repair for rapidyaml's reading of two ``\\L``/``\\P`` escapes in one double-quoted scalar.

rapidyaml 0.15.2 decodes ``"0\\r\\L\\L"`` as ``"0\\L\\L"`` (an escape before the ``\\L``s is lost;
``\\n`` becomes a space), where YAML 1.2 and Go's yaml.v3 read ``0``, CR, U+2028, U+2028 (found
by the edge property tests). It takes two ``\\L``/``\\P`` escapes in one scalar (``"\\r\\L\\N\\L"``
too); ``\\u2028`` and a single ``\\L`` are read right. With ``\\\\`` before them rapidyaml refuses
the text as an unknown escape: that stays a located fatal error (``invalid YAML at line ...``).

``repair`` runs after parsing, only when such a pair is in the text: each single-line
double-quoted region of the text holding a pair is decoded exactly (``decode_double_quoted``) and
read by rapidyaml alone, which misreads it the same way; every double-quoted node of the tree
whose value is such a misreading gets the exact value (in the tree's arena, so that both the
items' values and the text written for a changed item are right).
"""
from __future__ import annotations


import ryml

from krmfn.model.lazy_re import LazyPattern

_PAIR = LazyPattern(rb"\\[LP][^\n]*\\[LP]")  # two `\L`/`\P` escapes on one line
_REGION = LazyPattern(rb'"((?:[^"\\\n]|\\.)*)"')
_SIMPLE = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r",
           "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0", "L": "\u2028",
           "P": "\u2029"}
_HEX = {"x": 2, "u": 4, "U": 8}


def decode_double_quoted(inner: str) -> str | None:
    """The YAML 1.2 value of a one-line double-quoted scalar's text (without its quotes); None
    for an escape YAML does not have."""
    out: list[str] = []
    index = 0
    while index < len(inner):
        char = inner[index]
        if char != "\\":
            out.append(char)
            index += 1
            continue
        escape = inner[index + 1 : index + 2]
        if escape in _SIMPLE:
            out.append(_SIMPLE[escape])
            index += 2
        elif escape in _HEX:
            digits = inner[index + 2 : index + 2 + _HEX[escape]]
            if len(digits) != _HEX[escape] or not all(c in "0123456789abcdefABCDEF" for c in digits):
                return None
            out.append(chr(int(digits, 16)))
            index += 2 + _HEX[escape]
        else:
            return None
    return "".join(out)


def repair(tree: ryml.Tree, data: bytes) -> None:
    """Give each misread double-quoted scalar of ``tree`` (parsed from ``data``) its exact value."""
    if not _PAIR.search(data):
        return
    fixes = _misreadings(data)
    if not fixes:
        return
    stack = [tree.root_id()]
    while stack:
        node = stack.pop()
        if tree.has_val(node) and tree.is_val_dquo(node):
            exact = fixes.get(bytes(tree.val(node)))
            if exact is not None:
                tree._set_val(node, tree.to_arena(exact))
        if tree.has_key(node) and tree.is_key_dquo(node):
            exact = fixes.get(bytes(tree.key(node)))
            if exact is not None:
                tree._set_key(node, tree.to_arena(exact))
        child = tree.first_child(node)
        while child != ryml.NONE:
            stack.append(child)
            child = tree.next_sibling(child)


def _misreadings(data: bytes) -> dict[bytes, bytes]:
    """rapidyaml's reading -> the exact value, for each double-quoted region holding a pair."""
    fixes: dict[bytes, bytes] = {}
    for region in _REGION.finditer(data):
        if not _PAIR.search(region.group(1)):
            continue
        exact = decode_double_quoted(region.group(1).decode("utf-8"))
        misread = _rapidyaml_reading(region.group(0))
        if exact is not None and misread is not None and misread != exact.encode("utf-8"):
            fixes[misread] = exact.encode("utf-8")
    return fixes


def _rapidyaml_reading(quoted: bytes) -> bytes | None:
    alone = ryml.Tree()
    try:
        ryml.parse_in_arena(b"- " + quoted + b"\n", tree=alone)
    except Exception:  # noqa: BLE001 - rapidyaml refuses some of these (`\\\L\L`): nothing to map
        return None
    return bytes(alone.val(alone.first_child(alone.root_id())))
