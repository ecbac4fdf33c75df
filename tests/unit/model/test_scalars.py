"""krmfn.model.scalars: a plain scalar's value as Go's yaml.v3 reads it (what kpt and kustomize read)."""
from __future__ import annotations

import math
from typing import Any

import pytest

from krmfn.model.scalars import resolve_plain


@pytest.mark.parametrize("text,value", [
    ("", None), ("~", None), ("null", None), ("NULL", None),
    ("true", True), ("False", False),
    ("4", 4), ("-12", -12), ("0755", 493), ("0o17", 15), ("0x1F", 31),
    ("1.5", 1.5), ("1e3", 1000.0), ("-.inf", -math.inf),
    ("yes", "yes"), ("on", "on"), ("1Gi", "1Gi"), ("2001-12-14", "2001-12-14"), ("0b101", 5),
    ("host-passthrough", "host-passthrough"), ("1" * 4301, "1" * 4301),
])
def test_resolve_plain(text: str, value: Any) -> None:
    resolved = resolve_plain(text)
    assert resolved == value and type(resolved) is type(value)


def test_nan() -> None:
    assert math.isnan(resolve_plain(".nan"))


# Go's yaml.v3 decode_test.go (its spec examples and number cases), plain scalars decoded into
# interface{}: the values krmfn must read for the same texts.
@pytest.mark.parametrize("text,value", [
    ("10", 10), ("0b10", 2), ("0xA", 10), ("4294967296", 4294967296), ("0.1", 0.1), (".1", 0.1),
    (".Inf", math.inf), ("-.Inf", -math.inf), ("-10", -10), ("-.1", -0.1), ("6.8523e+5", 6.8523e+5),
    ("685.230_15e+03", 685.23015e+03), ("685_230.15", 685230.15), ("685230", 685230), ("+685_230", 685230),
    ("02472256", 685230), ("-02472256", -685230), ("0o2472256", 685230), ("-0o2472256", -685230),
    ("0x_0A_74_AE", 685230), ("0b1010_0111_0100_1010_1110", 685230), ("-0b101010", -42),
    ("-0b1000000000000000000000000000000000000000000000000000000000000000", -9223372036854775808),
    ("9223372036854775807", 9223372036854775807), ("18446744073709551615", 18446744073709551615),
    ("0b1111111111111111111111111111111111111111111111111111111111111111", 18446744073709551615),
    ("-b_c", "-b_c"), ("+b_c", "+b_c"), ("50cent_of_dollar", "50cent_of_dollar"), ("3s", "3s"), ("1:1", "1:1"),
    ("1.2.3.4", "1.2.3.4"), ("2015-01-01", "2015-01-01"),
])
def test_yaml_v3_decode_cases(text: str, value: Any) -> None:
    resolved = resolve_plain(text)
    assert resolved == value and type(resolved) is type(value)


# strconv's base-0 reading past the cases above: prefixes of either case, a sign before them, a
# leading 0 that is not octal (then a float), and yaml.v3's retry of 0b and 0o after ParseInt.
@pytest.mark.parametrize("text,value", [
    ("010", 8), ("0755", 493), ("08", 8.0), ("0_9", 9.0), ("00", 0), ("0", 0), ("-0", 0), ("0B11", 3), ("0X1f", 31),
    ("0O17", 15), ("+0x10", 16), ("-0x10", -16), ("1_0", 10), ("1__0", 10), ("+_1", 1), ("_1", "_1"), ("0b-1", -1),
    ("0o-7", -7), ("-0b-1", "-0b-1"), ("0x", "0x"), ("0b", "0b"), ("0b2", "0b2"), ("+", "+"), ("-", "-"),
    (".5_0", 0.5), ("._5", "._5"), (".5e1_0", 5e9), ("1e3", 1000.0), ("0x1" + "0" * 16, "0x1" + "0" * 16),
    ("0" * 70 + "1", 1), ("-9223372036854775809", -9223372036854775809), ("1e400", math.inf),
])
def test_go_strconv_readings(text: str, value: Any) -> None:
    resolved = resolve_plain(text)
    assert resolved == value and type(resolved) is type(value)
