"""The DataVolume mutating webhook on CREATE (``datavolume-mutate.cdi.kubevirt.io``).

Mirrors ``pkg/apiserver/webhooks/datavolume-mutate.go`` (CDI v1.64.0), ``dataVolumeMutatingWebhook.Admit``,
in its order:

1. ``json.Unmarshal`` into the typed DataVolume: Go's error, a bare message (``decode_error`` is
   what the chain found, krmfn.cdi.apiserver.cdi_schema.json_unmarshal_error);
2. a DataVolume marked for deletion (``metadata.deletionTimestamp``) is let through untouched;
3. ``AuthorizeUser`` (``krmfn.cdi.api.core.v1beta1.authorize``): its error is a bare message (a
   ``sourceRef`` DataSource that does not exist: ``datasources.cdi.kubevirt.io "<name>" not
   found``); a creator who may not clone is rejected with the reason on ``spec.source.PVC.namespace``;
4. on a clone, CDI adds a signed, expiring clone token annotation (``cdi.kubevirt.io/storage.clone.token``);
   no later stage reads it, and krmfn does not forge one.

The answers are stage ``mutating-webhook/datavolume-mutator`` (``STAGE_DATAVOLUME_MUTATOR``).
UPDATE is not ported.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.cdi.api.core.v1beta1.authorize import NO_TOKEN_OKAY, authorize_user
from krmfn.cdi.api.core.v1beta1.authorize_utils import DataSourceGetter
from krmfn.cdi.apiserver.webhooks.handler import to_admission_response_error, to_rejected_admission_response
from krmfn.cdi.apiserver.webhooks.util import invalid
from krmfn.kubevirt.util.webhooks import STAGE_DATAVOLUME_MUTATOR, Admission, allow

AUTHORIZATION_FIELD = "spec.source.PVC.namespace"


def mutate_data_volume_create(data_volume: dict, request_namespace: str, get_data_source: DataSourceGetter,
                              decode_error: tuple[str, str] | None = None,
                              namespace_exists: Callable[[str], bool] = lambda namespace: True,
                              user: str = "", authorized: bool = True) -> Admission:
    """``dataVolumeMutatingWebhook.Admit`` for a CREATE: the verdict (the DataVolume goes on
    unchanged when allowed). ``decode_error``: Go's decoding error and the field it names."""
    if decode_error is not None:
        return to_admission_response_error(STAGE_DATAVOLUME_MUTATOR, *decode_error)
    metadata = data_volume.get("metadata")
    if isinstance(metadata, dict) and metadata.get("deletionTimestamp") is not None:
        return allow()
    response = authorize_user(data_volume, request_namespace, get_data_source, namespace_exists, user, authorized)
    if response.error and response.error != NO_TOKEN_OKAY:
        return to_admission_response_error(STAGE_DATAVOLUME_MUTATOR, response.error)
    if not response.allowed:
        return to_rejected_admission_response(STAGE_DATAVOLUME_MUTATOR,
                                              [invalid(AUTHORIZATION_FIELD, response.reason)])
    return allow()
