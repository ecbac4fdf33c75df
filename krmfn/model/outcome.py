"""What a mode returns: the output values, where each came from (so that unchanged items are
written verbatim), which were changed, and the findings."""
from __future__ import annotations


from krmfn.model.findings import Finding
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


@record
class Outcome:
    items: list[Any]
    sources: list[int | None]  # input index of each output item; None for a new item
    changed: set[int] = field(default_factory=set)  # output positions whose value was changed
    findings: list[Finding] = field(default_factory=list)


def passthrough(values: list[Any]) -> Outcome:
    """Every item out unchanged, in order."""
    return Outcome(list(values), list(range(len(values))))
