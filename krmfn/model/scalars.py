"""YAML 1.2 core-schema resolution of a plain scalar: what Go's yaml.v3 (and so kyaml, kpt and
kustomize) reads. Used by the YAML reader (``krmfn.kio.tree``) and by generate to type ``--set``
values; ``yes``, ``on``, ``0755``-as-octal and timestamps are not special.
"""
from __future__ import annotations

import math

from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

_NULL = frozenset(("", "~", "null", "Null", "NULL"))
_TRUE = frozenset(("true", "True", "TRUE"))
_FALSE = frozenset(("false", "False", "FALSE"))
_INT10 = LazyPattern(r"[-+]?[0-9]+\Z")
_INT8 = LazyPattern(r"0o[0-7]+\Z")
_INT16 = LazyPattern(r"0x[0-9a-fA-F]+\Z")
_FLOAT = LazyPattern(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF = LazyPattern(r"[-+]?\.(?:inf|Inf|INF)\Z")
_NAN = LazyPattern(r"\.(?:nan|NaN|NAN)\Z")
_MAX_INT_DIGITS = 4300  # sys.get_int_max_str_digits() by default: int() refuses longer decimals


def resolve_plain(text: str) -> Any:
    """The value of a plain (unquoted, untagged) scalar under the YAML 1.2 core schema."""
    if text in _NULL:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    first = text[0]
    if first not in "0123456789+-.":
        return text
    if _INT10.match(text):
        if len(text) - (text[0] in "+-") > _MAX_INT_DIGITS:
            # Python refuses (and Go's yaml.v3 reads a string: its ParseFloat overflows); a
            # decimal conversion this long would be quadratic anyway.
            return text
        return int(text, 10)
    if _INT8.match(text):
        return int(text[2:], 8)
    if _INT16.match(text):
        return int(text[2:], 16)
    if _FLOAT.match(text):
        return float(text)
    if _INF.match(text):
        return -math.inf if text[0] == "-" else math.inf
    if _NAN.match(text):
        return math.nan
    return text
