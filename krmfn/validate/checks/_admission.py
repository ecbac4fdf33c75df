"""Shared by the checks that report KubeVirt's admission verdicts: stage → findings."""
from __future__ import annotations

import re
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
                yield Finding(ERROR, cause.message, item=index, path=cause.field or path_in(cause.message), check=check)


# KubeVirt's bare messages (webhook schema gates, Go decoding) have no cause field, but name one.
_MESSAGE_PATHS = (
    re.compile(r"^([\w.\[\]/-]+) in body "),  # kube-openapi: spec.template in body must be of type object
    re.compile(r"into Go struct field \w+\.([\w.\[\]/-]+) of type "),  # json: cannot unmarshal number -1 ...
)


def path_in(message: str) -> str | None:
    """The field path a bare admission message names, if it names one."""
    for pattern in _MESSAGE_PATHS:
        match = pattern.search(message)
        if match:
            return match.group(1)
    return None
