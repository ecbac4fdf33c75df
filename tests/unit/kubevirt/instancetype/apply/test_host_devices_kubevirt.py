"""Cases of KubeVirt's `pkg/instancetype/apply/hostdevices_test.go` (d923fdb8), ported: every It of
"instancetype.Spec.HostDevices", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` as the Go test runs ``ApplyToVMI`` (no preference). krmfn mirrors
``hostdevices.go`` in ``krmfn.kubevirt.instancetype.apply.host_devices``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE_PATH = "spec.template.spec"
HOST_DEVICES = [{"name": "foobar", "deviceName": "vendor.com/device_name"}]


def field_of(spec: dict, path: str) -> Any:
    """The value at a dotted path of the VMI spec (KeyError when absent)."""
    value: Any = spec
    for name in path.split("."):
        value = value[name]
    return value


@pytest.mark.parametrize(
    ("it_spec", "vmi_spec", "expected_conflicts", "field", "expected_value"),
    [
        pytest.param({"hostDevices": HOST_DEVICES}, {"domain": {}}, [], "domain.devices.hostDevices", HOST_DEVICES,
                     id="should apply to VMI"),
        # The VMI's device equals the instance type's: it still conflicts.
        pytest.param({"hostDevices": HOST_DEVICES}, {"domain": {"devices": {"hostDevices": HOST_DEVICES}}},
                     ["spec.template.spec.domain.devices.hostDevices"], "domain.devices.hostDevices", HOST_DEVICES,
                     id="should detect HostDevice conflict"),
    ],
)
def test_instancetype_spec_host_devices(
    it_spec: dict, vmi_spec: dict, expected_conflicts: list[str], field: str, expected_value: object
) -> None:
    spec = copy.deepcopy(vmi_spec)
    conflicts = apply_to_vmi(BASE_PATH, copy.deepcopy(it_spec), None, spec, {"name": "testvmi"})
    assert conflicts == [Conflict.from_path(path) for path in expected_conflicts]
    assert field_of(spec, field) == expected_value
