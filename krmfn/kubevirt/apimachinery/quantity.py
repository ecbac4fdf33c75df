"""Kubernetes ``resource.Quantity`` as KubeVirt sees it (docs/kubevirt/quantities.md#canonical-form, #python-recipe).

Mirrors ``k8s.io/apimachinery/pkg/api/resource`` (``quantity.go``, ``amount.go``, ``suffix.go``) as
vendored by KubeVirt at ``d923fdb8``, plus the overcommit arithmetic of
``pkg/instancetype/apply/memory.go``.

Public API (stable; other krmfn modules import it):

* ``parse(value) -> Quantity | QuantityError``: a manifest value (str, int or float) decoded the way
  ``Quantity.UnmarshalJSON`` decodes it.
* ``parse_string(text) -> Quantity | QuantityError``: exactly ``resource.ParseQuantity``.
* ``new_quantity(value, fmt)`` / ``new_milli_quantity(value, fmt)``: ``resource.NewQuantity`` /
  ``NewMilliQuantity``.
* ``Quantity.canonical()``: the string KubeVirt writes (``Quantity.String()``).
* ``Quantity.canonical_form()``: the recomputed canonical form, ignoring the parser's cached spelling.
* ``Quantity.value()`` / ``milli_value()``: rounded up, like ``Value()`` / ``MilliValue()``.
* ``compare(a, b)`` and the rich comparisons on ``Quantity`` (numeric, format ignored).
* ``canonicalize(value) -> str | QuantityError``: parse, then ``canonical()``.
* ``overcommit_request(guest, percent) -> Quantity``: the float32 request of
docs/kubevirt/instancetype-apply.md#memory / docs/kubevirt/quantities.md#python-recipe.
* ``to_float32(x)``: round to the nearest IEEE-754 binary32 value.

Deliberate limits: values are exact Python integers, so ``value()`` does not reproduce Go's int64
overflow for quantities beyond ±2^63 (far beyond any real memory size), and negative non-integers
always round away from zero (Go's ``int64Amount`` behaviour; its rare ``inf.Dec`` path differs).

``fractions`` and ``decimal`` (3 ms to import) load with the first ``as_fraction`` (hashing a
quantity) or ``go_json_float``: parsing and comparing quantities use neither.
"""
from __future__ import annotations

import math
from functools import lru_cache

from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from fractions import Fraction

BINARY_SI = "BinarySI"
DECIMAL_SI = "DecimalSI"
DECIMAL_EXPONENT = "DecimalExponent"
FORMATS = (BINARY_SI, DECIMAL_SI, DECIMAL_EXPONENT)

QUANTITY_REGEX = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$"
ERR_FORMAT_WRONG = "quantities must match the regular expression '" + QUANTITY_REGEX + "'"
ERR_NUMERIC = "unable to parse numeric part of quantity"
ERR_SUFFIX = "unable to parse quantity's suffix"

_NANO = -9
_MAX_INT64 = (1 << 63) - 1
# maxInt64Factors: the fast parser path only handles up to 18 significant digits.
_MAX_INT64_FACTORS = 18
_SUFFIX_CHARS = frozenset("eEinumkKMGTP")
_DIGITS = frozenset("0123456789")
_GO_INT_RE = LazyPattern(r"[+-]?[0-9]+\Z")

# suffix -> (base, exponent, format); "" is a plain DecimalSI number.
_DECIMAL_SUFFIXES = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_BINARY_SUFFIXES = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
_DECIMAL_SUFFIX_BY_EXPONENT = {exp: suffix for suffix, exp in _DECIMAL_SUFFIXES.items()}
_BINARY_SUFFIX_BY_POWER = {0: "", 1: "Ki", 2: "Mi", 3: "Gi", 4: "Ti", 5: "Pi", 6: "Ei"}


@record(frozen=True)
class QuantityError:
    """A value that is not a quantity. ``message`` is the Go error text of ``ParseQuantity``."""

    input: object
    message: str

    def __str__(self) -> str:
        return self.message


@record(frozen=True)
class Quantity:
    """An exact quantity: ``unscaled * 10**exponent``, with its Go ``Format``.

    ``cached`` is the spelling the Go parser keeps when it considers the input canonical
    (``Quantity.s``); ``canonical()`` returns it verbatim, which is how ``01Gi`` and ``+2Gi``
    survive expand unchanged (golden ``instancetype-fields/memory-guest-leading-zero``,
    ``memory-guest-plus-sign``). Equality and ordering are numeric only.
    """

    unscaled: int
    exponent: int
    format: str
    cached: str | None = field(default=None, compare=False)

    # -- numeric views ---------------------------------------------------------------------
    def as_fraction(self) -> Fraction:
        from fractions import Fraction  # noqa: PLC0415 - module doc
        if self.exponent >= 0:
            return Fraction(self.unscaled * 10**self.exponent)
        return Fraction(self.unscaled, 10**-self.exponent)

    def sign(self) -> int:
        return (self.unscaled > 0) - (self.unscaled < 0)

    def is_zero(self) -> bool:
        return self.unscaled == 0

    def is_integer(self) -> bool:
        return self.integer_value() is not None

    def integer_value(self) -> int | None:
        """The value when it is a whole number, else None."""
        if self.exponent >= 0:
            return self.unscaled * 10**self.exponent
        whole, fraction = divmod(self.unscaled, 10**-self.exponent)
        return None if fraction else whole

    def value(self) -> int:
        """``Quantity.Value()``: the integer value, rounded up (away from zero)."""
        return self.scaled_value(0)

    def milli_value(self) -> int:
        """``Quantity.MilliValue()``: the value in thousandths, rounded up (away from zero)."""
        return self.scaled_value(-3)

    def scaled_value(self, scale: int) -> int:
        """``Quantity.ScaledValue(scale)``: value / 10**scale, rounded away from zero."""
        shift = self.exponent - scale
        if shift >= 0:
            return self.unscaled * 10**shift
        return _divide_away_from_zero(self.unscaled, 10**-shift)

    # -- serialisation ---------------------------------------------------------------------
    def canonical(self) -> str:
        """The string KubeVirt writes for this quantity (Go ``Quantity.String()``/``MarshalJSON``)."""
        if self.cached:
            return self.cached
        return self.canonical_form()

    def canonical_form(self) -> str:
        """The canonical form recomputed from value and format (docs/kubevirt/quantities.md#canonical-form), ignoring
        ``cached``."""
        if self.unscaled == 0:
            return "0"
        fmt = self.format
        if fmt == BINARY_SI:
            value = self.integer_value()
            if value is None or -1024 < value < 1024:
                fmt = DECIMAL_SI
            else:
                return _binary_canonical(value)
        if fmt not in (DECIMAL_SI, BINARY_SI):
            fmt = DECIMAL_EXPONENT
        return _decimal_canonical(self.unscaled, self.exponent, fmt)

    def with_format(self, fmt: str) -> Quantity:
        """The same value in another format (no cached spelling)."""
        return Quantity(self.unscaled, self.exponent, fmt)

    def __str__(self) -> str:
        return self.canonical()

    def __lt__(self, other: Quantity) -> bool:
        return compare(self, other) < 0

    def __le__(self, other: Quantity) -> bool:
        return compare(self, other) <= 0

    def __gt__(self, other: Quantity) -> bool:
        return compare(self, other) > 0

    def __ge__(self, other: Quantity) -> bool:
        return compare(self, other) >= 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Quantity):
            return NotImplemented
        return compare(self, other) == 0

    def __hash__(self) -> int:
        return hash(self.as_fraction())


def compare(a: Quantity, b: Quantity) -> int:
    """``Quantity.Cmp``: -1, 0 or 1 comparing the numeric values (formats are ignored)."""
    # exact integers at the smaller exponent: the same order as the fractions, without building them
    low = min(a.exponent, b.exponent)
    ia, ib = a.unscaled * 10 ** (a.exponent - low), b.unscaled * 10 ** (b.exponent - low)
    return (ia > ib) - (ia < ib)


def new_quantity(value: int, fmt: str = DECIMAL_SI) -> Quantity:
    """``resource.NewQuantity(value, fmt)``: an integer quantity with no cached spelling."""
    return Quantity(int(value), 0, fmt)


def new_milli_quantity(value: int, fmt: str = DECIMAL_SI) -> Quantity:
    """``resource.NewMilliQuantity(value, fmt)``: ``value`` thousandths."""
    return Quantity(int(value), -3, fmt)


def zero() -> Quantity:
    """The Go zero ``Quantity{}``: serialises as ``"0"``."""
    return Quantity(0, 0, DECIMAL_SI)


def parse(value: object) -> Quantity | QuantityError:
    """Decode a manifest value into a Quantity, as ``Quantity.UnmarshalJSON`` would.

    Strings are trimmed of white space and parsed with ``parse_string``. A YAML int is its decimal
    string. A YAML float is first written the way Go's ``encoding/json`` writes a float64
    (``1000000000.0`` -> ``1000000000``, which then canonicalises to ``1G``; golden
    ``instancetype-fields/memory-guest-yaml-float``). Anything else is an error.
    """
    if isinstance(value, Quantity):
        return value
    if isinstance(value, bool) or value is None:
        return QuantityError(value, ERR_FORMAT_WRONG)
    if isinstance(value, int):
        return parse_string(str(value))
    if isinstance(value, float):
        text = go_json_float(value)
        if text is None:
            return QuantityError(value, f"json: unsupported value: {value!r}")
        return parse_string(text)
    if isinstance(value, str):
        return _parse_text(value)
    return QuantityError(value, ERR_FORMAT_WRONG)


@lru_cache(maxsize=1 << 12)
def _parse_text(text: str) -> Quantity | QuantityError:
    return parse_string(_go_trim_space(text))


def canonicalize(value: object) -> str | QuantityError:
    """Parse a manifest value and return the string KubeVirt would write for it."""
    parsed = parse(value)
    if isinstance(parsed, QuantityError):
        return parsed
    return parsed.canonical()


def must_parse(text: str) -> Quantity:
    """``resource.MustParse(text)``: a spelling known to parse (Go panics on an error)."""
    parsed = parse_string(text)
    if isinstance(parsed, QuantityError):
        raise ValueError(f"MustParse({text!r}): {parsed.message}")
    return parsed


def is_quantity(value: object) -> bool:
    """True when ``parse(value)`` succeeds."""
    return isinstance(parse(value), Quantity)


@lru_cache(maxsize=1 << 12)  # pure, and both results are immutable; a bundle repeats a few sizes
def parse_string(text: str) -> Quantity | QuantityError:
    """``resource.ParseQuantity(text)``, including which spellings Go keeps verbatim."""
    if text == "":
        return QuantityError(text, ERR_FORMAT_WRONG)
    if text == "0":
        return Quantity(0, 0, DECIMAL_SI, cached="0")
    parts = _split_quantity_string(text)
    if parts is None:
        return QuantityError(text, ERR_FORMAT_WRONG)
    positive, num, denom, suffix = parts
    interpreted = _interpret_suffix(suffix)
    if interpreted is None:
        return QuantityError(text, ERR_SUFFIX)
    base, exponent, fmt = interpreted
    fast = _parse_fast_path(text, positive, num, denom, base, exponent, fmt)
    if fast is not None:
        return fast
    return _parse_exact_path(positive, num, denom, base, exponent, fmt)


def to_float32(x: float | int) -> float:
    """Round ``x`` to the nearest binary32 value (ties to even), returned as a Python float."""
    if isinstance(x, int) and abs(x) >= 1 << 53:
        x = _round_int_to_24_bits(x)
    import struct  # noqa: PLC0415 - float32 quantities only (bench/README.md, "Start-up")

    try:
        return struct.unpack("<f", struct.pack("<f", float(x)))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def overcommit_request(guest: Quantity, overcommit_percent: int) -> Quantity:
    """The pod memory request for an overcommitted guest (docs/kubevirt/instancetype-apply.md#memory,
    docs/kubevirt/quantities.md#python-recipe).

    KubeVirt: ``int64(float32(guest.Value()) * (1 - float32(percent)/100))``, every step in
    float32, then ``NewQuantity(request, guest.Format)``. ``512M`` at 80% therefore gives
    ``102399992``, not ``102400000``.
    """
    guest_f32 = to_float32(guest.value())
    percent_f32 = to_float32(to_float32(overcommit_percent) / to_float32(100))
    factor = to_float32(1.0 - percent_f32)
    product = to_float32(guest_f32 * factor)
    return new_quantity(_truncate_toward_zero(product), guest.format)


def go_json_float(value: float) -> str | None:
    """How Go's ``encoding/json`` writes a float64 (None for NaN and infinities).

    Shortest round-trip digits; plain notation for 1e-6 <= |v| < 1e21, otherwise ``1e+21`` /
    ``1.5e-7`` (json drops the leading zero of a two-digit negative exponent).
    """
    if math.isnan(value) or math.isinf(value):
        return None
    if value == 0:
        return "-0" if math.copysign(1.0, value) < 0 else "0"
    from decimal import Decimal  # noqa: PLC0415 - module doc
    sign, digits, raw_exponent = Decimal(repr(value)).as_tuple()
    exponent = int(raw_exponent)  # finite (NaN and infinities returned above): an int, not "n"/"N"/"F"
    digit_list = list(digits)
    while len(digit_list) > 1 and digit_list[-1] == 0:
        digit_list.pop()
        exponent += 1
    magnitude = abs(value)
    if 1e-6 <= magnitude < 1e21:
        return format(Decimal((sign, tuple(digit_list), exponent)), "f")
    scientific_exponent = exponent + len(digit_list) - 1
    mantissa = str(digit_list[0])
    if len(digit_list) > 1:
        mantissa += "." + "".join(str(d) for d in digit_list[1:])
    exponent_text = f"+{scientific_exponent:02d}" if scientific_exponent >= 0 else f"-{-scientific_exponent}"
    return ("-" if sign else "") + mantissa + "e" + exponent_text


# -- parsing internals ---------------------------------------------------------------------------


def _split_quantity_string(text: str) -> tuple[bool, str, str, str] | None:
    """``parseQuantityString``: (positive, num without leading zeros, fraction digits, suffix)."""
    end = len(text)
    pos = 0
    positive = True
    if text[0] == "-":
        positive = False
        pos = 1
    elif text[0] == "+":
        pos = 1
    while pos < end and text[pos] == "0":
        pos += 1
    if pos >= end:
        return positive, "0", "", ""
    start = pos
    while pos < end and text[pos] in _DIGITS:
        pos += 1
    num = text[start:pos] or "0"
    if pos >= end:
        return positive, num, "", ""
    denom = ""
    if text[pos] == ".":
        pos += 1
        start = pos
        while pos < end and text[pos] in _DIGITS:
            pos += 1
        denom = text[start:pos]
        if pos >= end:
            return positive, num, denom, ""
    suffix_start = pos
    while pos < end and text[pos] in _SUFFIX_CHARS:
        pos += 1
    if pos < end and text[pos] in "+-":
        pos += 1
    while pos < end and text[pos] in _DIGITS:
        pos += 1
    if pos < end:
        return None
    return positive, num, denom, text[suffix_start:]


def _interpret_suffix(suffix: str) -> tuple[int, int, str] | None:
    """``suffixer.interpret``: (base, exponent, format), or None for an unknown suffix."""
    if suffix in _DECIMAL_SUFFIXES:
        return 10, _DECIMAL_SUFFIXES[suffix], DECIMAL_SI
    if suffix in _BINARY_SUFFIXES:
        return 2, _BINARY_SUFFIXES[suffix], BINARY_SI
    if len(suffix) > 1 and suffix[0] in "eE":
        digits = suffix[1:]
        if not _GO_INT_RE.match(digits):
            return None
        parsed = int(digits)
        if not -(1 << 63) <= parsed <= _MAX_INT64:
            return None
        return 10, _wrap_int32(parsed), DECIMAL_EXPONENT
    return None


def _parse_fast_path(
    text: str, positive: bool, num: str, denom: str, base: int, exponent: int, fmt: str
) -> Quantity | None:
    """The int64 fast path of ``ParseQuantity``; None when Go falls through to ``inf.Dec``."""
    if fmt == BINARY_SI:
        if exponent < 0 or denom:
            return None
        precision = 15 - len(num) - (exponent * 3 // 10) - 1
        scale = 0
    else:
        precision = _MAX_INT64_FACTORS - (len(num) + len(denom))
        scale = exponent
    if precision < 0:
        return None
    scale -= len(denom)
    if scale < _NANO:
        return None
    shifted = num + denom
    digits_value = int(shifted)
    result = digits_value << exponent if fmt == BINARY_SI else digits_value
    if result > _MAX_INT64:
        return None
    if not positive:
        result = -result
    if fmt == BINARY_SI:
        keeps_spelling = (digits_value & 0x07) != 0
    else:
        keeps_spelling = scale % 3 == 0 and not shifted.endswith("000") and shifted[0] != "0"
    return Quantity(result, scale, fmt, cached=text if keeps_spelling else None)


def _parse_exact_path(positive: bool, num: str, denom: str, base: int, exponent: int, fmt: str) -> Quantity:
    """The ``inf.Dec`` path: exact value, rounded up to nano, BinarySI capped at max int64."""
    magnitude = int(num + denom)
    scale = -len(denom)
    if base == 10:
        scale += exponent
    else:
        magnitude <<= exponent
    if magnitude != 0 and scale < _NANO:
        magnitude = _divide_away_from_zero(magnitude, 10 ** (_NANO - scale))
        scale = _NANO
    value = Quantity(magnitude, scale, fmt)
    if fmt == BINARY_SI and value.as_fraction() > _MAX_INT64:
        magnitude, scale = _MAX_INT64, 0
    if fmt == BINARY_SI and 0 < Quantity(magnitude, scale, fmt).as_fraction() < 1:
        fmt = DECIMAL_SI
    return Quantity(magnitude if positive else -magnitude, scale, fmt)


# -- canonical form internals --------------------------------------------------------------------


def _binary_canonical(value: int) -> str:
    magnitude, powers = abs(value), 0
    while magnitude >= 1024 and magnitude % 1024 == 0:
        magnitude //= 1024
        powers += 1
    number = str(-magnitude if value < 0 else magnitude)
    # Go silently drops a suffix it cannot name; unreachable for values within int64.
    return number + _BINARY_SUFFIX_BY_POWER.get(powers, "")


def _decimal_canonical(unscaled: int, exponent: int, fmt: str) -> str:
    magnitude = abs(unscaled)
    while magnitude >= 10 and magnitude % 10 == 0:
        magnitude //= 10
        exponent += 1
    lowered = exponent % 3  # Python's modulo: lower the exponent to a multiple of 3 below
    magnitude *= 10**lowered
    exponent -= lowered
    number = str(-magnitude if unscaled < 0 else magnitude)
    if fmt == DECIMAL_EXPONENT:
        return number if exponent == 0 else f"{number}e{exponent}"
    # Go ignores a failed suffix lookup (exponent beyond 18): the digits are printed bare.
    return number + _DECIMAL_SUFFIX_BY_EXPONENT.get(exponent, "")


# -- small numeric helpers -----------------------------------------------------------------------


def _divide_away_from_zero(numerator: int, denominator: int) -> int:
    quotient, remainder = divmod(abs(numerator), denominator)
    if remainder:
        quotient += 1
    return -quotient if numerator < 0 else quotient


def _truncate_toward_zero(x: float) -> int:
    if math.isnan(x) or math.isinf(x):
        return 0
    return int(x)


def _wrap_int32(value: int) -> int:
    """Go's ``int32(int64)`` conversion keeps the low 32 bits."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def _round_int_to_24_bits(value: int) -> int:
    """Round an integer to 24 significant bits, ties to even (binary32 precision)."""
    magnitude = abs(value)
    shift = magnitude.bit_length() - 24
    if shift <= 0:
        return value
    quotient, remainder = divmod(magnitude, 1 << shift)
    half = 1 << (shift - 1)
    if remainder > half or (remainder == half and quotient & 1):
        quotient += 1
    rounded = quotient << shift
    return -rounded if value < 0 else rounded


def _go_trim_space(text: str) -> str:
    """``strings.TrimSpace``: Unicode white space as Go defines it."""
    start, end = 0, len(text)
    while start < end and _is_go_space(text[start]):
        start += 1
    while end > start and _is_go_space(text[end - 1]):
        end -= 1
    return text[start:end]


def _is_go_space(char: str) -> bool:
    if char in "\t\n\v\f\r \x85\xa0":
        return True
    if char < "\u0100":  # Latin-1's other characters are not spaces
        return False
    import unicodedata  # noqa: PLC0415 - beyond Latin-1 only (bench/README.md, "Start-up")

    return unicodedata.category(char) in ("Zs", "Zl", "Zp")
