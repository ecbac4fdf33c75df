"""The VirtualMachineSnapshot validating webhook on CREATE
(``virtualmachinesnapshot-validator.snapshot.kubevirt.io``).

Mirrors ``pkg/storage/admitters/vmsnapshot.go``, ``VMSnapshotAdmitter.Admit`` (CREATE), in its
order:

1. the Snapshot feature gate (``SnapshotEnabled``): "snapshot feature gate not enabled", a bare
   message (``ToAdmissionResponseError``);
2. ``json.Unmarshal`` into the typed snapshot: a ``spec.failureDeadline`` Go cannot parse
   (``metav1.Duration``) is Go's error, a bare message;
3. the source (``source_causes``): ``spec.source.apiGroup`` missing ("missing apiGroup",
   FieldValueNotFound), other than ``kubevirt.io`` ("invalid apiGroup"), or ``kubevirt.io`` with a
   kind other than ``VirtualMachine`` ("invalid kind" on ``spec.source.kind``). The webhook does
   not look the source VM up: a snapshot of a VM that does not exist is admitted.

The source's name is the CRD's business (``spec.source.name: Required value``, stage
``kube-apiserver/crd-schema``). UPDATE (the spec is immutable) is not ported.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.duration import parse_duration_error
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_FOUND,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
    allow,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds

SNAPSHOT_GATE = "Snapshot"
SNAPSHOT_GATE_MESSAGE = "snapshot feature gate not enabled"
SOURCE_FIELD = "spec.source"


def spec_of(obj: dict) -> dict:
    spec = obj.get("spec")
    return spec if isinstance(spec, dict) else {}


def reference_of(spec: dict, key: str) -> dict:
    """A ``TypedLocalObjectReference`` of the spec (``{}``: Go's zero value)."""
    reference = spec.get(key)
    return reference if isinstance(reference, dict) else {}


def duration_decode_error(spec: dict, key: str) -> str | None:
    """Go's error decoding the ``metav1.Duration`` at ``spec.<key>``, or None."""
    value = spec.get(key)
    return parse_duration_error(value) if isinstance(value, str) else None


def source_causes(source: dict) -> list[Cause]:
    """The CREATE branch of ``Admit``: at most one cause, on the source's apiGroup or kind."""
    api_group = source.get("apiGroup")
    if api_group is None:
        return [Cause(f"{SOURCE_FIELD}.apiGroup", "missing apiGroup", CAUSE_FIELD_VALUE_NOT_FOUND)]
    if api_group != kinds.KUBEVIRT_GROUP:
        return [Cause(f"{SOURCE_FIELD}.apiGroup", "invalid apiGroup", CAUSE_FIELD_VALUE_INVALID)]
    if source.get("kind") != kinds.VIRTUAL_MACHINE:
        return [Cause(f"{SOURCE_FIELD}.kind", "invalid kind", CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_vm_snapshot_create(snapshot: dict, config: ClusterConfig) -> Admission:
    """``VMSnapshotAdmitter.Admit`` for a CREATE of ``snapshot`` (as the API server passes it)."""
    if not config.feature_gate_enabled(SNAPSHOT_GATE):
        return reject_message(STAGE_VALIDATING_WEBHOOK, SNAPSHOT_GATE_MESSAGE)
    spec = spec_of(snapshot)
    decode_error = duration_decode_error(spec, "failureDeadline")
    if decode_error is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_error, located="spec.failureDeadline")
    causes = source_causes(reference_of(spec, "source"))
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes) if causes else allow()
