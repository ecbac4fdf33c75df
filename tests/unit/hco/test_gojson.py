"""``krmfn.hco.gojson``: Go's encoding/json syntax errors, as ``json.Unmarshal`` returns them."""
from __future__ import annotations

import pytest

from krmfn.hco.gojson import quote_char, syntax_error


@pytest.mark.parametrize("text, error", [
    (b'{"qps": 100, "burst": 200}', None),
    (b" [1, -0.5e+3, true, false, null, \"\\u00e9\\n\"] ", None),
    (b"", "unexpected end of JSON input"),
    (b"{", "unexpected end of JSON input"),
    (b'{"a"', "unexpected end of JSON input"),
    (b"{qps: 1}", "invalid character 'q' looking for beginning of object key string"),
    (b'{"a":1,}', "invalid character '}' looking for beginning of object key string"),
    (b'{"a" 1}', "invalid character '1' after object key"),
    (b'{"a":1 "b":2}', "invalid character '\"' after object key:value pair"),
    (b"[1 2]", "invalid character '2' after array element"),
    (b"1 2", "invalid character '2' after top-level value"),
    (b"'a'", "invalid character '\\'' looking for beginning of value"),
    (b"tru", "invalid character ' ' in literal true (expecting 'e')"),
    (b"nul", "invalid character ' ' in literal null (expecting 'l')"),
    (b"fx", "invalid character 'x' in literal false (expecting 'a')"),
    (b'"\\x"', "invalid character 'x' in string escape code"),
    (b'"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"),
    (b'"a\tb"', "invalid character '\\t' in string literal"),
    (b"1.", "invalid character ' ' after decimal point in numeric literal"),
    (b"1e", "invalid character ' ' in exponent of numeric literal"),
    (b"-x", "invalid character 'x' in numeric literal"),
    (b"01", "invalid character '1' after top-level value"),
    ("é".encode(), "invalid character 'Ã' looking for beginning of value"),
])
def test_syntax_errors(text: bytes, error: str | None) -> None:
    assert syntax_error(text) == error


def test_quote_char() -> None:
    assert (quote_char(ord("'")), quote_char(ord('"')), quote_char(1)) == ("'\\''", "'\"'", "'\\x01'")


def test_nesting_limit() -> None:
    assert syntax_error(b"[" * 10001) == "exceeded max depth"
