"""Per-object suppression: an object annotated `krmfn.dev/ignore: conflict,deprecated` (check IDs,
comma-separated, or `all`) has those checks' findings about it kept but suppressed, with the reason
from `krmfn.dev/ignore-reason` recorded (as kube-linter's `ignore-check.kube-linter.io/<check>`).

A suppressed finding becomes `info`, with `tags.suppressed` (the reason, or the annotation's name
when none is given) and `tags.suppressedSeverity` (its severity before). Only findings about the
annotated object itself are suppressed: a VM's annotation does not reach its instance type's.
"""
from __future__ import annotations


from krmfn.model.findings import INFO, Finding
from krmfn.model.krm import IGNORE_ANNOTATION, IGNORE_REASON_ANNOTATION, annotations_of

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ALL = "all"


def ignored_checks(value: Any) -> list[str]:
    """The check IDs an object's `krmfn.dev/ignore` annotation names, in order."""
    raw = annotations_of(value).get(IGNORE_ANNOTATION)
    if not isinstance(raw, str):
        return []
    return [part.strip() for part in raw.split(",") if part.strip()]


def reason(value: Any) -> str:
    raw = annotations_of(value).get(IGNORE_REASON_ANNOTATION)
    return raw.strip() if isinstance(raw, str) and raw.strip() else IGNORE_ANNOTATION


def suppress(findings: list[Finding], values: list[Any]) -> None:
    """Suppress, in place, each finding whose object's annotation names its check (or `all`)."""
    for finding in findings:
        if finding.item is None or not 0 <= finding.item < len(values):
            continue
        value = values[finding.item]
        ignored = ignored_checks(value)
        if ALL in ignored or (finding.check is not None and finding.check in ignored):
            finding.tags = {**finding.tags, "suppressed": reason(value), "suppressedSeverity": finding.severity}
            finding.severity = INFO
