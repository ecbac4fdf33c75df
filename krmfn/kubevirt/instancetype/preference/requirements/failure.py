"""The outcome of a failed preference requirement (docs/kubevirt/requirements.md#where-requirements-are-checked,
docs/kubevirt/messages.md#message-catalogue).

KubeVirt's checkers return `(conflict.Conflicts, error)`; the VM validating webhook turns them into
one status cause `{type: FieldValueNotFound, field: <paths joined with ", ">, message:
"failure checking preference requirements: <error>"}`.
"""
from __future__ import annotations

from krmfn.model.record import record


MESSAGE_PREFIX = "failure checking preference requirements: "


@record(frozen=True)
class RequirementFailure:
    """paths: the conflict paths KubeVirt reports; error: the checker's inner error text."""

    paths: tuple[str, ...]
    error: str

    @property
    def field(self) -> str:
        """The status cause's field: every path, joined with ", " ("" when there is none)."""
        return ", ".join(self.paths)

    @property
    def message(self) -> str:
        """The status cause's message, exactly as the VM validating webhook reports it."""
        return MESSAGE_PREFIX + self.error
