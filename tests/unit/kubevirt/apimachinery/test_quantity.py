"""krmfn.kubevirt.apimachinery.quantity: parsing, canonical form (docs/kubevirt/quantities.md#canonical-form), float32
overcommit (docs/kubevirt/quantities.md#python-recipe)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.apimachinery.quantity import (
    BINARY_SI,
    DECIMAL_EXPONENT,
    DECIMAL_SI,
    ERR_FORMAT_WRONG,
    ERR_NUMERIC,
    ERR_SUFFIX,
    Quantity,
    QuantityError,
    canonicalize,
    compare,
    go_json_float,
    new_milli_quantity,
    new_quantity,
    overcommit_request,
    parse,
    parse_string,
    to_float32,
)


def parsed(value: object) -> Quantity:
    result = parse(value)
    assert isinstance(result, Quantity), result
    return result


class TestCanonicalForm:
    @pytest.mark.parametrize(
        ("spelling", "expected"),
        [
            # docs/kubevirt/quantities.md#canonical-form and 
            ("2048Mi", "2Gi"),
            ("1.5Gi", "1536Mi"),
            ("1000M", "1G"),
            ("0.5Gi", "512Mi"),
            ("1Gi", "1Gi"),
            ("1073741824", "1073741824"),
            # golden instancetype-fields/memory-guest-*
            ("0.75Gi", "768Mi"),
            ("1000000k", "1G"),
            ("1024Ki", "1Mi"),
            ("128M", "128M"),
            ("1536Mi", "1536Mi"),
            ("1e9", "1e9"),
            ("1.0Gi", "1Gi"),
            ("2500M", "2500M"),
            ("2.5e9", "2500e6"),
            ("3Ti", "3Ti"),
            ("4096M", "4096M"),
            ("8192Mi", "8Gi"),
            # decimal suffixes and fractions
            ("1.5", "1500m"),
            ("100m", "100m"),
            ("1000m", "1"),
            ("0.1", "100m"),
            ("1500000000", "1500M"),
            ("3000000000", "3G"),
            ("1n", "1n"),
            ("1u", "1u"),
            ("5P", "5P"),
            ("2E", "2E"),
            ("12e-1", "1200e-3"),
            ("-1.5", "-1500m"),
            ("0", "0"),
            ("00", "0"),
            ("-0", "0"),
            ("0Gi", "0"),
            (".5", "500m"),
        ],
    )
    def test_canonical(self, spelling: str, expected: str) -> None:
        assert parsed(spelling).canonical() == expected

    @pytest.mark.parametrize(
        ("spelling", "fmt"),
        [("1Gi", BINARY_SI), ("1G", DECIMAL_SI), ("1", DECIMAL_SI), ("1e9", DECIMAL_EXPONENT),
         ("1E3", DECIMAL_EXPONENT), ("100m", DECIMAL_SI), ("3Ei", BINARY_SI)],
    )
    def test_format_follows_suffix(self, spelling: str, fmt: str) -> None:
        assert parsed(spelling).format == fmt

    @pytest.mark.parametrize("spelling", ["01Gi", "+2Gi", "1e9", "1E3", "+100m"])
    def test_go_keeps_spellings_it_considers_canonical(self, spelling: str) -> None:
        # golden memory-guest-leading-zero and memory-guest-plus-sign (settles
        # docs/kubevirt/quantities.md#strings-kept-as-written)
        assert parsed(spelling).canonical() == spelling

    def test_canonical_form_ignores_the_kept_spelling(self) -> None:
        assert parsed("01Gi").canonical_form() == "1Gi"
        assert parsed("+2Gi").canonical_form() == "2Gi"
        assert parsed("1E3").canonical_form() == "1e3"

    def test_only_short_numbers_keep_their_spelling(self) -> None:
        # BinarySI fast path: 15 - digits - exponent*3/10 - 1 must be >= 0
        assert parsed("0100Ti").canonical() == "100Ti"
        assert parsed("8Gi").cached is None  # 8 & 7 == 0: Go recomputes (same text)

    def test_binary_below_1024_prints_as_decimal(self) -> None:
        assert parsed("0.5Ki").canonical() == "512"
        assert new_quantity(1000, BINARY_SI).canonical() == "1k"

    def test_binary_fraction_prints_as_decimal(self) -> None:
        assert parsed("0.0001Ki").canonical() == "102400u"
        assert parsed("0.0001Ki").format == DECIMAL_SI  # below 1: the parser switches format

    def test_nano_rounding_is_away_from_zero(self) -> None:
        assert parsed("0.1n").canonical() == "1n"
        assert parsed("1e-20").canonical() == "1e-9"
        assert parsed("-0.1n").canonical() == "-1n"

    def test_binary_is_capped_at_max_int64(self) -> None:
        assert parsed("8Ei").canonical() == "9223372036854775807"
        assert parsed("7Ei").canonical() == "7Ei"

    def test_decimal_beyond_exa_loses_its_suffix_like_go(self) -> None:
        # Go's suffix lookup fails for 10^21 and prints the digits bare
        assert parsed("1000E").canonical() == "1"

    @pytest.mark.parametrize(
        ("value", "fmt", "expected"),
        [
            (1073741824, BINARY_SI, "1Gi"),
            (1610612736, BINARY_SI, "1536Mi"),
            (912680576, BINARY_SI, "912680576"),
            (2995739648, BINARY_SI, "2925527Ki"),
            (435200000, DECIMAL_SI, "435200k"),
            (3000000000, DECIMAL_SI, "3G"),
            (1500000000, DECIMAL_SI, "1500M"),
            (900000000, DECIMAL_EXPONENT, "900e6"),
            (7, DECIMAL_EXPONENT, "7"),
            (0, BINARY_SI, "0"),
            (-2147483648, BINARY_SI, "-2Gi"),
        ],
    )
    def test_new_quantity(self, value: int, fmt: str, expected: str) -> None:
        assert new_quantity(value, fmt).canonical() == expected

    def test_new_milli_quantity(self) -> None:
        assert new_milli_quantity(1500).canonical() == "1500m"
        assert new_milli_quantity(2000).canonical() == "2"


class TestManifestValues:
    def test_yaml_int_is_its_decimal_string(self) -> None:
        assert parsed(1073741824).canonical() == "1073741824"
        assert parsed(1000).canonical() == "1k"

    def test_yaml_float_is_written_like_go_json(self) -> None:
        # golden instancetype-fields/memory-guest-yaml-float
        assert parsed(1000000000.0).canonical() == "1G"
        assert parsed(1.5).canonical() == "1500m"

    def test_strings_are_trimmed(self) -> None:
        assert parsed(" 2Gi\n").canonical() == "2Gi"

    @pytest.mark.parametrize(
        ("value", "message"),
        [
            ("", ERR_FORMAT_WRONG),
            ("abc", ERR_FORMAT_WRONG),
            ("1.5.3", ERR_FORMAT_WRONG),
            ("1Gi ", None),  # trimmed, valid
            ("1K", ERR_SUFFIX),
            ("1e", ERR_SUFFIX),
            ("1Mii", ERR_SUFFIX),
            ("1e+", ERR_SUFFIX),
            (True, ERR_FORMAT_WRONG),
            (None, ERR_FORMAT_WRONG),
            ([1], ERR_FORMAT_WRONG),
        ],
    )
    def test_errors(self, value: object, message: str | None) -> None:
        result = parse(value)
        if message is None:
            assert isinstance(result, Quantity)
        else:
            assert isinstance(result, QuantityError)
            assert result.message == message
            assert str(result) == message

    def test_error_message_is_gos(self) -> None:
        assert ERR_FORMAT_WRONG == (
            "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
        )
        assert ERR_NUMERIC == "unable to parse numeric part of quantity"

    def test_nan_is_an_error(self) -> None:
        assert isinstance(parse(float("nan")), QuantityError)

    def test_parse_string_does_not_trim(self) -> None:
        assert isinstance(parse_string(" 1"), QuantityError)

    def test_canonicalize(self) -> None:
        assert canonicalize("2048Mi") == "2Gi"
        assert isinstance(canonicalize("x"), QuantityError)

    def test_is_quantity(self) -> None:
        assert quantity.is_quantity("1Gi")
        assert not quantity.is_quantity("1 Gi")

    @pytest.mark.parametrize(
        ("value", "expected"),
        [(1e9, "1000000000"), (1.5, "1.5"), (-2.0, "-2"), (0.0, "0"), (1e21, "1e+21"),
         (1.5e-7, "1.5e-7"), (1e-10, "1e-10"), (3e-6, "0.000003"), (1e20, "100000000000000000000")],
    )
    def test_go_json_float(self, value: float, expected: str) -> None:
        assert go_json_float(value) == expected


class TestValues:
    @pytest.mark.parametrize(
        ("spelling", "value", "milli"),
        [("1Gi", 1073741824, 1073741824000), ("1500m", 2, 1500), ("100m", 1, 100), ("1.5", 2, 1500),
         ("1n", 1, 1), ("-1.5", -2, -1500), ("0", 0, 0), ("1e9", 10**9, 10**12)],
    )
    def test_value_rounds_up(self, spelling: str, value: int, milli: int) -> None:
        assert parsed(spelling).value() == value
        assert parsed(spelling).milli_value() == milli

    def test_compare_is_numeric(self) -> None:
        assert compare(parsed("1Gi"), parsed("1073741824")) == 0
        assert compare(parsed("1G"), parsed("1Gi")) == -1
        assert compare(parsed("2Gi"), parsed("1.5Gi")) == 1
        assert parsed("1Gi") == parsed("1024Mi")
        assert parsed("1536Mi") < parsed("2Gi") <= parsed("2048Mi")
        assert parsed("4G") > parsed("3.5Gi") >= parsed("3584Mi")
        assert len({parsed("1Gi"), parsed("1024Mi")}) == 1

    def test_zero(self) -> None:
        assert quantity.zero().canonical() == "0"
        assert quantity.zero().is_zero()


class TestOvercommit:
    @pytest.mark.parametrize(
        ("guest", "percent", "expected_request"),
        [
            # docs/kubevirt/instancetype-apply.md#memory reference values
            ("1Gi", 15, "912680576"),
            ("1Gi", 80, "214748352"),
            ("4Gi", 15, "3650722304"),
            ("2Gi", 25, "1536Mi"),
            ("3Gi", 7, "2925527Ki"),
            ("8Gi", 50, "4Gi"),
            ("512M", 15, "435200k"),
            ("512M", 80, "102399992"),
            ("128M", 15, "108800k"),
            ("4G", 25, "3G"),
            ("1e9", 10, "900e6"),
            ("2Gi", 100, "0"),
            # golden instancetype-fields/memory-overcommit-*
            ("1Gi", 1, "1063004416"),
            ("1Gi", 99, "10737408"),
            ("1.5Gi", 33, "1079110400"),
            ("7Gi", 3, "7119831Ki"),
            ("16Gi", 10, "15099494Ki"),
            ("1000Mi", 10, "900Mi"),
            ("768M", 20, "614400k"),
            ("4Gi", 20, "3435973888"),
            ("2Gi", 10, "1932735232"),
        ],
    )
    def test_request(self, guest: str, percent: int, expected_request: str) -> None:
        assert overcommit_request(parsed(guest), percent).canonical() == expected_request

    def test_request_keeps_the_guest_format(self) -> None:
        assert overcommit_request(parsed("1e9"), 10).format == DECIMAL_EXPONENT
        assert overcommit_request(parsed("3Gi"), 7).format == BINARY_SI

    def test_float32_differs_from_exact_arithmetic(self) -> None:
        assert overcommit_request(parsed("512M"), 80).value() == 102399992

    def test_to_float32(self) -> None:
        assert to_float32(0.15) == 0.15000000596046448
        assert to_float32(1 << 30) == float(1 << 30)
        assert to_float32((1 << 60) + (1 << 36)) == float(1 << 60)  # ties to even
        assert to_float32((1 << 60) + (1 << 36) + 1) == float((1 << 60) + (1 << 37))
        assert to_float32(1e39) == float("inf")


@given(st.integers(min_value=-(2**62), max_value=2**62), st.sampled_from([BINARY_SI, DECIMAL_SI, DECIMAL_EXPONENT]))
def test_canonical_round_trips_numerically(value: int, fmt: str) -> None:
    text = new_quantity(value, fmt).canonical()
    assert parsed(text).as_fraction() == value


@given(st.integers(min_value=0, max_value=10**12), st.integers(min_value=-9, max_value=9))
def test_decimal_canonical_is_stable(mantissa: int, exponent: int) -> None:
    first = Quantity(mantissa, exponent, DECIMAL_SI).canonical()
    assert parsed(first).canonical() == first
