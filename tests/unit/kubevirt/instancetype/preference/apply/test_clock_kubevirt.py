"""Cases of KubeVirt's `pkg/instancetype/preference/apply/clock_test.go` (d923fdb8), ported: every It
of "Preference.Clock", run through ``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` (no
instance type) as the Go test runs ``ApplyToVMI``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi

BASE_PATH = "spec.template.spec"


@pytest.mark.parametrize(
    ("pf_clock", "expected_clock"),
    [
        # ClockOffset is inlined into the VMI's Clock: utc sits beside timer.
        pytest.param({"preferredClockOffset": {"utc": {"offsetSeconds": 30}}, "preferredTimer": {"hyperv": {}}},
                     {"utc": {"offsetSeconds": 30}, "timer": {"hyperv": {}}},
                     id="should apply to VMI"),
    ],
)
def test_preference_clock(pf_clock: dict, expected_clock: dict) -> None:
    spec: dict = {"domain": {}}
    assert apply_to_vmi(BASE_PATH, None, {"clock": copy.deepcopy(pf_clock)}, spec, {}) == []
    assert spec["domain"]["clock"] == expected_clock
