"""Finding the ControllerRevision a VM's matcher uses (docs/kubevirt/resolution.md#instance-type-resolution steps 2–3,
#namespaces).

Mirrors `pkg/instancetype/find/revision.go` and `pkg/instancetype/preference/find/revision.go`:
`matcher.revisionName` wins; otherwise the status ref's `controllerRevisionRef.name` is used, but
only when the revision is labelled `instancetype.kubevirt.io/object-name: <matcher.name>` (bug
#14595). Revisions are always looked up in the VM's namespace. A missing revision is an error,
never a fallback to the live object.
"""
from __future__ import annotations


from krmfn.kubevirt.bundle import Bundle, not_found_message, request_name_error
from krmfn.model.kinds import CONTROLLER_REVISION
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.model.record import record

OBJECT_NAME_LABEL = "instancetype.kubevirt.io/object-name"
CHECK_REVISION_NOT_FOUND = "revision-not-found"


@record(frozen=True)
class FoundRevision:
    """A revision to decode, and the VM field that pointed at it."""

    revision: dict
    path: str


def _str_field(obj: object, key: str) -> str:
    value = obj.get(key) if isinstance(obj, dict) else None
    return value if isinstance(value, str) else ""


def _status_revision_name(vm: dict, status_ref_key: str) -> str:
    status = vm.get("status")
    ref = status.get(status_ref_key) if isinstance(status, dict) else None
    return _str_field(ref.get("controllerRevisionRef") if isinstance(ref, dict) else None, "name")


def _labelled_for(revision: dict, name: str) -> bool:
    metadata = revision.get("metadata")
    labels = metadata.get("labels") if isinstance(metadata, dict) else None
    return isinstance(labels, dict) and OBJECT_NAME_LABEL in labels and labels[OBJECT_NAME_LABEL] == name


def _get_revision(bundle: Bundle, namespace: str, name: str, path: str) -> FoundRevision | Failure:
    refused = request_name_error(name)
    if refused is not None:
        return Failure(refused, path, CHECK_REVISION_NOT_FOUND)
    revision = bundle.get(CONTROLLER_REVISION, namespace, name)
    if revision is None:
        return Failure(not_found_message(CONTROLLER_REVISION, name), path, CHECK_REVISION_NOT_FOUND)
    return FoundRevision(revision, path)


def find_revision(
    vm: dict, matcher: dict, matcher_key: str, status_ref_key: str, bundle: Bundle, namespace: str
) -> FoundRevision | Failure | None:
    """The revision a matcher resolves through, a NotFound Failure, or None (use the live object).

    matcher_key is `instancetype` or `preference`; status_ref_key is `instancetypeRef` or
    `preferenceRef`.
    """
    revision_name = _str_field(matcher, "revisionName")
    if revision_name:
        return _get_revision(bundle, namespace, revision_name, f"spec.{matcher_key}.revisionName")

    status_name = _status_revision_name(vm, status_ref_key)
    if not status_name:
        return None
    found = _get_revision(bundle, namespace, status_name, f"status.{status_ref_key}.controllerRevisionRef.name")
    if isinstance(found, Failure) or _labelled_for(found.revision, _str_field(matcher, "name")):
        return found
    return None
