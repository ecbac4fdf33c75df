"""Cases of KubeVirt's `pkg/instancetype/apply/launchsecurity_test.go` (d923fdb8), ported: every It of
"instancetype.Spec.LaunchSecurity", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` as the Go test runs ``ApplyToVMI`` (no preference).

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE_PATH = "spec.template.spec"
IT_SPEC = {"launchSecurity": {"sev": {}}}


def field_of(spec: dict, path: str) -> Any:
    """The value at a dotted path of the VMI spec (KeyError when absent)."""
    value: Any = spec
    for name in path.split("."):
        value = value[name]
    return value


@pytest.mark.parametrize(
    ("it_spec", "vmi_spec", "expected_conflicts", "field", "expected_value"),
    [
        pytest.param(IT_SPEC, {"domain": {}}, [], "domain.launchSecurity", {"sev": {}}, id="should apply to VMI"),
        pytest.param(IT_SPEC, {"domain": {"launchSecurity": {"sev": {}}}}, ["spec.template.spec.domain.launchSecurity"],
                     "domain.launchSecurity", {"sev": {}}, id="should detect LaunchSecurity conflict"),
    ],
)
def test_instancetype_spec_launch_security(
    it_spec: dict, vmi_spec: dict, expected_conflicts: list[str], field: str, expected_value: object
) -> None:
    spec = copy.deepcopy(vmi_spec)
    conflicts = apply_to_vmi(BASE_PATH, copy.deepcopy(it_spec), None, spec, {"name": "testvmi"})
    assert conflicts == [Conflict.from_path(path) for path in expected_conflicts]
    assert field_of(spec, field) == expected_value
