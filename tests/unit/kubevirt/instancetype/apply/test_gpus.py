"""instancetype.Spec.GPUs (KubeVirt pkg/instancetype/apply/gpu_test.go;
docs/kubevirt/instancetype-apply.md#field-table, #iothreads-launchsecurity-gpus-and-host-devices)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.apply.gpus import apply_gpus
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE = Conflict.from_path("spec.template.spec")
IT_GPUS = [{"name": "barfoo", "deviceName": "vendor.com/gpu_name"}]


def test_should_apply_to_vmi() -> None:
    template = {"domain": {"devices": {"disks": [{"name": "d"}]}}}
    assert apply_gpus(BASE, {"gpus": IT_GPUS}, template) == []
    assert template == {"domain": {"devices": {"disks": [{"name": "d"}], "gpus": IT_GPUS}}}
    assert template["domain"]["devices"]["gpus"][0] is not IT_GPUS[0]


def test_should_detect_gpu_conflict() -> None:
    template = {"domain": {"devices": {"gpus": [{"name": "foobar", "deviceName": "vendor.com/gpu_name"}]}}}
    conflicts = apply_gpus(BASE, {"gpus": IT_GPUS}, template)
    assert [c.dotted for c in conflicts] == ["spec.template.spec.domain.devices.gpus"]
    assert template["domain"]["devices"]["gpus"] == [{"name": "foobar", "deviceName": "vendor.com/gpu_name"}]


def test_identical_lists_still_conflict() -> None:
    template = {"domain": {"devices": {"gpus": list(IT_GPUS)}}}
    assert len(apply_gpus(BASE, {"gpus": IT_GPUS}, template)) == 1


def test_empty_lists_are_unset() -> None:
    template = {"domain": {"devices": {"gpus": []}}}
    assert apply_gpus(BASE, {"gpus": IT_GPUS}, template) == []
    assert template["domain"]["devices"]["gpus"] == IT_GPUS
    kept = {"domain": {"devices": {"gpus": IT_GPUS}}}
    assert apply_gpus(BASE, {"gpus": []}, kept) == []
    assert kept == {"domain": {"devices": {"gpus": IT_GPUS}}}


def test_vm_host_devices_do_not_conflict_with_gpus() -> None:
    template = {"domain": {"devices": {"hostDevices": [{"name": "usb", "deviceName": "example.com/usb"}]}}}
    assert apply_gpus(BASE, {"gpus": IT_GPUS}, template) == []
