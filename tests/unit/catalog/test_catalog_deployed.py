"""Each target's embedded catalog equals what its virt-operator deploys, object for object.

virt-operator deploys the two cluster bundles it vendors under
``pkg/virt-operator/resource/generate/components/data/`` (``common-instancetypes/`` since v1.8):
the common-instancetypes release bundles ``hack/common-instancetypes/default.sh`` pins, each object
labelled ``instancetype.kubevirt.io/common-instancetypes-version: <release>``. KubeVirt v1.7.4 ships
v1.5.1, v1.8.4 v1.6.0, v1.9.0 and d923fdb8 v1.7.0 (the same two files at both).

../shared records d923fdb8's bundles as they are in KubeVirt's tree
(``realworld/kubevirt-kubevirt-cibundle``) and each release's rendered bundles
(``data/common-instancetypes/<release>``: the release assets for v1.7.0, byte-identical to the
bundles vendored at v1.9.0 and d923fdb8; v1.6.0 and v1.5.1 rendered with the release label, which
gives the objects KubeVirt v1.8.4 and v1.7.4 vendor). Skips where ../shared is absent. Values are
compared as JSON text, so a bool never passes for an int nor a number for a string.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
import yaml

from krmfn import catalog
from krmfn.model.kubevirt_version import VERSIONS, KubevirtVersion
from tests.conftest import shared_path

VERSION_LABEL = "instancetype.kubevirt.io/common-instancetypes-version"
CIBUNDLE = "realworld/kubevirt-kubevirt-cibundle"
VENDORED = "pkg/virt-operator/resource/generate/components/data/common-instancetypes"
RENDERED = "data/common-instancetypes"

# What each KubeVirt release krmfn targets deploys: the common-instancetypes release and where
# ../shared records its cluster instance type and cluster preference bundles.
DEPLOYED: dict[str, tuple[str, tuple[str, str]]] = {
    "v1.7.4": ("v1.5.1", (f"{RENDERED}/v1.5.1/cluster-instancetypes.yaml",
                          f"{RENDERED}/v1.5.1/cluster-preferences.yaml")),
    "v1.8.4": ("v1.6.0", (f"{RENDERED}/v1.6.0/cluster-instancetypes.yaml",
                          f"{RENDERED}/v1.6.0/cluster-preferences.yaml")),
    "v1.9.0": ("v1.7.0", (f"{RENDERED}/v1.7.0/versioned/common-clusterinstancetypes-bundle-v1.7.0.yaml",
                          f"{RENDERED}/v1.7.0/versioned/common-clusterpreferences-bundle-v1.7.0.yaml")),
    "d923fdb8": ("v1.7.0", (f"{CIBUNDLE}/{VENDORED}/common-clusterinstancetypes-bundle.yaml",
                            f"{CIBUNDLE}/{VENDORED}/common-clusterpreferences-bundle.yaml")),
}
TARGETS = sorted(VERSIONS.values(), key=lambda version: version.minor)


def _load(*parts: str) -> list[dict[str, Any]]:
    with open(shared_path(*parts), encoding="utf-8") as stream:
        return [doc for doc in yaml.safe_load_all(stream) if doc is not None]


def _strict(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


@pytest.mark.parametrize("target", TARGETS, ids=[version.name for version in TARGETS])
def test_every_deployed_object_equals_the_targets_catalog(target: KubevirtVersion) -> None:
    assert target.release in DEPLOYED, f"no recorded bundle for {target.release}"
    release, (instancetypes, preferences) = DEPLOYED[target.release]
    assert target.catalog == release
    for path, kind, ours in [
        (instancetypes, "VirtualMachineClusterInstancetype", catalog.instancetypes(release)),
        (preferences, "VirtualMachineClusterPreference", catalog.preferences(release)),
    ]:
        deployed = _load(path)
        assert {obj["kind"] for obj in deployed} == {kind}
        assert {obj["metadata"]["labels"][VERSION_LABEL] for obj in deployed} == {release}
        assert [obj["metadata"]["name"] for obj in ours] == [obj["metadata"]["name"] for obj in deployed]
        mismatched = [mine["metadata"]["name"] for mine, theirs in zip(ours, deployed, strict=True)
                      if _strict(mine) != _strict(theirs)]
        assert mismatched == []


def test_the_recorded_kubevirt_bundle_is_d923fdb8s() -> None:
    """The recorded bundle is the one vendored at the commit the table names; the release bundle
    labels it v1.7.0 last among each object's labels (``yq`` appends it), as the catalog does."""
    with open(shared_path(CIBUNDLE, "SOURCE.txt"), encoding="utf-8") as stream:
        source = yaml.safe_load(stream)
    assert source["commit"].startswith("d923fdb8")
    deployed = _load(CIBUNDLE, VENDORED, "common-clusterpreferences-bundle.yaml")
    ours = catalog.preferences("v1.7.0")
    assert {list(obj["metadata"]["labels"])[-1] for obj in deployed + ours} == {VERSION_LABEL}
