"""instancetype.spec.SchedulerName (KubeVirt pkg/instancetype/apply/scheduler_test.go;
docs/kubevirt/instancetype-apply.md#field-table)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.apply.scheduler_name import apply_scheduler_name
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE = Conflict.from_path("spec.template.spec")


def test_should_apply_to_vmi() -> None:
    template: dict = {}
    assert apply_scheduler_name(BASE, {"schedulerName": "ultra-fast-scheduler"}, template) == []
    assert template == {"schedulerName": "ultra-fast-scheduler"}


@pytest.mark.parametrize("it_value", [None, ""])
def test_should_be_no_op_if_instancetype_scheduler_name_is_empty(it_value: object) -> None:
    template = {"schedulerName": "slow-scheduler"}
    assert apply_scheduler_name(BASE, {"schedulerName": it_value}, template) == []
    assert template == {"schedulerName": "slow-scheduler"}


@pytest.mark.parametrize("vm_value", ["slow-scheduler", "ultra-fast-scheduler"])
def test_should_return_a_conflict_if_both_are_set(vm_value: str) -> None:
    template = {"schedulerName": vm_value}
    conflicts = apply_scheduler_name(BASE, {"schedulerName": "ultra-fast-scheduler"}, template)
    assert [conflict.dotted for conflict in conflicts] == ["spec.template.spec.schedulerName"]
    assert template == {"schedulerName": vm_value}


def test_vm_empty_string_is_unset() -> None:
    template = {"schedulerName": ""}
    assert apply_scheduler_name(BASE, {"schedulerName": "s"}, template) == []
    assert template == {"schedulerName": "s"}
