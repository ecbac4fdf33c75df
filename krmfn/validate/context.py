"""What every check needs, computed once per run: admission verdicts and expand outcomes.

The checks reuse the engine (KubeVirt's admission chain in krmfn.instancetype.webhooks, expand in
krmfn.inline) instead of re-deciding anything themselves.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from krmfn.findings import Finding
from krmfn.inline import InlineOptions, inline_items, is_virtual_machine
from krmfn.instancetype.webhooks import Admission, admit_bundle, rejected_keys


@dataclass
class Context:
    values: list[Any]
    options: dict[str, Any]
    admissions: list[Admission | None] = field(default_factory=list)
    expand_failures: dict[int, Finding] = field(default_factory=dict)
    expand_notes: list[Finding] = field(default_factory=list)

    def admission(self, index: int) -> Admission | None:
        return self.admissions[index] if index < len(self.admissions) else None

    def rejected(self, index: int) -> bool:
        verdict = self.admission(index)
        return verdict is not None and not verdict.allowed


def build_context(values: list[Any], options: dict[str, Any], reuse_admission: bool = True) -> Context:
    """Admit the bundle, then check that every VM expands. ``reuse_admission``: skip the
    instance type appliers where admission already applied the same objects without conflict
    (off only in the test that proves it changes nothing)."""
    inline_options = InlineOptions.from_options(options)
    inline_options.rejected = rejected_keys(values, inline_options.namespace, inline_options.legacy)
    inline_options.annotate = False
    inline_options.infer = True  # a cluster infers at admission; validate judges the stored VM
    inline_options.check_only = True
    inline_options.drop_referenced = False
    ctx = Context(values, options)
    ctx.admissions = admit_bundle(values, inline_options.namespace, inline_options.config,
                                  inline_options.catalog_version, inline_options.legacy)
    known = {index: verdict.conflict_free for index, verdict in enumerate(ctx.admissions)
             if verdict is not None and verdict.conflict_free is not None} if reuse_admission else {}
    outcome = inline_items(values, inline_options, known)
    for finding in outcome.findings:
        if finding.item is not None and finding.is_error and is_virtual_machine(values[finding.item]):
            ctx.expand_failures[finding.item] = finding
        elif not finding.is_error:
            ctx.expand_notes.append(finding)
    return ctx


def kind_of(value: Any) -> str:
    kind = value.get("kind") if isinstance(value, dict) else None
    return kind if isinstance(kind, str) else ""
