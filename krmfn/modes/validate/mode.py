"""The `validate` mode on plain data: every problem KubeVirt's admission, expand or start would
hit, as findings; the items pass through unchanged.

Options (``ValidateOptions``): `disable` (check IDs), `severity` (`ID=error|warning|info`),
`strict` (warnings count as errors), `kustomizeValidator` (output no items, for kustomize's
`validators:` field only), plus the cluster facts shared with inline. An object's
`krmfn.dev/ignore` annotation suppresses the findings about it of the checks it names
(``krmfn.model.suppression``), after the options have set their severity.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from krmfn.model.findings import ERROR, WARNING, Finding
from krmfn.model.outcome import Outcome, passthrough
from krmfn.model.suppression import suppress
from krmfn.model.check_ids import CHECK_IDS
from krmfn.modes.validate.checks import CHECKS
from krmfn.modes.validate.context import Context, build_context
from krmfn.modes.validate.templates import on_templates, processing_once, yielded_vms

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


class CheckCrash(Exception):
    """A check raised (a bug): krmfn.cli.guard finds the item it fails on and reports it there."""


def _run_check(check: ModuleType, ctx: Context) -> list[Finding]:
    try:
        return list(check.run(ctx))
    except Exception as err:  # noqa: BLE001 - re-raised with the check's ID for krmfn.cli.guard
        raise CheckCrash(f"check {check.ID}: {type(err).__name__}: {err}") from err


def run_validate(values: list[Any], options: Mapping[str, Any]) -> Outcome:
    """The mode: functionConfig options in, the Outcome (the items unchanged, the findings) out."""
    with processing_once(values):  # a template's VM is processed once, for the webhook and for its checks
        yielded = yielded_vms(values, options)
        ctx = build_context([*values, *(entry.vm for entry in yielded)] if yielded else values, options,
                            check_ids=CHECK_IDS)
    ctx.own_items = len(values)
    settings = ctx.options
    findings: list[Finding] = []
    for check in CHECKS:
        if check.ID in settings.disabled:
            continue
        for finding in _run_check(check, ctx):
            finding.severity = settings.severities.get(check.ID, finding.severity)
            if settings.strict and finding.severity == WARNING:
                finding.severity = ERROR
            findings.append(finding)
    if yielded:
        findings = on_templates(findings, len(values), yielded, ctx.admissions)
    suppress(findings, values)
    outcome = passthrough(values)
    if settings.kustomize_validator:
        # kustomize's validators: field rejects any output that differs from its input, and the
        # runtime adds annotations; an empty list is the one answer it accepts (docs/krm-function.md#kustomize).
        outcome.items, outcome.sources = [], []
    outcome.findings = findings
    return outcome
