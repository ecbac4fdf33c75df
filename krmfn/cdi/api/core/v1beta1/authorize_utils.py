"""Which clone a DataVolume is and whether its creator may read the source
(``staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/authorize_utils.go``,
CDI v1.64.0): ``newCloneSourceHandler``, ``CanUserClonePVC``, ``CanUserCloneSnapshot``,
``sendSubjectAccessReviewsPvc``, ``sendSubjectAccessReviewsSnapshot``.

A DataVolume clones a PVC or a snapshot through ``spec.source.pvc`` / ``spec.source.snapshot``, or
through ``spec.sourceRef`` to a DataSource, which is looked up (``DataSourceGetter``): its
``spec.source.pvc`` / ``snapshot``, or for a DataSource that points to another DataSource, its
``status.source``. A clone within one namespace needs no authorization; across namespaces CDI asks
the API server with SubjectAccessReviews, which a bundle cannot answer: ``authorized`` is that
answer (docs/cdi.md#what-krmfn-assumes: the creator may clone).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

DATA_VOLUME_DATA_SOURCE = "DataSource"
NO_CLONE = "noClone"
PVC_CLONE = "pvcClone"
SNAPSHOT_CLONE = "snapshotClone"
TOKEN_RESOURCE_PVC = "persistentvolumeclaims"
TOKEN_RESOURCE_SNAPSHOT = "snapshot.storage.k8s.io/volumesnapshots"
INSUFFICIENT_PERMISSIONS_FMT = "User {user} has insufficient permissions in clone source namespace {namespace}"


class GetError(NamedTuple):
    """A failed GET: the client's error text, and whether it is a NotFound."""

    message: str
    not_found: bool = False


# A GET of the DataSource (namespace, name): the object as stored, or why not.
DataSourceGetter = Callable[[str, str], dict | GetError]


class CloneSourceHandler(NamedTuple):
    """What is cloned (``clone_type``), from where, and the token's resource."""

    clone_type: str = NO_CLONE
    token_resource: str = ""
    source_name: str = ""
    source_namespace: str = ""


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _string(value: dict, key: str) -> str:
    found = value.get(key)
    return found if isinstance(found, str) else ""


def new_clone_source_handler(data_volume: dict, get_data_source: DataSourceGetter) -> CloneSourceHandler | GetError:
    """``newCloneSourceHandler``: the clone's source, after a GET of a ``sourceRef`` DataSource."""
    spec = _dict(data_volume.get("spec"))
    source = spec.get("source")
    pvc_source: dict | None = None
    snapshot_source: dict | None = None
    source_ref = _dict(spec.get("sourceRef"))
    if isinstance(source, dict):
        if source.get("pvc") is not None:
            pvc_source = _dict(source.get("pvc"))
        elif source.get("snapshot") is not None:
            snapshot_source = _dict(source.get("snapshot"))
    elif source is None and spec.get("sourceRef") is not None and source_ref.get("kind") == DATA_VOLUME_DATA_SOURCE:
        namespace = _string(_dict(data_volume.get("metadata")), "namespace")
        if _string(source_ref, "namespace"):
            namespace = _string(source_ref, "namespace")
        found = get_data_source(namespace, _string(source_ref, "name"))
        if isinstance(found, GetError):
            return found
        found_source = _dict(_dict(found.get("spec")).get("source"))
        if found_source.get("dataSource") is not None:
            found_source = _dict(_dict(found.get("status")).get("source"))
        pvc_source = _dict(found_source["pvc"]) if found_source.get("pvc") is not None else None
        snapshot_source = _dict(found_source["snapshot"]) if found_source.get("snapshot") is not None else None
    if pvc_source is not None:
        return CloneSourceHandler(PVC_CLONE, TOKEN_RESOURCE_PVC, _string(pvc_source, "name"),
                                  _string(pvc_source, "namespace"))
    if snapshot_source is not None:
        return CloneSourceHandler(SNAPSHOT_CLONE, TOKEN_RESOURCE_SNAPSHOT, _string(snapshot_source, "name"),
                                  _string(snapshot_source, "namespace"))
    return CloneSourceHandler()


def can_user_clone(source_namespace: str, target_namespace: str, user: str = "",
                   authorized: bool = True) -> tuple[bool, str]:
    """``CanUserClonePVC`` / ``CanUserCloneSnapshot``: (allowed, reason). The same namespace needs
    no review; otherwise ``authorized`` stands for the SubjectAccessReviews' answer (for a PVC: any
    of two allowed; for a snapshot: the explicit one, or both implicit ones)."""
    if source_namespace == target_namespace or authorized:
        return True, ""
    return False, INSUFFICIENT_PERMISSIONS_FMT.format(user=user, namespace=source_namespace)
