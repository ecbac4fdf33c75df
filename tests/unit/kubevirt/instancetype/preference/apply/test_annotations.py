"""Tests for krmfn.kubevirt.instancetype.preference.apply.annotations (KubeVirt annotations.go;
docs/kubevirt/preference-apply.md#other-top-level-fields)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.preference.apply.annotations import apply_preference_annotations


def test_adds_missing_keys() -> None:
    m: dict = {}
    apply_preference_annotations({"os": "fedora", "tier": "silver"}, m)
    assert m == {"annotations": {"os": "fedora", "tier": "silver"}}


def test_never_overwrites_existing_keys() -> None:
    m = {"annotations": {"tier": "gold"}, "labels": {"a": "b"}}
    apply_preference_annotations({"os": "fedora", "tier": "silver"}, m)
    assert m == {"annotations": {"tier": "gold", "os": "fedora"}, "labels": {"a": "b"}}


def test_existing_key_with_empty_value_is_kept() -> None:
    m = {"annotations": {"os": ""}}
    apply_preference_annotations({"os": "fedora"}, m)
    assert m == {"annotations": {"os": ""}}


def test_nothing_to_add_leaves_metadata_untouched() -> None:
    m: dict = {}
    apply_preference_annotations(None, m)
    apply_preference_annotations({}, m)
    assert m == {}


def test_null_annotations_are_replaced() -> None:
    m: dict = {"annotations": None}
    apply_preference_annotations({"os": "fedora"}, m)
    assert m == {"annotations": {"os": "fedora"}}
