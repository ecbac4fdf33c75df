"""Shared by the checks: their claimed causes and failures (``Context.claims``) as findings."""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.validate.context import Context


def claimed_findings(ctx: Context, check: str, severity: str) -> Iterable[Finding]:
    """One finding per claim of ``check``, in item order (admission first, then expand)."""
    for claim in ctx.claimed_by(check):
        yield Finding(severity, claim.message, item=claim.item, path=claim.path, check=check)
