"""``krmfn.cdi.vendor.robfig_cron``: ``cron.ParseStandard`` of robfig/cron v3.0.1."""
from __future__ import annotations

import pytest

from krmfn.cdi.vendor.robfig_cron import TIMEZONE_PANIC, go_fields, parse_standard_error


@pytest.mark.parametrize("spec", [
    "30 1 * * 1", "0 */12 * * *", "* * * * ?", "0 0 1,15 * *", "0 0 * jan-mar mon-fri", "5-10/2 * * * *",
    "*/5 * * * *", "0 0 * * SUN", "0 0 1 * *", "*-5 * * * *", ",, * * * *", "0\t0  * * *",
    "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly", "@every 1h30m",
    "TZ=UTC 0 0 * * *", "CRON_TZ=Europe/Paris 0 0 * * *", "TZ= @daily",
])
def test_valid_schedules(spec: str) -> None:
    assert parse_standard_error(spec) is None


@pytest.mark.parametrize(("spec", "error"), [
    ("", "empty spec string"),
    ("61 * * * *", "end of range (61) above maximum (59): 61"),
    ("* * * *", "expected exactly 5 fields, found 4: [* * * *]"),
    ("0 0 0 * * *", "expected exactly 5 fields, found 6: [0 0 0 * * *]"),
    ("0 0 0 * *", "beginning of range (0) below minimum (1): 0"),
    ("5-1 * * * *", "beginning of range (5) beyond end of range (1): 5-1"),
    ("*/0 * * * *", "step of range should be a positive number: */0"),
    ("1-2-3 * * * *", "too many hyphens: 1-2-3"),
    ("1/2/3 * * * *", "too many slashes: 1/2/3"),
    ("x * * * *", 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'),
    ("*/-1 * * * *", "negative number (-1) not allowed: -1"),
    ("0 0 * foo *", 'failed to parse int from foo: strconv.Atoi: parsing "foo": invalid syntax'),
    ("@often", "unrecognized descriptor: @often"),
    ("@daily ", "unrecognized descriptor: @daily "),
    ("@every 1x", 'failed to parse duration @every 1x: time: unknown unit "x" in duration "1x"'),
    ("TZ=Nowhere/Atlantis 0 0 * * *", "provided bad location Nowhere/Atlantis: unknown time zone Nowhere/Atlantis"),
    ("TZ=UTC", TIMEZONE_PANIC),
])
def test_invalid_schedules(spec: str, error: str) -> None:
    assert parse_standard_error(spec) == error


def test_go_fields_splits_on_go_white_space_only() -> None:
    assert go_fields(" a\u00a0b\x1cc ") == ["a", "b\x1cc"]
