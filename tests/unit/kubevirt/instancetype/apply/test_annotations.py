"""Instancetype.Spec.Annotations (KubeVirt pkg/instancetype/apply/annotations_test.go;
docs/kubevirt/instancetype-apply.md#annotations)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.apply.annotations import apply_instancetype_annotations

IT_ANNOTATIONS = {"annotation-1": "1", "annotation-2": "2"}


def test_should_apply_to_vmi() -> None:
    metadata: dict = {}
    assert apply_instancetype_annotations(IT_ANNOTATIONS, metadata) == []
    assert metadata == {"annotations": IT_ANNOTATIONS}


def test_should_not_detect_conflict_when_annotation_with_the_same_value_already_exists() -> None:
    metadata = {"annotations": {"annotation-1": "1", "vm-own": "x"}}
    assert apply_instancetype_annotations(IT_ANNOTATIONS, metadata) == []
    assert metadata == {"annotations": {"annotation-1": "1", "annotation-2": "2", "vm-own": "x"}}


def test_should_detect_conflict_when_annotation_with_different_value_already_exists() -> None:
    metadata = {"annotations": {"annotation-1": "conflict"}}
    conflicts = apply_instancetype_annotations(IT_ANNOTATIONS, metadata)
    assert [c.dotted for c in conflicts] == ["annotations.annotation-1"]
    assert conflicts[0].error() == "VM field(s) annotations.annotation-1 conflicts with selected instance type"


def test_several_conflicts_are_sorted_by_key() -> None:
    metadata = {"annotations": {"b": "x", "a": "x", "c.example.com/k": "x"}}
    conflicts = apply_instancetype_annotations({"c.example.com/k": "1", "b": "1", "a": "1"}, metadata)
    assert [c.dotted for c in conflicts] == ["annotations.a", "annotations.b", "annotations.c.example.com/k"]


def test_labels_are_untouched() -> None:
    metadata = {"labels": {"kubevirt.io/domain": "vm"}}
    apply_instancetype_annotations({"a": "b"}, metadata)
    assert metadata == {"labels": {"kubevirt.io/domain": "vm"}, "annotations": {"a": "b"}}


def test_nothing_to_add_creates_nothing() -> None:
    metadata: dict = {}
    assert apply_instancetype_annotations(None, metadata) == []
    assert apply_instancetype_annotations({}, metadata) == []
    assert metadata == {}


def test_null_vm_annotations() -> None:
    metadata: dict = {"annotations": None}
    apply_instancetype_annotations({"a": "b"}, metadata)
    assert metadata == {"annotations": {"a": "b"}}
