"""Safe scalar formatting.

Reading (``krmfn.model.scalars.resolve_plain``) is Go's yaml.v3's. Writing is stricter: a string
is written plain only if *no* YAML reader (1.1 or 1.2) would take it for anything but that string,
so `yes`, `1.10`, `0755`, `2001-12-14` and `~` come out quoted.
"""
from __future__ import annotations

import json
import math
import re
from functools import lru_cache

from krmfn.model.lazy_re import LazyPattern

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# A string that some YAML reader (1.1 or 1.2, incl. Go yaml.v2/v3 and PyYAML) would not read
# back as the same string when written plain.
_AMBIGUOUS = LazyPattern(
    r"""(?x)\A(?:
        ~|null|Null|NULL|
        y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|
        [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])*|                  # ints, 1.1 sexagesimal
        [-+]?0b[01_]+|[-+]?0o?[0-7_]+|[-+]?0x[0-9a-fA-F_]+|
        [-+]?(?:\.[0-9_]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?|
        [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|
        [-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|
        [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ].*)?|         # timestamps (1.1)
        <<|=
    )\Z"""
)
_DOCUMENT_MARKERS = ("---", "...")
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_UNSAFE_CHARS = LazyPattern(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]")


def plain_ok(text: str) -> bool:
    """May this string be written as a plain scalar in block context and read back unchanged?"""
    if not text or text != text.strip(" \t") or _AMBIGUOUS.match(text):
        return False
    if text.startswith(_DOCUMENT_MARKERS):  # at the start of a line (a top-level key) they end the document
        return False
    first = text[0]
    if first in _INDICATORS and not (first in "-?:" and len(text) > 1 and text[1] not in " \t"):
        return False
    if ": " in text or " #" in text or text.endswith(":") or "\t" in text:
        return False
    return not _UNSAFE_CHARS.search(text)


def _single_quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


_ESCAPES = {"\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P", "\ufeff": "\\ufeff"}


def double_quoted(text: str) -> str:
    """A double-quoted YAML scalar; JSON escapes are valid YAML escapes."""
    quoted = json.dumps(text, ensure_ascii=False)
    for raw, escaped in _ESCAPES.items():
        if raw in quoted:
            quoted = quoted.replace(raw, escaped)
    # json.dumps leaves C1 controls and lone surrogates raw; YAML must not see them raw.
    return re.sub(r"[\x7f-\x9f\ud800-\udfff\ufffe\uffff]", lambda m: f"\\u{ord(m.group()):04x}", quoted)


_GO_ESCAPES = {"\x00": "\\0", "\x07": "\\a", "\x08": "\\b", "\t": "\\t", "\n": "\\n", "\x0b": "\\v",
               "\x0c": "\\f", "\r": "\\r", "\x1b": "\\e", '"': '\\"', "\\": "\\\\", "\x85": "\\N",
               "\u2028": "\\L", "\u2029": "\\P"}
# What Go's yaml.v3 escapes in a double-quoted scalar (its is_printable, with unicode allowed).
_GO_UNPRINTABLE = LazyPattern(
    r'["\\\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff\u2028\u2029\n\U00010000-\U0010ffff]'
)


def go_double_quoted(text: str) -> str:
    """A one-line double-quoted scalar escaped as Go's yaml.v3 (and so kpt) writes one: `\\e`,
    `\\0`, `\\x01`, `\\u2028` as `\\L`; printable characters, non-ASCII included, stay as they are."""
    return '"' + _GO_UNPRINTABLE.sub(_go_escape, text) + '"'


def _go_escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _GO_ESCAPES.get(char)
    if named is not None:
        return named
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02X}"
    return f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}"


@lru_cache(maxsize=1 << 16)
def _format_string(text: str) -> str:
    return text if plain_ok(text) else quote_string(text)


def format_key(key: Any) -> str:
    return _format_string(key) if isinstance(key, str) else format_scalar(key)


def quote_string(text: str) -> str:
    """A quoted single-line form: single quotes when they can carry it, else double quotes."""
    if _UNSAFE_CHARS.search(text) or "\n" in text or text != text.strip(" "):
        return double_quoted(text)
    return _single_quoted(text)


def format_scalar(value: Any) -> str:
    """A one-line YAML form of a non-container value (strings without newlines)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        return repr(float(value))
    return _format_string(str(value))


def literal_ok(text: str) -> bool:
    """Can this multi-line string be written as a literal block scalar and read back unchanged?"""
    if "\n" not in text or text.startswith("\t"):
        return False
    if _UNSAFE_CHARS.search(text.replace("\n", "").replace("\t", "")):
        return False
    # Trailing blanks before a line break do not survive a block scalar.
    return all(line == line.rstrip(" \t") for line in text.split("\n"))


def literal_block(text: str, indent: str) -> list[str]:
    """A `|` block scalar for a string accepted by literal_ok: [header, content lines...]."""
    if text.endswith("\n\n") or text == "\n":
        chomp, body = "+", text[:-1]
    elif text.endswith("\n"):
        chomp, body = "", text[:-1]
    else:
        chomp, body = "-", text
    indicator = "2" if body.startswith((" ", "\n")) else ""
    inner = indent + "  "
    return ["|" + indicator + chomp] + [inner + line if line else "" for line in body.split("\n")]
