"""instancetype.Spec.HostDevices (KubeVirt pkg/instancetype/apply/hostdevices_test.go;
docs/kubevirt/instancetype-apply.md#field-table, #iothreads-launchsecurity-gpus-and-host-devices)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.apply.host_devices import apply_host_devices
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE = Conflict.from_path("spec.template.spec")
IT_DEVICES = [{"name": "nic1", "deviceName": "intel.com/e810"},
              {"name": "qat", "deviceName": "intel.com/qat", "tag": "crypto"}]


def test_should_apply_to_vmi() -> None:
    template: dict = {}
    assert apply_host_devices(BASE, {"hostDevices": IT_DEVICES}, template) == []
    assert template == {"domain": {"devices": {"hostDevices": IT_DEVICES}}}


def test_should_detect_host_device_conflict() -> None:
    template = {"domain": {"devices": {"hostDevices": [{"name": "x", "deviceName": "y"}]}}}
    conflicts = apply_host_devices(BASE, {"hostDevices": IT_DEVICES}, template)
    assert [c.dotted for c in conflicts] == ["spec.template.spec.domain.devices.hostDevices"]
    assert template["domain"]["devices"]["hostDevices"] == [{"name": "x", "deviceName": "y"}]


def test_absent_keeps_vm() -> None:
    template = {"domain": {"devices": {"hostDevices": [{"name": "x", "deviceName": "y"}]}}}
    assert apply_host_devices(BASE, {}, template) == []
    assert template["domain"]["devices"]["hostDevices"] == [{"name": "x", "deviceName": "y"}]
