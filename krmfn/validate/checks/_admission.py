"""Shared by the checks that report KubeVirt's admission verdicts: stage → findings."""
from __future__ import annotations

from typing import Callable, Iterable

from krmfn.findings import ERROR, Finding
from krmfn.validate.checks.kubevirt_crash import is_crash
from krmfn.validate.context import Context


def rejections(ctx: Context, check: str, accepts: Callable[[int, str], bool]) -> Iterable[Finding]:
    """One error per cause of every object whose rejecting stage this check owns."""
    for index, verdict in enumerate(ctx.admissions):
        if verdict is None or verdict.allowed or not accepts(index, verdict.stage or ""):
            continue
        for cause in verdict.causes or []:
            if not is_crash(cause.message):  # reported by the kubevirt-crash check
                yield Finding(ERROR, cause.message, item=index, path=cause.field or None, check=check)
