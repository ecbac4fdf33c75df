"""The API server's part of a CREATE of CDI's custom resources that is not the schema (no CDI
file: generic Kubernetes behaviour, as ``krmfn.kubevirt.storage.admitters.crd_create`` for
KubeVirt's):

* before admission the API server sets the request namespace on an object without one
  (``in_namespace``); a kind with a status subresource (DataVolume) also loses ``status`` before
  the schema check and the validating webhook (``krmfn.kubevirt.storage.admitters.crd_create.as_stored``);
* a webhook's GET through client-go refuses a namespace or a name that cannot be a path segment
  (``get_error``: client-go's ``Request.Namespace`` and ``Request.Name``).
"""
from __future__ import annotations

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.util.webhooks import go_quote


def in_namespace(obj: dict, namespace: str) -> dict:
    """``obj`` in its effective namespace (a shallow copy; ``obj`` is untouched)."""
    metadata = obj.get("metadata")
    if not isinstance(metadata, dict):
        return obj
    return {**obj, "metadata": {**metadata, "namespace": bundles.object_namespace(obj, namespace)}}


def _path_segment_problems(text: str) -> list[str]:
    """``IsValidPathSegmentName``."""
    if text in (".", ".."):
        return [f"may not be '{text}'"]
    return [f"may not contain '{char}'" for char in ("/", "%") if char in text]


def get_error(namespace: str, name: str) -> str | None:
    """Why client-go refuses to GET ``name`` in ``namespace``, or None."""
    problems = _path_segment_problems(namespace)
    if problems:
        return f"invalid namespace {go_quote(namespace)}: [{' '.join(problems)}]"
    return bundles.request_name_error(name)
