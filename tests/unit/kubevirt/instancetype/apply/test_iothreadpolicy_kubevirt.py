"""Cases of KubeVirt's `pkg/instancetype/apply/iothreadpolicy_test.go` (d923fdb8), ported: every It of
"instancetype.Spec.ioThreadsPolicy", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` as the Go test runs ``ApplyToVMI`` (no preference). krmfn mirrors
``iothreadpolicy.go`` in ``krmfn.kubevirt.instancetype.apply.iothreads``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE_PATH = "spec.template.spec"
IT_SPEC = {"ioThreadsPolicy": "shared"}  # virtv1.IOThreadsPolicyShared


def field_of(spec: dict, path: str) -> Any:
    """The value at a dotted path of the VMI spec (KeyError when absent)."""
    value: Any = spec
    for name in path.split("."):
        value = value[name]
    return value


@pytest.mark.parametrize(
    ("it_spec", "vmi_spec", "expected_conflicts", "field", "expected_value"),
    [
        pytest.param(IT_SPEC, {"domain": {}}, [], "domain.ioThreadsPolicy", "shared", id="should apply to VMI"),
        pytest.param(IT_SPEC, {"domain": {"ioThreadsPolicy": "shared"}}, ["spec.template.spec.domain.ioThreadsPolicy"],
                     "domain.ioThreadsPolicy", "shared", id="should detect IOThreadsPolicy conflict"),
    ],
)
def test_instancetype_spec_io_threads_policy(
    it_spec: dict, vmi_spec: dict, expected_conflicts: list[str], field: str, expected_value: object
) -> None:
    spec = copy.deepcopy(vmi_spec)
    conflicts = apply_to_vmi(BASE_PATH, copy.deepcopy(it_spec), None, spec, {"name": "testvmi"})
    assert conflicts == [Conflict.from_path(path) for path in expected_conflicts]
    assert field_of(spec, field) == expected_value
