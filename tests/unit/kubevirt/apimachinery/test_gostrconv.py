"""``krmfn.kubevirt.apimachinery.gostrconv``: Go's ``strconv.ParseFloat`` and ``strings.TrimSpace``.

Cases from Go's ``strconv/atof_test.go`` (the syntax, underscore, special-value and range entries)."""
from __future__ import annotations

import math

import pytest

from krmfn.kubevirt.apimachinery.gostrconv import NumError, parse_float, trim_space, underscore_ok


@pytest.mark.parametrize(("text", "value"), [
    ("1", 1.0), ("+1", 1.0), ("-1", -1.0), ("1e23", 1e23), ("1E23", 1e23), ("100000000000000000000000", 1e23),
    ("1e-100", 1e-100), (".5", 0.5), ("5.", 5.0), ("0x1p-2", 0.25), ("0X1P+2", 4.0), ("0x.8p1", 1.0),
    ("1_23.50_0_0e+1_2", 1.235e14), ("0x_1_0p0", 16.0), ("1e-400", 0.0),
    ("inf", math.inf), ("+Inf", math.inf), ("-INFINITY", -math.inf),
])
def test_parses_what_go_parses(text: str, value: float) -> None:
    assert parse_float(text) == value


def test_nan() -> None:
    assert math.isnan(parse_float("NaN"))


@pytest.mark.parametrize("text", [
    "", " 1", "1 ", "x", "1x", "1e", "1e+", ".", "+", "0x1", "0x", "0x.p1", "1.5e1.5", "+nan", "-nan", "infinit",
    "_123.5e+12", "1__23.5e+12", "123_.5e+12", "123._5e+12", "123.5_e+12", "123.5e_+12", "1_", "٣",
])
def test_refuses_what_go_refuses(text: str) -> None:
    with pytest.raises(NumError) as raised:
        parse_float(text)
    assert str(raised.value) == f'strconv.ParseFloat: parsing "{text}": invalid syntax'


@pytest.mark.parametrize("text", ["1e400", "-1e400", "0x1p1024", "1" + "0" * 400])
def test_out_of_range(text: str) -> None:
    with pytest.raises(NumError, match="value out of range"):
        parse_float(text)


def test_underscore_ok_and_trim_space() -> None:
    assert underscore_ok("1_000") and underscore_ok("0x_1") and not underscore_ok("_1") and not underscore_ok("1_")
    assert trim_space("\u00a0\t 0.5 \u3000") == "0.5"
    assert trim_space("\x1c0.5") == "\x1c0.5"  # Python's str.strip would remove it, Go's TrimSpace does not
