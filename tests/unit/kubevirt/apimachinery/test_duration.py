"""``krmfn.kubevirt.apimachinery.duration``: Go's ``time.ParseDuration`` errors (the texts of
``src/time/format.go``; the cases of Go's ``parseDurationTests`` and ``parseDurationErrorTests``)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.apimachinery.duration import format_duration, go_time_quote, parse_duration, parse_duration_error


@pytest.mark.parametrize("text", [
    "0", "5s", "30s", "1478s", "-5s", "+5s", "-0", "+0", "5.0s", "5.6s", "5.s", ".5s", "1.0s", "1.00s",
    "1.004s", "100.00100s", "10ns", "11us", "12µs", "12μs", "13ms", "14s", "15m", "16h", "3h30m",
    "10.5s4m", "-2m3.4s", "1h2m3s4ms5us6ns", "39h9m14.425s", "52763797000ns", "0.3333333333333333333h",
    "9007199254740993ns", "9223372036854775807ns", "9223372036854775.807us", "9223372036s854ms775us807ns",
    "-9223372036854775808ns", "-9223372036854775.808us", "-2562047h47m16.854775808s",
    "0.100000000000000000000h", "0.830103483285477580700h",
])
def test_valid_durations(text: str) -> None:
    assert parse_duration_error(text) is None


@pytest.mark.parametrize(("text", "error"), [
    ("", 'time: invalid duration ""'),
    ("3", 'time: missing unit in duration "3"'),
    ("-", 'time: invalid duration "-"'),
    ("s", 'time: invalid duration "s"'),
    (".", 'time: invalid duration "."'),
    ("-.", 'time: invalid duration "-."'),
    (".s", 'time: invalid duration ".s"'),
    ("+.s", 'time: invalid duration "+.s"'),
    ("1d", 'time: unknown unit "d" in duration "1d"'),
    ("\x85\x85", 'time: invalid duration "\\xc2\\x85\\xc2\\x85"'),
    ("\xffff", 'time: invalid duration "\\xc3\\xbfff"'),
    ("hello \xffff world", 'time: invalid duration "hello \\xc3\\xbfff world"'),
    ("9223372036854775810ns", 'time: invalid duration "9223372036854775810ns"'),
    ("9223372036854775808ns", 'time: invalid duration "9223372036854775808ns"'),
    ("-9223372036854775809ns", 'time: invalid duration "-9223372036854775809ns"'),
    ("9223372036854776us", 'time: invalid duration "9223372036854776us"'),
    ("3000000h", 'time: invalid duration "3000000h"'),
    ("9223372036854775.808us", 'time: invalid duration "9223372036854775.808us"'),
    ("9223372036854ms775us808ns", 'time: invalid duration "9223372036854ms775us808ns"'),
    ("5 minutes", 'time: unknown unit " minutes" in duration "5 minutes"'),
    ('1"s', 'time: unknown unit "\\"s" in duration "1\\"s"'),
])
def test_invalid_durations(text: str, error: str) -> None:
    assert parse_duration_error(text) == error


def test_quote_escapes_bytes_of_non_ascii_runes() -> None:
    assert go_time_quote("aµ\\".encode()) == '"a\\xc2\\xb5\\\\"'


@pytest.mark.parametrize("text, nanoseconds, formatted", [
    ("48h", 172_800_000_000_000, "48h0m0s"),
    ("90s", 90_000_000_000, "1m30s"),
    ("61m", 3_660_000_000_000, "1h1m0s"),
    ("10m0.25s", 600_250_000_000, "10m0.25s"),
    ("1.5ms", 1_500_000, "1.5ms"),
    ("1us", 1000, "1\u00b5s"),
    ("7ns", 7, "7ns"),
    ("0", 0, "0s"),
    ("-3s", -3_000_000_000, "-3s"),
])
def test_parse_and_format(text: str, nanoseconds: int, formatted: str) -> None:
    """``time.ParseDuration`` and ``Duration.String``, as a ``metav1.Duration`` is written back."""
    assert parse_duration(text) == nanoseconds
    assert format_duration(nanoseconds) == formatted


def test_parse_duration_returns_the_error() -> None:
    assert parse_duration("2 days") == 'time: unknown unit " days" in duration "2 days"'
