"""``(*DataVolume).AuthorizeUser`` of
``staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/authorize.go``
(CDI v1.64.0): whether the creator of a DataVolume may clone its source, for the DataVolume
mutating webhook (``krmfn.cdi.apiserver.webhooks.datavolume_mutate``).

In its order: the clone source (``krmfn.cdi.api.core.v1beta1.authorize_utils``; a missing
DataSource is an error, unless the DataVolume is pre-populated or checks for a static volume:
``AnnPrePopulated``, ``AnnCheckStaticVolume``, whatever their values), no clone (allowed, no token),
the source namespace's existence (``namespace_exists``: a bundle cannot tell, docs/cdi.md#what-krmfn-assumes),
then the creator's authorization. Every "allowed without a token" outcome is ``NO_TOKEN_OKAY``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from krmfn.cdi.api.core.v1beta1.authorize_utils import (
    NO_CLONE,
    CloneSourceHandler,
    DataSourceGetter,
    GetError,
    can_user_clone,
    new_clone_source_handler,
)

ANN_PRE_POPULATED = "cdi.kubevirt.io/storage.prePopulated"
ANN_CHECK_STATIC_VOLUME = "cdi.kubevirt.io/storage.checkStaticVolume"
NO_TOKEN_OKAY = "proceeding without token is okay under the circumstances"  # ErrNoTokenOkay
NAMESPACE_NOT_FOUND_FMT = 'namespaces "{}" not found'


class CloneAuthResponse(NamedTuple):
    """``CloneAuthResponse`` with ``AuthorizeUser``'s error: ``error`` is ``NO_TOKEN_OKAY`` when
    the DataVolume may go on without a clone token, another text when the webhook fails."""

    allowed: bool
    reason: str = ""
    handler: CloneSourceHandler = CloneSourceHandler()
    error: str = ""


def _annotations(data_volume: dict) -> dict:
    metadata = data_volume.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    return annotations if isinstance(annotations, dict) else {}


def _namespace_of(data_volume: dict, request_namespace: str) -> str:
    metadata = data_volume.get("metadata")
    namespace = metadata.get("namespace") if isinstance(metadata, dict) else None
    return namespace if isinstance(namespace, str) and namespace else request_namespace


def authorize_user(data_volume: dict, request_namespace: str, get_data_source: DataSourceGetter,
                   namespace_exists: Callable[[str], bool] = lambda namespace: True,
                   user: str = "", authorized: bool = True) -> CloneAuthResponse:
    """``AuthorizeUser``; ``user`` and ``authorized`` stand for the request's user and the
    SubjectAccessReviews' answer."""
    annotations = _annotations(data_volume)
    no_token_okay = ANN_PRE_POPULATED in annotations or ANN_CHECK_STATIC_VOLUME in annotations
    target_namespace = _namespace_of(data_volume, request_namespace)
    handler = new_clone_source_handler(data_volume, get_data_source)
    if isinstance(handler, GetError):
        if handler.not_found and no_token_okay:
            return CloneAuthResponse(True, error=NO_TOKEN_OKAY)
        return CloneAuthResponse(False, error=handler.message)
    if handler.clone_type == NO_CLONE:
        return CloneAuthResponse(True, handler=handler, error=NO_TOKEN_OKAY)
    source_namespace = handler.source_namespace or target_namespace
    if not namespace_exists(source_namespace):
        if no_token_okay:
            return CloneAuthResponse(True, handler=handler, error=NO_TOKEN_OKAY)
        return CloneAuthResponse(False, handler=handler, error=NAMESPACE_NOT_FOUND_FMT.format(source_namespace))
    allowed, reason = can_user_clone(source_namespace, target_namespace, user, authorized)
    if not allowed and no_token_okay:
        return CloneAuthResponse(True, handler=handler, error=NO_TOKEN_OKAY)
    return CloneAuthResponse(allowed, reason, handler)
