"""Cases of KubeVirt's `pkg/instancetype/preference/apply/termination_test.go` (d923fdb8), ported:
every It of "Preference.PreferredTerminationGracePeriodSeconds", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` (no instance type) as the Go test runs
``ApplyToVMI``. krmfn mirrors ``termination.go`` in
``krmfn.kubevirt.instancetype.preference.apply.termination_grace_period``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi

BASE_PATH = "spec.template.spec"


@pytest.mark.parametrize(
    ("vmi_seconds", "expected_seconds"),
    [
        pytest.param(None, 180, id="should apply to VMI"),
        pytest.param(100, 100, id="should not overwrite user defined value"),
    ],
)
def test_preference_preferred_termination_grace_period_seconds(vmi_seconds: int | None, expected_seconds: int) -> None:
    spec: dict = {"domain": {}}
    if vmi_seconds is not None:
        spec["terminationGracePeriodSeconds"] = vmi_seconds
    pf_spec = {"preferredTerminationGracePeriodSeconds": 180}
    assert apply_to_vmi(BASE_PATH, None, pf_spec, spec, {}) == []
    assert spec["terminationGracePeriodSeconds"] == expected_seconds
