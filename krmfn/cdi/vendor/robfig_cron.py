"""``cron.ParseStandard`` of ``github.com/robfig/cron/v3`` v3.0.1, as CDI v1.64.0 vendors it
(``vendor/github.com/robfig/cron/v3/parser.go``: ``Parser.Parse`` with ``Minute | Hour | Dom |
Month | Dow | Descriptor``, ``normalizeFields``, ``getField``, ``getRange``, ``parseIntOrName``,
``mustParseInt``, ``parseDescriptor``; the bounds of ``spec.go``).

``parse_standard_error`` returns the parser's error text, or None when the schedule parses. A
``TZ=``/``CRON_TZ=`` prefix without a space makes Go slice ``spec[eq+1:-1]`` and panic:
``TIMEZONE_PANIC`` says so (``parse_standard_error`` returns it). A time zone is looked up in the
IANA time zone database of the host, where Go's ``time.LoadLocation`` looks (``""`` and ``UTC`` are
UTC, ``Local`` the local zone); a host without one takes any zone name as valid (CDI's image has
the database).
"""
from __future__ import annotations

import os
from functools import cache
from typing import NamedTuple

from krmfn.kubevirt.apimachinery.duration import parse_duration_error
from krmfn.model.lazy_re import LazyPattern

TIMEZONE_PANIC = "panic: slice bounds out of range"
_GO_INT = LazyPattern(r"[+-]?[0-9]+\Z")
_INT64_MAX = (1 << 63) - 1
_INT64_MIN = -(1 << 63)
# Go's unicode.IsSpace (strings.Fields).
_GO_SPACE = frozenset("\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
                      "\u200a\u2028\u2029\u202f\u205f\u3000")
_DESCRIPTORS = frozenset({"@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"})
_EVERY = "@every "
_FIELD_COUNT = 5  # minute, hour, day of month, month, day of week
# Go's platformZoneSources (and Python's default TZPATH).
_ZONE_SOURCES = ("/usr/share/zoneinfo", "/usr/share/lib/zoneinfo", "/usr/lib/locale/TZ", "/usr/lib/zoneinfo",
                 "/etc/zoneinfo")


class Bounds(NamedTuple):
    low: int
    high: int
    names: dict[str, int] | None = None


MINUTES = Bounds(0, 59)
HOURS = Bounds(0, 23)
DOM = Bounds(1, 31)
MONTHS = Bounds(1, 12, {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8,
                        "sep": 9, "oct": 10, "nov": 11, "dec": 12})
DOW = Bounds(0, 6, {"sun": 0, "mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6})
_FIELD_BOUNDS = (MINUTES, HOURS, DOM, MONTHS, DOW)


def go_fields(text: str) -> list[str]:
    """``strings.Fields``: split on Go's white space."""
    fields: list[str] = []
    current: list[str] = []
    for char in text:
        if char in _GO_SPACE:
            if current:
                fields.append("".join(current))
                current = []
        else:
            current.append(char)
    if current:
        fields.append("".join(current))
    return fields


def _is_zone_file(path: str) -> bool:
    try:
        with open(path, "rb") as stream:
            return stream.read(4) == b"TZif"
    except OSError:
        return False


@cache
def load_location_error(name: str) -> str | None:
    """``time.LoadLocation(name)``'s failure (``unknown time zone <name>``), or None."""
    if name in ("", "UTC", "Local"):
        return None
    if ".." in name or name[:1] in ("/", "\\"):
        return "time: invalid location name"
    sources = [source for source in _ZONE_SOURCES if os.path.isdir(source)]
    if not sources or any(_is_zone_file(os.path.join(source, name)) for source in sources):
        return None
    return "unknown time zone " + name


def _must_parse_int(expr: str) -> int | str:
    if not _GO_INT.match(expr):
        return f'failed to parse int from {expr}: strconv.Atoi: parsing "{expr}": invalid syntax'
    number = int(expr)
    if not _INT64_MIN <= number <= _INT64_MAX:
        return f'failed to parse int from {expr}: strconv.Atoi: parsing "{expr}": value out of range'
    if number < 0:
        return f"negative number ({number}) not allowed: {expr}"
    return number


def _int_or_name(expr: str, bounds: Bounds) -> int | str:
    named = bounds.names.get(expr.lower()) if bounds.names is not None else None
    return named if named is not None else _must_parse_int(expr)


def range_error(expr: str, bounds: Bounds) -> str | None:
    """``getRange``: ``number | number "-" number [ "/" number ]``, ``*`` or ``?``."""
    range_and_step = expr.split("/")
    low_and_high = range_and_step[0].split("-")
    single = len(low_and_high) == 1
    if low_and_high[0] in ("*", "?"):
        start, end = bounds.low, bounds.high
    else:
        first = _int_or_name(low_and_high[0], bounds)
        if isinstance(first, str):
            return first
        start = end = first
        if len(low_and_high) == 2:
            last = _int_or_name(low_and_high[1], bounds)
            if isinstance(last, str):
                return last
            end = last
        elif len(low_and_high) > 2:
            return f"too many hyphens: {expr}"
    step = 1
    if len(range_and_step) == 2:
        parsed = _must_parse_int(range_and_step[1])
        if isinstance(parsed, str):
            return parsed
        step = parsed
        if single:
            end = bounds.high
    elif len(range_and_step) > 2:
        return f"too many slashes: {expr}"
    if start < bounds.low:
        return f"beginning of range ({start}) below minimum ({bounds.low}): {expr}"
    if end > bounds.high:
        return f"end of range ({end}) above maximum ({bounds.high}): {expr}"
    if start > end:
        return f"beginning of range ({start}) beyond end of range ({end}): {expr}"
    if step == 0:
        return f"step of range should be a positive number: {expr}"
    return None


def field_error(text: str, bounds: Bounds) -> str | None:
    """``getField``: a comma-separated list of ranges (empty ones skipped)."""
    for expr in (part for part in text.split(",") if part):
        error = range_error(expr, bounds)
        if error is not None:
            return error
    return None


def parse_standard_error(spec: str) -> str | None:
    """The error of ``cron.ParseStandard(spec)``, ``TIMEZONE_PANIC``, or None."""
    if not spec:
        return "empty spec string"
    if spec.startswith(("TZ=", "CRON_TZ=")):
        space = spec.find(" ")
        if space < 0:
            return TIMEZONE_PANIC
        name = spec[spec.find("=") + 1:space]
        location_error = load_location_error(name)
        if location_error is not None:
            return f"provided bad location {name}: {location_error}"
        spec = spec[space:].strip("".join(_GO_SPACE))
    if spec.startswith("@"):
        if spec in _DESCRIPTORS:
            return None
        if spec.startswith(_EVERY):
            duration_error = parse_duration_error(spec[len(_EVERY):])
            return None if duration_error is None else f"failed to parse duration {spec}: {duration_error}"
        return f"unrecognized descriptor: {spec}"
    fields = go_fields(spec)
    if len(fields) != _FIELD_COUNT:
        return f"expected exactly {_FIELD_COUNT} fields, found {len(fields)}: [{' '.join(fields)}]"
    for text, bounds in zip(fields, _FIELD_BOUNDS, strict=True):
        error = field_error(text, bounds)
        if error is not None:
            return error
    return None
