"""``krmfn.model.clusterfile``: the value of ``clusterConfig`` once a file is read."""
from __future__ import annotations

from krmfn.model.clusterfile import ClusterConfigFile, is_path


def test_is_path() -> None:
    assert is_path("cluster.yaml") and is_path("./auto")
    assert not is_path("auto") and not is_path("none") and not is_path(None)
    assert not is_path(ClusterConfigFile("cluster.yaml", ()))
