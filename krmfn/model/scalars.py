"""The value of a plain scalar as Go's yaml.v3 reads it (``resolve`` of its ``resolve.go``), and so
kyaml, kpt and kustomize: YAML 1.2's core schema with yaml.v3's own number reading. Used by the
YAML reader (``krmfn.kio.tree``) and by generate to type ``--set`` values.

yaml.v3 reads a scalar that starts with a digit or a sign as Go's ``strconv`` does, after dropping
every ``_``: ``ParseInt`` and ``ParseUint`` with base 0 (``0x``, ``0o``, ``0b`` and a leading ``0``,
YAML 1.1's octal, which yaml.v3 keeps "for compatibility"), then a decimal float; one that starts
with a dot as ``ParseFloat``. So ``010`` is 8, ``1_000`` 1000 and ``08`` the float 8. ``yes``, ``on``
and timestamps are not special here (krmfn keeps a timestamp's text).

Two readings stay JSON's rather than yaml.v3's, as rapidyaml's JSON (the reader's fast path) gives
them: a decimal integer beyond Go's int64 and uint64 is that integer (yaml.v3: a float), and a
float beyond the largest float64 is infinite (yaml.v3: the text).
"""
from __future__ import annotations

import math

from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# yaml.v3's resolveMap (the merge key "<<" is the reader's).
_KEYWORDS: dict[str, Any] = {
    **dict.fromkeys(("", "~", "null", "Null", "NULL")),
    **dict.fromkeys(("true", "True", "TRUE"), True),
    **dict.fromkeys(("false", "False", "FALSE"), False),
    **dict.fromkeys((".nan", ".NaN", ".NAN"), math.nan),
    **dict.fromkeys((".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"), math.inf),
    **dict.fromkeys(("-.inf", "-.Inf", "-.INF"), -math.inf),
}
_INT64 = (-(1 << 63), (1 << 63) - 1)
_UINT64 = (0, (1 << 64) - 1)
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_MOST_DIGITS = 64  # an int64 or uint64 has at most 64 digits but leading zeros, in any base
_BEYOND_UINT64 = LazyPattern(r"[-+]?[1-9][0-9]{18,}\Z")  # a decimal integer too long for int64 or uint64 ...
_MAX_INT_DIGITS = 4300  # ... and not too long for int(): sys.get_int_max_str_digits() by default
# yamlStyleFloat, on the text without its underscores.
_YAML_STYLE_FLOAT = LazyPattern(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
# What Go's ParseFloat reads of a text that starts with a dot: a decimal float whose underscores
# each stand between two digits (strconv's underscoreOK).
_DOT_FLOAT = LazyPattern(r"\.[0-9]+(?:_[0-9]+)*(?:[eE][-+]?[0-9]+(?:_[0-9]+)*)?\Z")


def resolve_plain(text: str) -> Any:
    """The value of a plain (unquoted, untagged) scalar, as yaml.v3's ``resolve("", text)``."""
    if text in _KEYWORDS:
        return _KEYWORDS[text]
    first = text[0]
    if first == ".":
        return float(text.replace("_", "")) if _DOT_FLOAT.match(text) else text
    if first not in "0123456789+-":
        return text
    plain = text.replace("_", "")
    for value in (_parse_int(plain, 0, _INT64), _parse_int(plain, 0, _UINT64, signed=False)):
        if value is not None:
            return value
    if _BEYOND_UINT64.match(plain):  # (module doc)
        return int(plain) if len(plain) - (plain[0] in "+-") <= _MAX_INT_DIGITS else text
    if _YAML_STYLE_FLOAT.match(plain):
        return float(plain)
    for prefix, base in (("0b", 2), ("0o", 8)):  # yaml.v3 retries these prefixes past ParseInt's syntax
        if plain.startswith(prefix):
            value = _parse_int(plain[2:], base, _INT64)
            value = value if value is not None else _parse_int(plain[2:], base, _UINT64, signed=False)
            return text if value is None else value
        if plain.startswith("-" + prefix):
            value = _parse_int("-" + plain[3:], base, _INT64)
            return text if value is None else value
    return text


def _parse_int(text: str, base: int, bounds: tuple[int, int], signed: bool = True) -> int | None:
    """Go's ``strconv.ParseInt`` (``signed``) or ``ParseUint`` of ``text`` (no underscores left) in
    ``base`` (0: from its prefix, a leading ``0`` meaning octal); None where Go returns an error."""
    negative = False
    if signed and text[:1] in ("+", "-"):
        negative, text = text[0] == "-", text[1:]
    if not text or not text.isascii():
        return None
    if base == 0:
        base = 10
        if text[0] == "0":
            prefix = text[1:2].lower()
            if len(text) >= 3 and prefix in ("b", "o", "x"):
                base, text = {"b": 2, "o": 8, "x": 16}[prefix], text[2:]
            else:
                base, text = 8, text[1:]
    if len(text.lstrip("0")) > _MOST_DIGITS:
        return None  # out of range, or not a number: either way an error, found without big arithmetic
    magnitude = 0
    for character in text.lower():  # ASCII: Go's lower() of a byte
        digit = _DIGITS.find(character)
        if not 0 <= digit < base:
            return None
        magnitude = magnitude * base + digit
    value = -magnitude if negative else magnitude
    return value if bounds[0] <= value <= bounds[1] else None
