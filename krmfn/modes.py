"""Mode dispatch on plain data: the I/O layer calls `run`, the engines never see YAML.

Each mode gets the items' Python values and its options, and returns an Outcome: the output
values, where each came from (so unchanged items can be written verbatim), and findings.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from krmfn.findings import Finding


@dataclass
class Outcome:
    items: list[Any]
    sources: list[int | None]  # input index of each output item; None for a new item
    changed: set[int] = field(default_factory=set)  # output positions whose value was changed
    findings: list[Finding] = field(default_factory=list)


def passthrough(values: list[Any]) -> Outcome:
    return Outcome(list(values), list(range(len(values))))


def run(mode: str, values: list[Any], options: dict[str, Any]) -> Outcome:
    runner = {"inline": _inline, "validate": _validate, "generate": _generate}[mode]
    return runner(values, options)


def _inline(values: list[Any], options: dict[str, Any]) -> Outcome:
    from krmfn.inline import run_inline

    return run_inline(values, options)


def _validate(values: list[Any], options: dict[str, Any]) -> Outcome:
    from krmfn.validate import run_validate

    return run_validate(values, options)


def _generate(values: list[Any], options: dict[str, Any]) -> Outcome:
    from krmfn.generate import run_generate

    return run_generate(values, options)
