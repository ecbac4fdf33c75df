"""The `validate` mode on plain data: every problem KubeVirt's admission, expand or start would
hit, as findings; the items pass through unchanged.

Options: `disable` (check IDs), `severity` (`ID=error|warning|info`), `strict` (warnings count as
errors), `kustomizeValidator` (output no items, for kustomize's `validators:` field only), plus
the cluster facts shared with inline.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any

from krmfn.findings import ERROR, WARNING, Finding
from krmfn.modes import Outcome, passthrough
from krmfn.validate.checks import CHECKS
from krmfn.validate.context import Context, build_context


def parse_severities(pairs: list[str]) -> dict[str, str]:
    """`["conflict=warning"]` → {"conflict": "warning"} (the option is validated in kio.config)."""
    return dict(pair.split("=", 1) for pair in pairs)


class CheckCrash(Exception):
    """A check raised (a bug): krmfn.guard finds the item it fails on and reports it there."""


def _run_check(check: ModuleType, ctx: Context) -> list[Finding]:
    try:
        return list(check.run(ctx))
    except Exception as err:  # noqa: BLE001 - re-raised with the check's ID for krmfn.guard
        raise CheckCrash(f"check {check.ID}: {type(err).__name__}: {err}") from err


def run_validate(values: list[Any], options: dict[str, Any]) -> Outcome:
    ctx = build_context(values, options)
    disabled = set(options.get("disable") or [])
    severities = parse_severities(options.get("severity") or [])
    findings: list[Finding] = []
    for check in CHECKS:
        if check.ID in disabled:
            continue
        for finding in _run_check(check, ctx):
            finding.severity = severities.get(check.ID, finding.severity)
            if options.get("strict") and finding.severity == WARNING:
                finding.severity = ERROR
            findings.append(finding)
    outcome = passthrough(values)
    if options.get("kustomizeValidator"):
        # kustomize's validators: field rejects any output that differs from its input, and the
        # runtime adds annotations; an empty list is the one answer it accepts (conventions §2.6).
        outcome.items, outcome.sources = [], []
    outcome.findings = findings
    return outcome
