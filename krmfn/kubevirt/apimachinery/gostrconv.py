"""Go's ``strconv.ParseFloat`` (64 bits) and ``strings.TrimSpace``, for the messages KubeVirt builds
from them.

Mirrors Go's ``strconv/atof.go`` (``ParseFloat``, ``special``, ``readFloat``'s syntax) and
``strconv/atoi.go`` (``underscoreOK``, ``NumError``): decimal and hexadecimal floating-point
literals with an optional sign, ``_`` between digits, ``inf``/``infinity`` with an optional sign and
``nan`` (any case); a value too large is ``±Inf`` with "value out of range", one too small rounds to
zero without error. The value itself is Python's (both round to nearest, ties to even).
"""
from __future__ import annotations

import math

from krmfn.kubevirt.util.webhooks import go_quote
from krmfn.model.lazy_re import LazyPattern

# Go's unicode.IsSpace, which strings.TrimSpace trims.
GO_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
           "\u2028\u2029\u202f\u205f\u3000"

# readFloat's syntax (digits may hold underscores, which underscore_ok then judges): a mantissa with
# at least one digit, and a decimal exponent (required after a hexadecimal mantissa).
_DECIMAL = LazyPattern(r"[+-]?_*(?:[0-9][0-9_]*\.?[0-9_]*|\.[0-9_]*[0-9][0-9_]*)(?:[eE][+-]?[0-9][0-9_]*)?\Z")
_HEX = LazyPattern(r"[+-]?0[xX](?:_*[0-9a-fA-F][0-9a-fA-F_]*\.?[0-9a-fA-F_]*|_*\.[0-9a-fA-F_]*[0-9a-fA-F][0-9a-fA-F_]*)"
                  r"[pP][+-]?[0-9][0-9_]*\Z")


class NumError(ValueError):
    """``strconv.NumError``: ``strconv.ParseFloat: parsing "<s>": <reason>``."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"strconv.ParseFloat: parsing {go_quote(text)}: {reason}")


INVALID_SYNTAX = "invalid syntax"
OUT_OF_RANGE = "value out of range"


def trim_space(text: str) -> str:
    """``strings.TrimSpace``."""
    return text.strip(GO_SPACE)


def parse_float(text: str) -> float:
    """``strconv.ParseFloat(text, 64)``; raises ``NumError`` (its message is Go's ``err.Error()``)."""
    special = _special(text)
    if special is not None:
        return special
    if not (_DECIMAL.match(text) or _HEX.match(text)):
        raise NumError(text, INVALID_SYNTAX)
    if "_" in text and not underscore_ok(text):
        raise NumError(text, INVALID_SYNTAX)
    plain = text.replace("_", "")
    try:
        value = float.fromhex(plain) if _HEX.match(text) else float(plain)
    except OverflowError:
        value = math.inf
    if math.isinf(value):
        raise NumError(text, OUT_OF_RANGE)
    return value


def _special(text: str) -> float | None:
    """``special``: ``[+-]inf``, ``[+-]infinity`` and ``nan``, in any case, as the whole text."""
    lowered = text.lower()
    unsigned = lowered[1:] if lowered.startswith(("+", "-")) else lowered
    if unsigned in ("inf", "infinity"):
        return -math.inf if lowered.startswith("-") else math.inf
    if lowered == "nan":
        return math.nan
    return None


def underscore_ok(text: str) -> bool:
    """``underscoreOK``: each ``_`` between two digits (or after a base prefix and before a digit)."""
    saw = "^"
    index = 0
    if text[:1] in ("+", "-"):
        text = text[1:]
    hexadecimal = False
    if len(text) >= 2 and text[0] == "0" and text[1].lower() in "box":
        index, saw, hexadecimal = 2, "0", text[1].lower() == "x"
    for char in text[index:]:
        if char.isascii() and (char.isdigit() or hexadecimal and char.lower() in "abcdef"):
            saw = "0"
        elif char == "_":
            if saw != "0":
                return False
            saw = "_"
        elif saw == "_":
            return False
        else:
            saw = "!"
    return saw != "_"
