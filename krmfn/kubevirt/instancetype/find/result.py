"""Errors as values for the engine (find, compatibility, infer, expand).

KubeVirt returns Go errors; the engine returns a `Failure` carrying KubeVirt's exact message, the
most precise field path of the VM it is about, and a stable check id for the KRM results.
"""
from __future__ import annotations


from krmfn.model.reasons import NO_REASONS
from krmfn.model.record import field, record


@record(frozen=True)
class Failure:
    """One KubeVirt error: `message` is verbatim, `path` is a dotted path in the VM, `check` the
    inline result's ID; `reasons` (``krmfn.model.reasons``) say what krmfn knows beyond KubeVirt's
    answer (KubeVirt crashes here; a v1beta2 rule), for validate to decide which check reports it."""

    message: str
    path: str | None = None
    check: str | None = None
    reasons: frozenset[str] = field(default=NO_REASONS, compare=False)
    # What the same step meets once this failure is fixed, each with the message KubeVirt gives
    # then (a missing preference behind a missing instance type); KubeVirt answers with the first.
    later: tuple[Failure, ...] = field(default=(), compare=False)

    def at(self, path: str | None = None, check: str | None = None) -> Failure:
        """The same message re-attributed (the caller knows the precise path / check better)."""
        return Failure(self.message, path or self.path, check or self.check, self.reasons, self.later)

    def every(self) -> tuple[Failure, ...]:
        """This failure, then those met once it is fixed."""
        return (self, *self.later)
