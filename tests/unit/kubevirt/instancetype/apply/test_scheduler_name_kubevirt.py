"""Cases of KubeVirt's `pkg/instancetype/apply/scheduler_test.go` (d923fdb8), ported: every It of
"instancetype.spec.SchedulerName", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` as the Go test runs ``ApplyToVMI`` (no preference). krmfn mirrors
``scheduler.go`` in ``krmfn.kubevirt.instancetype.apply.scheduler_name``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE_PATH = "spec.template.spec"


def field_of(spec: dict, path: str) -> Any:
    """The value at a dotted path of the VMI spec (KeyError when absent)."""
    value: Any = spec
    for name in path.split("."):
        value = value[name]
    return value


@pytest.mark.parametrize(
    ("it_spec", "vmi_spec", "expected_conflicts", "field", "expected_value"),
    [
        pytest.param({"schedulerName": "ultra-scheduler"}, {"domain": {}}, [], "schedulerName", "ultra-scheduler",
                     id="should apply to VMI"),
        pytest.param({}, {"domain": {}, "schedulerName": "super-fast-scheduler"}, [],
                     "schedulerName", "super-fast-scheduler",
                     id="should be no-op if vmi SchedulerName is already set but instancetype SchedulerName is empty"),
        pytest.param({"schedulerName": "ultra-fast-scheduler"}, {"domain": {}, "schedulerName": "slow-scheduler"},
                     ["spec.template.spec.schedulerName"], "schedulerName", "slow-scheduler",
                     id="should return a conflict if vmi SchedulerName is set and instancetype one is defined"),
    ],
)
def test_instancetype_spec_scheduler_name(
    it_spec: dict, vmi_spec: dict, expected_conflicts: list[str], field: str, expected_value: object
) -> None:
    spec = copy.deepcopy(vmi_spec)
    conflicts = apply_to_vmi(BASE_PATH, copy.deepcopy(it_spec), None, spec, {"name": "testvmi"})
    assert conflicts == [Conflict.from_path(path) for path in expected_conflicts]
    assert field_of(spec, field) == expected_value
