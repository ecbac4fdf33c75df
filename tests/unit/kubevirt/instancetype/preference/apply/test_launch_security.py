"""Tests for krmfn.kubevirt.instancetype.preference.apply.launch_security (KubeVirt launchsecurity.go;
docs/kubevirt/preference-apply.md#other-top-level-fields)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.apply.launch_security import apply_launch_security_preferences

_VMI = {"sev": {"policy": {"secureBoot": True}}}
_PREFERENCE = {"snp": {}}
_INSTANCETYPE = {"tdx": {}}


@pytest.mark.parametrize(
    ("vm_value", "pf_value", "expected"),
    [
        pytest.param(None, None, None, id="all nil"),
        pytest.param(None, _PREFERENCE, _PREFERENCE, id="preference set"),
        pytest.param(_VMI, None, _VMI, id="vmi set"),
        pytest.param(_VMI, _PREFERENCE, _VMI, id="vmi and preference set"),
        # The instance type applier runs first; what it wrote counts as set.
        pytest.param(_INSTANCETYPE, _PREFERENCE, _INSTANCETYPE, id="instancetype and preference set"),
    ],
)
def test_should_apply_correct_launch_security(vm_value: dict | None, pf_value: dict | None,
                                              expected: dict | None) -> None:
    t: dict = {"domain": {} if vm_value is None else {"launchSecurity": vm_value}}
    apply_launch_security_preferences({} if pf_value is None else {"preferredLaunchSecurity": pf_value}, t)
    assert t["domain"].get("launchSecurity") == expected


def test_empty_preference_is_applied() -> None:
    t: dict = {}
    apply_launch_security_preferences({"preferredLaunchSecurity": {}}, t)
    assert t == {"domain": {"launchSecurity": {}}}


def test_copy_is_independent_of_the_preference() -> None:
    pf = {"preferredLaunchSecurity": {"sev": {"policy": {"secureBoot": False}}}}
    t: dict = {}
    apply_launch_security_preferences(pf, t)
    t["domain"]["launchSecurity"]["sev"]["policy"]["secureBoot"] = True
    assert pf == {"preferredLaunchSecurity": {"sev": {"policy": {"secureBoot": False}}}}
