"""Cases of KubeVirt's `pkg/instancetype/apply/nodeselector_test.go` (d923fdb8), ported: every It of
"instancetype.spec.NodeSelector", run through
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
SELECTOR = {"key": "value"}


def field_of(spec: dict, path: str) -> Any:
    """The value at a dotted path of the VMI spec (KeyError when absent)."""
    value: Any = spec
    for name in path.split("."):
        value = value[name]
    return value


@pytest.mark.parametrize(
    ("it_spec", "vmi_spec", "expected_conflicts", "field", "expected_value"),
    [
        pytest.param({"nodeSelector": SELECTOR}, {"domain": {}}, [], "nodeSelector", SELECTOR,
                     id="should apply to VMI"),
        pytest.param({}, {"domain": {}, "nodeSelector": SELECTOR}, [], "nodeSelector", SELECTOR,
                     id="should be no-op if vmi NodeSelector is already set but instancetype NodeSelector is empty"),
        pytest.param({"nodeSelector": SELECTOR}, {"domain": {}, "nodeSelector": SELECTOR},
                     ["spec.template.spec.nodeSelector"], "nodeSelector", SELECTOR,
                     id="should return a conflict if vmi NodeSelector is set and instancetype NodeSelector is defined"),
    ],
)
def test_instancetype_spec_node_selector(
    it_spec: dict, vmi_spec: dict, expected_conflicts: list[str], field: str, expected_value: object
) -> None:
    spec = copy.deepcopy(vmi_spec)
    conflicts = apply_to_vmi(BASE_PATH, copy.deepcopy(it_spec), None, spec, {"name": "testvmi"})
    assert conflicts == [Conflict.from_path(path) for path in expected_conflicts]
    assert field_of(spec, field) == expected_value
