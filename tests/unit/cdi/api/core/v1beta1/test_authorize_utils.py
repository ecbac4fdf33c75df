"""``krmfn.cdi.api.core.v1beta1.authorize_utils``: the clone source and its authorization."""
from __future__ import annotations

from krmfn.cdi.api.core.v1beta1.authorize_utils import (
    NO_CLONE,
    PVC_CLONE,
    SNAPSHOT_CLONE,
    CloneSourceHandler,
    GetError,
    can_user_clone,
    new_clone_source_handler,
)

MISSING = GetError('datasources.cdi.kubevirt.io "ds" not found', not_found=True)


def dv(spec: dict, namespace: str = "lab") -> dict:
    return {"metadata": {"name": "dv", "namespace": namespace}, "spec": spec}


def never(namespace: str, name: str) -> GetError:
    raise AssertionError("no GET expected")


def test_sources_without_a_clone() -> None:
    assert new_clone_source_handler(dv({"source": {"http": {"url": "x"}}}), never) == CloneSourceHandler()
    assert new_clone_source_handler(dv({"sourceRef": {"kind": "Other", "name": "x"}}), never).clone_type == NO_CLONE


def test_a_pvc_or_snapshot_source() -> None:
    pvc = new_clone_source_handler(dv({"source": {"pvc": {"namespace": "src", "name": "disk"}}}), never)
    assert pvc == CloneSourceHandler(PVC_CLONE, "persistentvolumeclaims", "disk", "src")
    snapshot = new_clone_source_handler(dv({"source": {"snapshot": {"namespace": "", "name": "snap"}}}), never)
    assert (snapshot.clone_type, snapshot.source_name, snapshot.source_namespace) == (SNAPSHOT_CLONE, "snap", "")


def test_a_source_ref_is_looked_up_in_its_namespace_or_the_data_volumes() -> None:
    asked = []

    def get(namespace: str, name: str) -> dict | GetError:
        asked.append((namespace, name))
        return {"spec": {"source": {"snapshot": {"namespace": "images", "name": "fedora"}}}}

    handler = new_clone_source_handler(dv({"sourceRef": {"kind": "DataSource", "name": "ds"}}), get)
    assert handler.clone_type == SNAPSHOT_CLONE
    new_clone_source_handler(dv({"sourceRef": {"kind": "DataSource", "name": "ds", "namespace": "images"}}), get)
    assert asked == [("lab", "ds"), ("images", "ds")]


def test_a_data_source_pointing_to_another_clones_its_status_source() -> None:
    found = {"spec": {"source": {"pvc": {"name": "ignored", "namespace": "x"},
                                 "dataSource": {"name": "inner", "namespace": "lab"}}},
             "status": {"source": {"pvc": {"name": "disk", "namespace": "lab"}}}}
    handler = new_clone_source_handler(dv({"sourceRef": {"kind": "DataSource", "name": "ds"}}), lambda ns, n: found)
    assert (handler.clone_type, handler.source_name) == (PVC_CLONE, "disk")
    without_status = {"spec": {"source": {"dataSource": {"name": "inner", "namespace": "lab"}}}}
    handler = new_clone_source_handler(dv({"sourceRef": {"kind": "DataSource", "name": "ds"}}),
                                       lambda ns, n: without_status)
    assert handler.clone_type == NO_CLONE


def test_a_missing_data_source_is_the_get_error() -> None:
    assert new_clone_source_handler(dv({"sourceRef": {"kind": "DataSource", "name": "ds"}}),
                                    lambda ns, n: MISSING) == MISSING


def test_can_user_clone() -> None:
    assert can_user_clone("lab", "lab", authorized=False) == (True, "")
    assert can_user_clone("images", "lab") == (True, "")
    assert can_user_clone("images", "lab", "alice", authorized=False) == (
        False, "User alice has insufficient permissions in clone source namespace images")
