"""Errors as values for the engine (find, compatibility, infer, expand).

KubeVirt returns Go errors; the engine returns a `Failure` carrying KubeVirt's exact message, the
most precise field path of the VM it is about, and a stable check id for the KRM results.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Failure:
    """One KubeVirt error: `message` is verbatim, `path` is a dotted path in the VM."""

    message: str
    path: str | None = None
    check: str | None = None

    def at(self, path: str | None = None, check: str | None = None) -> "Failure":
        """The same message re-attributed (the caller knows the precise path / check better)."""
        return Failure(self.message, path or self.path, check or self.check)
