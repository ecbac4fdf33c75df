"""Go's ``time.ParseDuration``, as ``metav1.Duration.UnmarshalJSON`` runs it when a webhook decodes
an object with a duration field (``k8s.io/apimachinery/pkg/apis/meta/v1/duration.go``; Go's
``src/time/format.go`` ``ParseDuration``, ``leadingInt``, ``leadingFraction``, ``quote``).

The CRDs type these fields as plain strings, so the API server stores any text; the webhook's
``json.Unmarshal`` then fails with Go's error, which the webhook answers as a bare message
(``ToAdmissionResponseError``). ``parse_duration_error`` returns that text, or None for a valid
duration. Go works on the UTF-8 bytes of the text, and so does this port.
"""
from __future__ import annotations

_OVERFLOW = 1 << 63
_NANOSECOND = 1
_UNITS: dict[bytes, int] = {
    b"ns": _NANOSECOND,
    b"us": 1000,
    "\u00b5s".encode(): 1000,  # U+00B5 micro sign
    "\u03bcs".encode(): 1000,  # U+03BC Greek small letter mu
    b"ms": 1000 * 1000,
    b"s": 1000 * 1000 * 1000,
    b"m": 60 * 1000 * 1000 * 1000,
    b"h": 60 * 60 * 1000 * 1000 * 1000,
}
_HEX = "0123456789abcdef"


def go_time_quote(text: bytes) -> str:
    """``time.quote``: ASCII kept (``"`` and ``\\`` escaped), control characters and every byte
    of a non-ASCII rune as ``\\xNN``."""
    out = ['"']
    for byte in text:
        if byte >= 0x80 or byte < 0x20:
            out.append("\\x" + _HEX[byte >> 4] + _HEX[byte & 0xF])
        else:
            char = chr(byte)
            out.append("\\" + char if char in '"\\' else char)
    out.append('"')
    return "".join(out)


def _invalid(orig: bytes) -> str:
    return "time: invalid duration " + go_time_quote(orig)


def _leading_int(text: bytes) -> tuple[int, bytes] | None:
    """``leadingInt``: the leading digits and the rest, or None on overflow."""
    value = 0
    index = 0
    while index < len(text) and 0x30 <= text[index] <= 0x39:
        if value > _OVERFLOW // 10:
            return None
        value = value * 10 + text[index] - 0x30
        if value > _OVERFLOW:
            return None
        index += 1
    return value, text[index:]


def _leading_fraction(text: bytes) -> tuple[int, float, bytes]:
    """``leadingFraction``: the digits after the point (as long as they fit), their scale, the rest."""
    value, scale, overflow = 0, 1.0, False
    index = 0
    while index < len(text) and 0x30 <= text[index] <= 0x39:
        if not overflow:
            if value > (_OVERFLOW - 1) // 10:
                overflow = True
            else:
                candidate = value * 10 + text[index] - 0x30
                if candidate > _OVERFLOW:
                    overflow = True
                else:
                    value, scale = candidate, scale * 10
        index += 1
    return value, scale, text[index:]


def parse_duration_error(value: str) -> str | None:
    """The error of ``time.ParseDuration(value)``, or None when Go parses it."""
    parsed = parse_duration(value)
    return parsed if isinstance(parsed, str) else None


def parse_duration(value: str) -> int | str:
    """``time.ParseDuration(value)``: the duration in nanoseconds, or the error text."""
    orig = value.encode("utf-8", "surrogatepass")
    rest = orig
    negative = False
    if rest and rest[0] in b"-+":
        negative = rest[0] == 0x2D
        rest = rest[1:]
    if rest == b"0":
        return 0
    if not rest:
        return _invalid(orig)
    total = 0
    while rest:
        if not (rest[0] == 0x2E or 0x30 <= rest[0] <= 0x39):
            return _invalid(orig)
        before = len(rest)
        leading = _leading_int(rest)
        if leading is None:
            return _invalid(orig)
        whole, rest = leading
        pre = before != len(rest)
        fraction, scale, post = 0, 1.0, False
        if rest and rest[0] == 0x2E:
            rest = rest[1:]
            before = len(rest)
            fraction, scale, rest = _leading_fraction(rest)
            post = before != len(rest)
        if not pre and not post:
            return _invalid(orig)
        end = 0
        while end < len(rest) and not (rest[end] == 0x2E or 0x30 <= rest[end] <= 0x39):
            end += 1
        if end == 0:
            return "time: missing unit in duration " + go_time_quote(orig)
        unit_text, rest = rest[:end], rest[end:]
        unit = _UNITS.get(unit_text)
        if unit is None:
            return "time: unknown unit " + go_time_quote(unit_text) + " in duration " + go_time_quote(orig)
        if whole > _OVERFLOW // unit:
            return _invalid(orig)
        whole *= unit
        if fraction > 0:
            whole += int(float(fraction) * (float(unit) / scale))
            if whole > _OVERFLOW:
                return _invalid(orig)
        total += whole
        if total > _OVERFLOW:
            return _invalid(orig)
    if not negative and total > _OVERFLOW - 1:
        return _invalid(orig)
    return -total if negative else total


def _fraction(value: int, precision: int) -> tuple[str, int]:
    """``fmtFrac``: the fraction of value/10**precision without trailing zeros (``.5``, or ""), and the rest."""
    digits = str(value % 10**precision).rjust(precision, "0").rstrip("0") if precision else ""
    return ("." + digits if digits else ""), value // 10**precision


def format_duration(nanoseconds: int) -> str:
    """``time.Duration.String``: ``72h3m0.5s``, ``1.5ms``, ``0s``."""
    value = abs(nanoseconds)
    sign = "-" if nanoseconds < 0 else ""
    if value < 1000 * 1000 * 1000:
        if value == 0:
            return "0s"
        unit, precision = ("ns", 0) if value < 1000 else ("\u00b5s", 3) if value < 1000 * 1000 else ("ms", 6)
        fraction, whole = _fraction(value, precision)
        return f"{sign}{whole}{fraction}{unit}"
    fraction, seconds = _fraction(value, 9)
    text = f"{seconds % 60}{fraction}s"
    minutes = seconds // 60
    if minutes:
        text = f"{minutes % 60}m{text}"
        hours = minutes // 60
        if hours:
            text = f"{hours}h{text}"
    return sign + text
