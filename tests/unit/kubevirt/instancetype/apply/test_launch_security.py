"""instancetype.Spec.LaunchSecurity (KubeVirt pkg/instancetype/apply/launchsecurity_test.go;
docs/kubevirt/instancetype-apply.md#field-table, #iothreads-launchsecurity-gpus-and-host-devices)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.apply.launch_security import apply_launch_security
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE = Conflict.from_path("spec.template.spec")


@pytest.mark.parametrize("value",
                         [{}, {"sev": {}}, {"snp": {}}, {"tdx": {}}, {"sev": {"policy": {"encryptedState": True}}}])
def test_should_apply_to_vmi(value: dict) -> None:
    spec = {"launchSecurity": value}
    template: dict = {}
    assert apply_launch_security(BASE, spec, template) == []
    assert template == {"domain": {"launchSecurity": value}}
    assert template["domain"]["launchSecurity"] is not value  # deep copy


def test_should_detect_launch_security_conflict() -> None:
    template = {"domain": {"launchSecurity": {"sev": {}}}}
    conflicts = apply_launch_security(BASE, {"launchSecurity": {"tdx": {}}}, template)
    assert [c.dotted for c in conflicts] == ["spec.template.spec.domain.launchSecurity"]
    assert template == {"domain": {"launchSecurity": {"sev": {}}}}


def test_absent_keeps_vm() -> None:
    template = {"domain": {"launchSecurity": {"sev": {}}}}
    assert apply_launch_security(BASE, {"launchSecurity": None}, template) == []
    assert template == {"domain": {"launchSecurity": {"sev": {}}}}
