"""Parity: every object of the rendered upstream bundles of each embedded release (v1.5.1, v1.6.0,
v1.7.0) equals the catalog's, field for field, the release's ``common-instancetypes-version``
label included (docs/common-instancetypes.md#release-version-label).

Skips when ../shared (the rendered kustomize output, never copied into the project) is absent.
Values are compared as JSON text, so a bool never passes for an int nor a number for a string.
The v1.5.1 and v1.6.0 renderings carry the label (an overlay adds it, see their README); for
v1.7.0 the release bundles (``versioned/``) do, the plain kustomize build (the unversioned files)
does not.
"""
from __future__ import annotations

import json
import os
from typing import Any

import pytest
import yaml

from krmfn import catalog
from tests.conftest import SHARED, requires_shared

DATA = os.path.join(SHARED, "data", "common-instancetypes")
V1_7_0 = os.path.join(DATA, "v1.7.0")
VERSION_LABEL = "instancetype.kubevirt.io/common-instancetypes-version"

pytestmark = requires_shared(V1_7_0)

# (version, instance types, preferences) per embedded release.
RELEASES = [("v1.5.1", 55, 54), ("v1.6.0", 65, 54), ("v1.7.0", 65, 54)]
BUNDLES = [
    (version, filename, kind, build, count)
    for version, instancetypes, preferences in RELEASES
    for filename, kind, build, count in [
        ("cluster-instancetypes.yaml", "VirtualMachineClusterInstancetype", catalog.instancetypes, instancetypes),
        ("instancetypes.yaml", "VirtualMachineInstancetype", catalog.instancetypes, instancetypes),
        ("cluster-preferences.yaml", "VirtualMachineClusterPreference", catalog.preferences, preferences),
        ("preferences.yaml", "VirtualMachinePreference", catalog.preferences, preferences),
    ]
]
BUNDLE_IDS = [f"{b[0]}/{b[1]}" for b in BUNDLES]


# The release bundle (``versioned/common-<name>-bundle-<tag>.yaml``) each rendered file is.
RELEASE_BUNDLES = {
    "all.yaml": "instancetypes-all", "cluster-instancetypes.yaml": "clusterinstancetypes",
    "instancetypes.yaml": "instancetypes", "cluster-preferences.yaml": "clusterpreferences",
    "preferences.yaml": "preferences",
}


def _load(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as stream:
        return [doc for doc in yaml.safe_load_all(stream) if doc is not None]


def _release(version: str, filename: str) -> list[dict[str, Any]]:
    """The objects of ``filename`` as the release ships them: with the version label."""
    path = os.path.join(DATA, version, filename)
    if version == "v1.7.0":
        path = os.path.join(V1_7_0, "versioned", f"common-{RELEASE_BUNDLES[filename]}-bundle-v1.7.0.yaml")
    docs = _load(path)
    assert {doc["metadata"]["labels"][VERSION_LABEL] for doc in docs} == {version}
    return docs


def _without_version_label(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for obj in objects:
        del obj["metadata"]["labels"][VERSION_LABEL]
    return objects


def _strict(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def _by_name(objects: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {obj["metadata"]["name"]: obj for obj in objects}


@pytest.mark.parametrize("version,filename,kind,build,count", BUNDLES, ids=BUNDLE_IDS)
def test_every_upstream_object_equals_the_catalog(version: str, filename: str, kind: str, build: Any,
                                                  count: int) -> None:
    upstream = _release(version, filename)
    ours = build(version, kind)
    assert len(upstream) == len(ours) == count
    assert {obj["kind"] for obj in upstream} == {kind}
    upstream_by_name, ours_by_name = _by_name(upstream), _by_name(ours)
    assert sorted(upstream_by_name) == sorted(ours_by_name)
    mismatched = [name for name in upstream_by_name if _strict(upstream_by_name[name]) != _strict(ours_by_name[name])]
    assert mismatched == []


@pytest.mark.parametrize("version,filename,kind,build,count", BUNDLES, ids=BUNDLE_IDS)
def test_catalog_order_is_kustomize_order(version: str, filename: str, kind: str, build: Any, count: int) -> None:
    upstream_names = [obj["metadata"]["name"] for obj in _release(version, filename)]
    assert [obj["metadata"]["name"] for obj in build(version, kind)] == upstream_names


@pytest.mark.parametrize("version,total", [("v1.5.1", 218), ("v1.6.0", 238), ("v1.7.0", 238)])
def test_all_yaml_is_the_four_kinds(version: str, total: int) -> None:
    upstream = _release(version, "all.yaml")
    ours = [obj for known, _, kind, build, _ in BUNDLES if known == version for obj in build(version, kind)]
    key = lambda obj: (obj["kind"], obj["metadata"]["name"])  # noqa: E731
    assert len(upstream) == total
    assert sorted(map(_strict, sorted(upstream, key=key))) == sorted(map(_strict, sorted(ours, key=key)))


def test_the_kustomize_build_lacks_only_the_version_label() -> None:
    """v1.7.0's unversioned files (``kubectl kustomize`` of the tree): the release's objects without the
    label the release step adds."""
    for filename, kind, build in [
        ("cluster-instancetypes.yaml", "VirtualMachineClusterInstancetype", catalog.instancetypes),
        ("cluster-preferences.yaml", "VirtualMachineClusterPreference", catalog.preferences),
    ]:
        upstream = _load(os.path.join(V1_7_0, filename))
        assert all(VERSION_LABEL not in obj["metadata"]["labels"] for obj in upstream)
        ours = _without_version_label(build("v1.7.0", kind))
        assert [_strict(obj) for obj in upstream] == [_strict(obj) for obj in ours]


@pytest.mark.skipif(not os.path.isdir(os.path.join(DATA, "HEAD")), reason="HEAD rendering absent")
def test_head_instancetypes_are_unchanged_since_v1_7_0() -> None:
    """The README says the instance types are identical in both refs; the catalog serves both."""
    upstream = _load(os.path.join(DATA, "HEAD", "cluster-instancetypes.yaml"))
    ours = _without_version_label(catalog.instancetypes("v1.7.0"))
    assert [_strict(obj) for obj in upstream] == [_strict(obj) for obj in ours]
