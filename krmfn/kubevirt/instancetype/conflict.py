"""Instance type conflicts and their messages (docs/kubevirt/conflicts.md#conflicts-and-how-they-are-reported,
docs/kubevirt/messages.md#message-catalogue).

Mirrors ``pkg/instancetype/conflict/conflicts.go``: a conflict is a field path (a
``k8s.io/apimachinery`` ``field.Path``) and, rarely, its own message (``NewWithMessage``, used by
the spread divisibility check of docs/kubevirt/cpu-topology.md#divisibility-check and by krmfn's reports of instance
type values Go could never have decoded).

Message helpers:

* ``expand_error(conflicts)``: ``VM field(s) <p1>, <p2> conflicts with selected instance type``
  (expand, docs/kubevirt/conflicts.md#expand-format; also the controller's revision-storing error body).
* ``status_causes(conflicts)`` / ``webhook_message(conflicts)`` / ``webhook_denial(conflicts)``:
  the VM validating webhook (docs/kubevirt/conflicts.md#validating-webhook-format): one ``FieldValueInvalid`` cause
  per conflict, at most 10 causes, message joined with ``", "`` plus ``", and N more validation errors"``.
* ``vmi_controller_error`` / ``apply_to_vm_error``: the other callers of docs/kubevirt/conflicts.md#other-callers.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from krmfn.model.reasons import NO_REASONS
from krmfn.model.record import field, record

CONFLICTS_ERROR_FMT = "VM field(s) %s conflicts with selected instance type"
VM_CONFLICTS_FMT = "VM conflicts with instancetype spec in fields: [%s]"
VMI_CONFLICTS_FMT = "VMI conflicts with instancetype spec in fields: [%s]"
CAUSE_TYPE_FIELD_VALUE_INVALID = "FieldValueInvalid"
VALIDATING_WEBHOOK_NAME = "virtualmachine-validator.kubevirt.io"
WEBHOOK_DENIAL_FMT = 'admission webhook "%s" denied the request: %s'
MAX_WEBHOOK_CAUSES = 10

# basePath of docs/kubevirt/instancetype-apply.md#applytovmi: expand and the VM validating webhook; VMI creation and
# ApplyToVM use "spec".
VM_TEMPLATE_SPEC_PATH = "spec.template.spec"
VMI_SPEC_PATH = "spec"


@record(frozen=True)
class Conflict:
    """One conflicting field: ``path`` elements (``("spec", "template", "spec", "nodeSelector")``),
    an optional message that replaces the standard one, and the reasons krmfn knows beyond
    KubeVirt's answer (``krmfn.model.reasons``; not part of that answer, so not compared)."""

    path: tuple[str, ...]
    message: str = ""
    reasons: frozenset[str] = field(default=NO_REASONS, compare=False)

    @classmethod
    def new(cls, name: str, *more_names: str) -> Conflict:
        """``conflict.New(name, moreNames...)``."""
        return cls((name, *more_names))

    @classmethod
    def from_path(cls, path: str | Sequence[str]) -> Conflict:
        """A base conflict from a dotted string (``"spec.template.spec"``) or path elements."""
        if isinstance(path, str):
            return cls(tuple(path.split(".")) if path else ())
        return cls(tuple(path))

    @classmethod
    def with_message(cls, message: str, name: str, *more_names: str, reasons: frozenset[str] = NO_REASONS) -> Conflict:
        """``conflict.NewWithMessage(message, name, moreNames...)``."""
        return cls((name, *more_names), message, reasons)

    def child(self, name: str, *more_names: str) -> Conflict:
        """``Conflict.NewChild``: the path extended by more elements (the message is not kept)."""
        return Conflict((*self.path, name, *more_names))

    @property
    def dotted(self) -> str:
        """The path as ``field.Path.String()`` prints it."""
        return path_string(self.path)

    def error(self) -> str:
        """``Conflict.Error()``: the own message, or the standard single-path message."""
        return self.message or CONFLICTS_ERROR_FMT % self.dotted

    def status_cause(self) -> dict[str, str]:
        """``Conflict.StatusCause()`` as a plain dict (``type``, ``message``, ``field``)."""
        return {"type": CAUSE_TYPE_FIELD_VALUE_INVALID, "message": self.error(), "field": self.dotted}

    def __str__(self) -> str:
        return self.dotted


def path_string(elements: Iterable[str]) -> str:
    """``field.Path.String()``: names joined with ``.``; an empty name prints as ``[]``
    (Go treats it as an index subscript), without a separating dot."""
    text = ""
    for position, name in enumerate(elements):
        if name == "":
            text += "[]"
        elif position == 0:
            text += name
        else:
            text += "." + name
    return text


def join_paths(conflicts: Iterable[Conflict]) -> str:
    """``Conflicts.String()``: the dotted paths joined with ``", "``."""
    return ", ".join(conflict.dotted for conflict in conflicts)


def expand_error(conflicts: Sequence[Conflict]) -> str:
    """The expand error of docs/kubevirt/conflicts.md#expand-format (``Conflicts.Error()``).

    Go's ``Conflicts.Error()`` only prints paths. krmfn additionally puts the messages of
    message-bearing conflicts (values KubeVirt could never have decoded, or krmfn's report of a
    KubeVirt crash) first, joined with ``"; "``, so they are never silently reduced to a path.
    For every input KubeVirt can produce, the result is exactly Go's string.
    """
    own_messages = [conflict.message for conflict in conflicts if conflict.message]
    plain = [conflict for conflict in conflicts if not conflict.message]
    parts = list(own_messages)
    if plain or not parts:
        parts.append(CONFLICTS_ERROR_FMT % join_paths(plain))
    return "; ".join(parts)


def status_causes(conflicts: Iterable[Conflict]) -> list[dict[str, str]]:
    """``Conflicts.StatusCauses()``: one cause per conflict, in order (not yet capped)."""
    return [conflict.status_cause() for conflict in conflicts]


def webhook_causes(conflicts: Sequence[Conflict]) -> list[dict[str, str]]:
    """The causes the admission response lists: the first 10."""
    return status_causes(conflicts)[:MAX_WEBHOOK_CAUSES]


def webhook_message(conflicts: Sequence[Conflict]) -> str:
    """The admission response message: first 10 cause messages joined with ``", "``, then
    ``", and N more validation errors"`` when there are more (golden ``conflicts/everything``)."""
    messages = [cause["message"] for cause in status_causes(conflicts)]
    text = ", ".join(messages[:MAX_WEBHOOK_CAUSES])
    hidden = len(messages) - MAX_WEBHOOK_CAUSES
    if hidden > 0:
        text += f", and {hidden} more validation errors"
    return text


def webhook_denial(conflicts: Sequence[Conflict], webhook: str = VALIDATING_WEBHOOK_NAME) -> str:
    """What the API server prints: ``admission webhook "<name>" denied the request: <message>``."""
    return WEBHOOK_DENIAL_FMT % (webhook, webhook_message(conflicts))


def vmi_controller_error(conflicts: Sequence[Conflict]) -> str:
    """The VM controller's error when creating a VMI (docs/kubevirt/conflicts.md#other-callers; paths based at
    ``spec``)."""
    return VMI_CONFLICTS_FMT % join_paths(conflicts)


def apply_to_vm_error(conflicts: Sequence[Conflict]) -> str:
    """The controller ``ApplyToVM`` error (docs/kubevirt/conflicts.md#other-callers; paths based at ``spec``)."""
    return VM_CONFLICTS_FMT % join_paths(conflicts)
