"""Cases of KubeVirt's `pkg/instancetype/preference/apply/launchsecurity_test.go` (d923fdb8), ported:
every Entry of "Preference.LaunchSecurity", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` with an instance type and a preference
(both present, possibly empty) as the Go test runs ``ApplyToVMI``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE_PATH = "spec.template.spec"
VMI_LS = {"sev": {}}
PREFERENCE_LS = {"sev": {"policy": {}}}
INSTANCETYPE_LS = {"tdx": {}}
LAUNCH_SECURITY_CONFLICT = Conflict.new("spec", "template", "spec", "domain", "launchSecurity")


@pytest.mark.parametrize(
    ("vmi_ls", "preference_ls", "instancetype_ls", "expect_conflict", "expected_ls"),
    [
        pytest.param(None, None, None, False, None, id="all nil"),
        pytest.param(None, PREFERENCE_LS, None, False, PREFERENCE_LS, id="preference set"),
        pytest.param(VMI_LS, None, None, False, VMI_LS, id="vmi set"),
        pytest.param(VMI_LS, PREFERENCE_LS, None, False, VMI_LS, id="vmi and preference set"),
        pytest.param(None, None, INSTANCETYPE_LS, False, INSTANCETYPE_LS, id="instancetype set"),
        pytest.param(None, PREFERENCE_LS, INSTANCETYPE_LS, False, INSTANCETYPE_LS,
                     id="instancetype and preference set"),
        pytest.param(VMI_LS, None, INSTANCETYPE_LS, True, None, id="instancetype and vmi set"),
        pytest.param(VMI_LS, PREFERENCE_LS, INSTANCETYPE_LS, True, None, id="all set"),
    ],
)
def test_should_apply_correct_launch_security(
    vmi_ls: dict | None, preference_ls: dict | None, instancetype_ls: dict | None,
    expect_conflict: bool, expected_ls: dict | None,
) -> None:
    spec: dict = {"domain": {}}
    if vmi_ls is not None:
        spec["domain"]["launchSecurity"] = copy.deepcopy(vmi_ls)
    it_spec: dict = {} if instancetype_ls is None else {"launchSecurity": copy.deepcopy(instancetype_ls)}
    pf_spec: dict = {} if preference_ls is None else {"preferredLaunchSecurity": copy.deepcopy(preference_ls)}
    conflicts = apply_to_vmi(BASE_PATH, it_spec, pf_spec, spec, {})
    if expect_conflict:
        assert conflicts == [LAUNCH_SECURITY_CONFLICT]
        return
    assert conflicts == []
    assert spec["domain"].get("launchSecurity") == expected_ls
