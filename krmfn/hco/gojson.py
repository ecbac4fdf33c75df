"""Go's ``encoding/json`` syntax check: the error ``json.Unmarshal`` returns for text that is not JSON.

Mirrors ``src/encoding/json/scanner.go`` (``checkValid``, the ``state*`` functions, ``eof``,
``quoteChar``): the scanner walks the UTF-8 bytes and stops at the first byte no state accepts,
``invalid character 'x' <context>``; text that ends early is ``unexpected end of JSON input``.
HCO decodes its annotations with it (the tuning policy's rate limits).
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.kubevirt.util.webhooks import go_quote

_SPACE = b" \t\r\n"
_DIGITS = b"0123456789"
_HEX = b"0123456789abcdefABCDEF"
_ESCAPES = b'bfnrt\\/"'
_MAX_NESTING = 10000
_OBJECT_KEY, _OBJECT_VALUE, _ARRAY_VALUE = 0, 1, 2


class _SyntaxError(Exception):
    pass


def quote_char(byte: int) -> str:
    """``quoteChar``: the byte as a Go rune literal (a byte >= 0x80 is the rune of that number)."""
    if byte == 0x27:
        return "'\\''"
    if byte == 0x22:
        return "'\"'"
    return "'" + go_quote(chr(byte))[1:-1] + "'"


def _error(byte: int, context: str) -> _SyntaxError:
    return _SyntaxError(f"invalid character {quote_char(byte)} {context}")


State = Callable[["_Scanner", int], None]


class _Scanner:
    def __init__(self) -> None:
        self.step: State = _begin_value
        self.stack: list[int] = []
        self.end_top = False

    def push(self, state: int) -> None:
        self.stack.append(state)
        if len(self.stack) > _MAX_NESTING:
            raise _SyntaxError("exceeded max depth")

    def pop(self) -> None:
        self.stack.pop()
        if not self.stack:
            self.step, self.end_top = _end_top, True
        else:
            self.step = _end_value


def syntax_error(data: bytes) -> str | None:
    """The error of ``checkValid(data)``, or None for valid JSON."""
    scanner = _Scanner()
    try:
        for byte in data:
            scanner.step(scanner, byte)
        if scanner.end_top:
            return None
        scanner.step(scanner, 0x20)
    except _SyntaxError as err:
        return str(err)
    return None if scanner.end_top else "unexpected end of JSON input"


def _begin_value_or_empty(s: _Scanner, c: int) -> None:
    if c in _SPACE:
        return
    if c == 0x5D:  # ]
        _end_value(s, c)
        return
    _begin_value(s, c)


def _begin_value(s: _Scanner, c: int) -> None:
    if c in _SPACE:
        return
    if c == 0x7B:  # {
        s.step = _begin_string_or_empty
        s.push(_OBJECT_KEY)
    elif c == 0x5B:  # [
        s.step = _begin_value_or_empty
        s.push(_ARRAY_VALUE)
    elif c == 0x22:
        s.step = _in_string
    elif c == 0x2D:  # -
        s.step = _neg
    elif c == 0x30:
        s.step = _zero
    elif 0x31 <= c <= 0x39:
        s.step = _one
    elif c in b"tfn":
        s.step = _LITERALS[c]
    else:
        raise _error(c, "looking for beginning of value")


def _begin_string_or_empty(s: _Scanner, c: int) -> None:
    if c in _SPACE:
        return
    if c == 0x7D:  # }
        s.stack[-1] = _OBJECT_VALUE
        _end_value(s, c)
        return
    _begin_string(s, c)


def _begin_string(s: _Scanner, c: int) -> None:
    if c in _SPACE:
        return
    if c != 0x22:
        raise _error(c, "looking for beginning of object key string")
    s.step = _in_string


def _end_value(s: _Scanner, c: int) -> None:
    if not s.stack:
        s.step, s.end_top = _end_top, True
        _end_top(s, c)
        return
    if c in _SPACE:
        s.step = _end_value
        return
    state = s.stack[-1]
    if state == _OBJECT_KEY:
        if c != 0x3A:  # :
            raise _error(c, "after object key")
        s.stack[-1] = _OBJECT_VALUE
        s.step = _begin_value
    elif state == _OBJECT_VALUE:
        if c == 0x2C:  # ,
            s.stack[-1] = _OBJECT_KEY
            s.step = _begin_string
        elif c == 0x7D:
            s.pop()
        else:
            raise _error(c, "after object key:value pair")
    elif c == 0x2C:
        s.step = _begin_value
    elif c == 0x5D:
        s.pop()
    else:
        raise _error(c, "after array element")


def _end_top(s: _Scanner, c: int) -> None:
    if c not in _SPACE:
        raise _error(c, "after top-level value")


def _in_string(s: _Scanner, c: int) -> None:
    if c == 0x22:
        s.step = _end_value
    elif c == 0x5C:  # backslash
        s.step = _in_string_escape
    elif c < 0x20:
        raise _error(c, "in string literal")


def _in_string_escape(s: _Scanner, c: int) -> None:
    if c in _ESCAPES:
        s.step = _in_string
    elif c == 0x75:  # u
        s.step = _hex(4)
    else:
        raise _error(c, "in string escape code")


def _hex(remaining: int) -> State:
    """The step expecting one of the ``remaining`` hex digits of a ``\\u`` escape."""
    def step(s: _Scanner, c: int) -> None:
        if c not in _HEX:
            raise _error(c, "in \\u hexadecimal character escape")
        s.step = _hex(remaining - 1) if remaining > 1 else _in_string
    return step


def _neg(s: _Scanner, c: int) -> None:
    if c == 0x30:
        s.step = _zero
    elif 0x31 <= c <= 0x39:
        s.step = _one
    else:
        raise _error(c, "in numeric literal")


def _one(s: _Scanner, c: int) -> None:
    if c in _DIGITS:
        return
    _zero(s, c)


def _zero(s: _Scanner, c: int) -> None:
    if c == 0x2E:  # .
        s.step = _dot
    elif c in b"eE":
        s.step = _exponent
    else:
        _end_value(s, c)


def _dot(s: _Scanner, c: int) -> None:
    if c not in _DIGITS:
        raise _error(c, "after decimal point in numeric literal")
    s.step = _dot_digits


def _dot_digits(s: _Scanner, c: int) -> None:
    if c in _DIGITS:
        return
    if c in b"eE":
        s.step = _exponent
    else:
        _end_value(s, c)


def _exponent(s: _Scanner, c: int) -> None:
    if c in b"+-":
        s.step = _exponent_sign
        return
    _exponent_sign(s, c)


def _exponent_sign(s: _Scanner, c: int) -> None:
    if c not in _DIGITS:
        raise _error(c, "in exponent of numeric literal")
    s.step = _exponent_digits


def _exponent_digits(s: _Scanner, c: int) -> None:
    if c not in _DIGITS:
        _end_value(s, c)


def _literal(word: str) -> State:
    """The step after a literal's first letter; each step expects the next letter."""
    def expecting(index: int) -> State:
        def step(s: _Scanner, c: int) -> None:
            if c != ord(word[index]):
                raise _error(c, f"in literal {word} (expecting {quote_char(ord(word[index]))})")
            s.step = expecting(index + 1) if index + 1 < len(word) else _end_value
        return step
    return expecting(1)


_LITERALS = {ord("t"): _literal("true"), ord("f"): _literal("false"), ord("n"): _literal("null")}
