"""Cases of KubeVirt's `pkg/instancetype/apply/iothreads_test.go` (d923fdb8), ported: every It and Entry of
"instancetype.spec.ioThreads", run through
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
IT_SPEC = {"ioThreads": {"supplementalPoolThreadCount": 4}}  # expectedThreadCount
USER_PROVIDED = {"supplementalPoolThreadCount": 6}  # userProvidedThreadCount


def field_of(spec: dict, path: str) -> Any:
    """The value at a dotted path of the VMI spec (KeyError when absent)."""
    value: Any = spec
    for name in path.split("."):
        value = value[name]
    return value


@pytest.mark.parametrize(
    ("it_spec", "vmi_spec", "expected_conflicts", "field", "expected_value"),
    [
        pytest.param(IT_SPEC, {"domain": {}}, [], "domain.ioThreads", {"supplementalPoolThreadCount": 4},
                     id="should apply SupplementalPoolThreadCount when IOThreads nil within VMI"),
        pytest.param(IT_SPEC, {"domain": {"ioThreads": {}}}, [], "domain.ioThreads", {"supplementalPoolThreadCount": 4},
                     id="should apply SupplementalPoolThreadCount when SupplementalPoolThreadCount nil within VMI"),
        pytest.param(IT_SPEC, {"domain": {"ioThreads": USER_PROVIDED}},
                     ["spec.template.spec.domain.ioThreads.supplementalPoolThreadCount"],
                     "domain.ioThreads", USER_PROVIDED,
                     id="should not apply SupplementalPoolThreadCount when it is provided within VMI"),
    ],
)
def test_instancetype_spec_io_threads(
    it_spec: dict, vmi_spec: dict, expected_conflicts: list[str], field: str, expected_value: object
) -> None:
    spec = copy.deepcopy(vmi_spec)
    conflicts = apply_to_vmi(BASE_PATH, copy.deepcopy(it_spec), None, spec, {"name": "testvmi"})
    assert conflicts == [Conflict.from_path(path) for path in expected_conflicts]
    assert field_of(spec, field) == expected_value
