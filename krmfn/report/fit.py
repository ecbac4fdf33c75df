"""``krmfn fit``'s reports: the fit table (``krmfn.modes.fit.table``) as text, Markdown or JSON.

The whole table: one row per preference (what it requires, how many instance types fit, the
smallest that does), then, preference by preference, the instance types that do not fit grouped by
KubeVirt's reason. One preference (``preference``): every instance type, those that fit first,
smallest first, each with KubeVirt's reason when it does not fit. JSON has the definitions and
every pair, with validate's check ID, the field and KubeVirt's whole message.
"""
from __future__ import annotations

import json
from collections.abc import Iterable

from krmfn.modes.fit.table import FITS, NO, VM, Definition, FitTable, Verdict, memory_text, requirements_text

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

FORMATS = ("text", "markdown", "json")
_STATUS_WORDS = {FITS: "yes", VM: "VM", NO: "no"}
_ORDER = {FITS: 0, VM: 1, NO: 2}


def render(table: FitTable, fmt: str, preference: Definition | None = None) -> str:
    """The report in ``fmt`` (one of ``FORMATS``): the whole table, or one preference's column."""
    if fmt == "json":
        return json.dumps(_json(table, preference), indent=2) + "\n"
    markdown = fmt == "markdown"
    if preference is not None:
        return _one_preference(table, preference, markdown)
    return _whole_table(table, markdown)


def ordered(table: FitTable, preference: Definition) -> list[Verdict]:
    """One preference's verdicts: those that fit, then those the VM decides, then the others;
    smallest instance type first within each."""
    return sorted(table.of(preference), key=lambda verdict: _ORDER[verdict.status])


def headline(table: FitTable) -> tuple[str, str]:
    """What the table covers, and the VM each pair stands for (two lines of text)."""
    return (f"{table.source}: {_count(len(table.instancetypes), 'instance type')} x "
            f"{_count(len(table.preferences), 'preference')}",
            f"(each pair: a VM that names both and sets no vCPUs, memory or architecture of its own; cluster "
            f"architecture {table.architecture})")


# -- the whole table ------------------------------------------------------------------------------


def _whole_table(table: FitTable, markdown: bool) -> str:
    header = ["PREFERENCE", "REQUIRES", "FIT", "SMALLEST THAT FITS"]
    rows = [[_name(pf, markdown), requirements_text(pf), _fit_count(table.of(pf)), _smallest(table.of(pf), markdown)]
            for pf in table.preferences]
    why = _why_not(table)
    if markdown:
        out = [" ".join(headline(table)) + ".", "", *_markdown_table([h.lower() for h in header], rows)]
        if why:
            out += ["", "Why not, in KubeVirt's words (preferences with the same answers together):"]
            for preferences, reasons in why:
                out += ["", f"**{', '.join(_code(label) for label in preferences)}**", ""]
                out += [f"- {', '.join(_code(label) for label in labels)}: {_cell(reason)}"
                        for reason, labels in reasons]
        return "\n".join(out) + "\n"
    out = [*headline(table), "", *_columns(header, rows)]
    if why:
        out += ["", "Why not, in KubeVirt's words (preferences with the same answers together):"]
        for preferences, reasons in why:
            out += ["", ", ".join(preferences)]
            out += [f"  {', '.join(labels)}: {reason}" for reason, labels in reasons]
    return "\n".join(out) + "\n"


def _why_not(table: FitTable) -> list[tuple[list[str], Reasons]]:
    """(the preferences, their reasons) for each distinct set of reasons, in preference order."""
    grouped: dict[tuple[tuple[str, tuple[str, ...]], ...], list[str]] = {}
    for pf in table.preferences:
        reasons = _reasons(table.of(pf))
        if reasons:
            grouped.setdefault(tuple((reason, tuple(labels)) for reason, labels in reasons), []).append(pf.label)
    return [(preferences, [(reason, list(labels)) for reason, labels in key]) for key, preferences in grouped.items()]


def _fit_count(verdicts: list[Verdict]) -> str:
    fits = sum(verdict.status == FITS for verdict in verdicts)
    by_vm = sum(verdict.status == VM for verdict in verdicts)
    return f"{fits}/{len(verdicts)}" + (f" +{by_vm} VM" if by_vm else "")


def _smallest(verdicts: list[Verdict], markdown: bool) -> str:
    first = next((verdict.instancetype for verdict in verdicts if verdict.status == FITS), None)
    return _name(first, markdown) if first is not None else "-"


Reasons = list[tuple[str, list[str]]]


def _reasons(verdicts: list[Verdict]) -> Reasons:
    """(KubeVirt's reason, the instance types it rejects), in the order the reasons first occur."""
    grouped: dict[str, list[str]] = {}
    for verdict in verdicts:
        if verdict.status != FITS:
            grouped.setdefault(verdict.reason, []).append(verdict.instancetype.label)
    return list(grouped.items())


# -- one preference -------------------------------------------------------------------------------


def _one_preference(table: FitTable, preference: Definition, markdown: bool) -> str:
    verdicts = ordered(table, preference)
    fits = sum(verdict.status == FITS for verdict in verdicts)
    title = (f"{_name(preference, markdown)} ({preference.kind}, {preference.origin}) requires "
             f"{requirements_text(preference)}: {fits} of {_count(len(verdicts), 'instance type')} fit"
             f"{'s' if len(verdicts) == 1 else ''}, smallest first "
             f"(cluster architecture {table.architecture})")
    header = ["FITS", "INSTANCETYPE", "VCPUS", "MEMORY", "WHY NOT"]
    rows = [[_STATUS_WORDS[verdict.status], _name(verdict.instancetype, markdown), _vcpus(verdict.instancetype),
             memory_text(verdict.instancetype.memory) or "VM", verdict.reason] for verdict in verdicts]
    if markdown:
        return "\n".join([title + ".", "", *_markdown_table([h.lower() for h in header], rows)]) + "\n"
    return "\n".join([title, "", *_columns(header, rows)]) + "\n"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _vcpus(instancetype: Definition) -> str:
    vcpus = instancetype.vcpus
    return "VM" if vcpus is None else str(vcpus)


# -- JSON -----------------------------------------------------------------------------------------


def _json(table: FitTable, preference: Definition | None) -> dict[str, Any]:
    preferences = [preference] if preference is not None else table.preferences
    verdicts = ordered(table, preference) if preference is not None else table.verdicts
    return {
        "source": table.source,
        "architecture": table.architecture,
        "instancetypes": [{**_identity(it), "vcpus": it.vcpus, "memory": memory_text(it.memory) or None}
                          for it in table.instancetypes],
        "preferences": [{**_identity(pf), "requires": _requirements(pf), "fits": _fits(table.of(pf)),
                         "smallest": next((v.instancetype.label for v in table.of(pf) if v.fits), None)}
                        for pf in preferences],
        "pairs": [_pair(verdict) for verdict in verdicts],
    }


def _identity(definition: Definition) -> dict[str, Any]:
    return {"name": definition.name, "kind": definition.kind, "namespace": definition.namespace or None,
            "origin": definition.origin}


def _requirements(preference: Definition) -> dict[str, Any]:
    requirements = preference.spec.get("requirements")
    return requirements if isinstance(requirements, dict) else {}


def _fits(verdicts: Iterable[Verdict]) -> int:
    return sum(verdict.fits for verdict in verdicts)


def _pair(verdict: Verdict) -> dict[str, Any]:
    pair: dict[str, Any] = {"preference": verdict.preference.label, "instancetype": verdict.instancetype.label,
                            "fits": verdict.fits, "status": verdict.status}
    if verdict.check:
        pair.update(check=verdict.check, field=verdict.field, message=verdict.message)
    if verdict.reason:
        pair["reason"] = verdict.reason
    return pair


# -- layout ---------------------------------------------------------------------------------------


def _name(definition: Definition | None, markdown: bool) -> str:
    if definition is None:
        return "-"
    return _code(definition.label) if markdown else definition.label


def _code(text: str) -> str:
    return f"`{text}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _columns(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
            for row in [header, *rows]]


def _markdown_table(header: list[str], rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
            *("| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows)]
