"""Tests for krmfn.kubevirt.instancetype.preference.apply.clock (KubeVirt apply/clock.go;
docs/kubevirt/preference-apply.md#clock)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.preference.apply.clock import apply_clock_preferences

_E41 = {"clock": {"preferredClockOffset": {"utc": {"offsetSeconds": 30}}, "preferredTimer": {"hyperv": {}}}}


def _clock_after(pf: dict, vm_clock: dict | None = None) -> dict | None:
    t: dict = {"domain": {} if vm_clock is None else {"clock": vm_clock}}
    apply_clock_preferences(pf, t)
    return t["domain"].get("clock")


def test_should_apply_to_vmi_e41() -> None:
    assert _clock_after(_E41) == {"utc": {"offsetSeconds": 30}, "timer": {"hyperv": {}}}


def test_vm_timezone_keeps_offset_but_gets_timer_e41() -> None:
    assert _clock_after(_E41, {"timezone": "Europe/Prague"}) == {
        "timezone": "Europe/Prague", "timer": {"hyperv": {}}
    }


def test_vm_utc_keeps_offset() -> None:
    assert _clock_after(_E41, {"utc": {}}) == {"utc": {}, "timer": {"hyperv": {}}}


def test_timezone_preference() -> None:
    assert _clock_after({"clock": {"preferredClockOffset": {"timezone": "UTC"}}}) == {"timezone": "UTC"}


def test_timer_is_not_merged() -> None:
    pf = {"clock": {"preferredTimer": {"hpet": {"present": False}, "rtc": {"tickPolicy": "catchup"}}}}
    assert _clock_after(pf, {"timer": {"pit": {"tickPolicy": "delay"}}}) == {"timer": {"pit": {"tickPolicy": "delay"}}}


def test_empty_clock_preference_creates_clock() -> None:
    assert _clock_after({"clock": {}}) == {}


def test_nothing_happens_without_pf_clock() -> None:
    assert _clock_after({}) is None


def test_copies_are_independent_of_the_preference() -> None:
    pf = {"clock": {"preferredClockOffset": {"utc": {"offsetSeconds": 30}},
                    "preferredTimer": {"rtc": {"track": "guest"}}}}
    clock = _clock_after(pf)
    clock["utc"]["offsetSeconds"] = 0
    clock["timer"]["rtc"]["track"] = "wall"
    assert pf == {"clock": {"preferredClockOffset": {"utc": {"offsetSeconds": 30}},
                            "preferredTimer": {"rtc": {"track": "guest"}}}}
