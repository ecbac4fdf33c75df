"""krmfn.model.krm: KRM annotation names and metadata helpers."""
from __future__ import annotations

from krmfn.model import krm


def test_metadata_helpers_tolerate_any_shape() -> None:
    item = {"metadata": {"labels": {"a": "1"}, "annotations": {"b": "2"}}}
    assert (krm.metadata_of(item), krm.labels_of(item), krm.annotations_of(item)) == (
        item["metadata"], {"a": "1"}, {"b": "2"})
    for broken in (None, [], {"metadata": []}, {"metadata": {"labels": [], "annotations": "x"}}):
        assert (krm.labels_of(broken), krm.annotations_of(broken)) == ({}, {})


def test_local_config() -> None:
    assert krm.is_local_config({"metadata": {"annotations": {krm.LOCAL_CONFIG_ANNOTATION: "true"}}})
    assert krm.is_local_config({"metadata": {"annotations": {krm.LOCAL_CONFIG_ANNOTATION: True}}})
    assert not krm.is_local_config({"metadata": {"annotations": {krm.LOCAL_CONFIG_ANNOTATION: "false"}}})
    assert not krm.is_local_config({})


def test_without_orchestrator_annotations() -> None:
    item = {"kind": "X", "metadata": {"name": "a", "annotations": {
        krm.PATH_ANNOTATION: "a.yaml", krm.INTERNAL_INDEX_ANNOTATION: "0", "team": "x"}}}
    assert krm.without_orchestrator_annotations(item) == {"kind": "X", "metadata": {"name": "a",
                                                                                    "annotations": {"team": "x"}}}
    only = {"metadata": {"name": "a", "annotations": {krm.INTERNAL_PATH_ANNOTATION: "a.yaml"}}}
    assert krm.without_orchestrator_annotations(only) == {"metadata": {"name": "a"}}
    assert krm.without_orchestrator_annotations({"metadata": {}}) == {"metadata": {}}
