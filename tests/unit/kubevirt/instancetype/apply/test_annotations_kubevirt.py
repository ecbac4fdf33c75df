"""Cases of KubeVirt's `pkg/instancetype/apply/annotations_test.go` (d923fdb8), ported: every It of
"Instancetype.Spec.Annotations", run through ``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi``
as the Go test runs ``ApplyToVMI`` (no preference).

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi
from krmfn.kubevirt.instancetype.conflict import Conflict

BASE_PATH = "spec.template.spec"
ANNOTATIONS = {"annotation-1": "1", "annotation-2": "2"}


@pytest.mark.parametrize(
    ("vmi_annotations", "expected_conflicts", "expected_annotations"),
    [
        pytest.param(None, [], ANNOTATIONS, id="should apply to VMI"),
        pytest.param(ANNOTATIONS, [], ANNOTATIONS,
                     id="should not detect conflict when annotation with the same value already exists"),
        # Annotation conflicts carry no base path; the Go test does not look at the annotations.
        pytest.param({"annotation-1": "conflict"}, ["annotations.annotation-1"], None,
                     id="should detect conflict when annotation with different value already exists"),
    ],
)
def test_instancetype_spec_annotations(
    vmi_annotations: dict | None, expected_conflicts: list[str], expected_annotations: dict | None
) -> None:
    spec: dict = {"domain": {}}
    metadata: dict = {"name": "testvmi"}
    if vmi_annotations is not None:
        metadata["annotations"] = copy.deepcopy(vmi_annotations)
    conflicts = apply_to_vmi(BASE_PATH, {"annotations": copy.deepcopy(ANNOTATIONS)}, None, spec, metadata)
    assert conflicts == [Conflict.from_path(path) for path in expected_conflicts]
    if expected_annotations is not None:
        assert metadata["annotations"] == expected_annotations
