"""Cases of KubeVirt's `pkg/instancetype/preference/apply/machine_test.go` (d923fdb8), ported: every
It of "Preference.Machine", run through ``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` (no
instance type) as the Go test runs ``ApplyToVMI``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi

BASE_PATH = "spec.template.spec"


@pytest.mark.parametrize(
    ("pf_machine", "expected_machine"),
    [
        pytest.param({"preferredMachineType": "q35-rhel-8.0"}, {"type": "q35-rhel-8.0"}, id="should apply to VMI"),
    ],
)
def test_preference_machine(pf_machine: dict, expected_machine: dict) -> None:
    spec: dict = {"domain": {}}
    assert apply_to_vmi(BASE_PATH, None, {"machine": dict(pf_machine)}, spec, {}) == []
    assert spec["domain"]["machine"] == expected_machine
