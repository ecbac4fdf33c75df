"""`krmfn diff`'s report as text (a terminal), Markdown (a pull-request comment) or JSON."""
from __future__ import annotations

import json

from krmfn.model.fields import ABSENT, FieldChange
from krmfn.modes.diff.compare import DefinitionDiff, DiffReport, FieldSources, VmDiff
from krmfn.modes.explain.provenance import Source

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

FORMATS = ("text", "markdown", "json")
_MARKS = {"added": "+", "removed": "-", "changed": "~"}


def render(report: DiffReport, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(as_json(report), indent=2, ensure_ascii=False) + "\n"
    if fmt == "markdown":
        return markdown(report)
    return text(report)


# --- text ----------------------------------------------------------------------------------------


def text(report: DiffReport) -> str:
    lines = [summary(report)]
    for vm in report.vms:
        lines.append("")
        lines.append(f"{_MARKS[vm.status]} {name(vm.key)}{_added_source(vm)}")
        lines.extend("    " + line for line in _vm_lines(vm))
    for definition in report.definitions:
        lines.append("")
        lines.append(f"~ {name(definition.key)} ({_origins(definition)})")
        lines.extend(f"    {_change(change)}" for change in definition.changes)
    return "\n".join(lines) + "\n"


def summary(report: DiffReport) -> str:
    counts = _counts(report)
    if not report.changed:
        return f"krmfn diff: no change ({_vms(report.compared)} compared)"
    return (f"krmfn diff: {_vms(counts['changed'])} changed, {counts['added']} added, {counts['removed']} removed "
            f"({report.compared} compared); {len(report.definitions)} referenced instance types or preferences "
            "changed")


def _vms(count: int) -> str:
    return f"{count} VM" if count == 1 else f"{count} VMs"


def _counts(report: DiffReport) -> dict[str, int]:
    counts = {"changed": 0, "added": 0, "removed": 0}
    for vm in report.vms:
        counts[vm.status] += 1
    return counts


def name(key: tuple[str, str, str]) -> str:
    kind, namespace, object_name = key
    return f"{kind} {namespace}/{object_name}" if namespace else f"{kind} {object_name}"


def _added_source(vm: VmDiff) -> str:
    source = vm.head_source if vm.status == "added" else vm.base_source if vm.status == "removed" else None
    return f" ({source})" if source else ""


def _vm_lines(vm: VmDiff) -> list[str]:
    lines = []
    if vm.status == "changed" and vm.base_source != vm.head_source:
        lines.append(f"expanded from: {vm.base_source or '(not expanded)'} → {vm.head_source or '(not expanded)'}")
    lines.extend(_change(change) + _in_parentheses(sources_text(vm.sources.get(change.path)))
                 for change in vm.changes)
    lines.extend(f"new {v.severity}: {v.text()}" for v in vm.new_findings)
    lines.extend(f"fixed {v.severity}: {v.text()}" for v in vm.fixed_findings)
    return lines


def _change(change: FieldChange) -> str:
    return f"{change.path}: {value_text(change.before)} → {value_text(change.after)}"


def sources_text(sources: FieldSources | None) -> str:
    """`X` when the same source set the field on both sides, else `base: X; head: Y` (`head: Y`
    alone for a field that is new)."""
    return "; ".join(_source_parts(sources))


def _source_parts(sources: FieldSources | None) -> list[str]:
    if sources is None:
        return []
    base, head = _one_side(sources.base), _one_side(sources.head)
    if base == head:
        return [base] if base else []
    return [f"{label}: {found}" for label, found in (("base", base), ("head", head)) if found]


def _one_side(sources: tuple[Source, ...]) -> str:
    return ", ".join(source.text() for source in sources)


def _in_parentheses(text_value: str) -> str:
    return f" ({text_value})" if text_value else ""


def value_text(value: Any) -> str:
    if value is ABSENT:
        return "(absent)"
    if isinstance(value, str):
        return value if value and value.strip() == value and "\n" not in value else json.dumps(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def _origins(definition: DefinitionDiff) -> str:
    before, after = definition.base_origin or "absent", definition.head_origin or "absent"
    return before if before == after else f"{before} → {after}"


# --- Markdown ------------------------------------------------------------------------------------


def markdown(report: DiffReport) -> str:
    counts = _counts(report)
    out = ["### krmfn diff", ""]
    if not report.changed:
        return "\n".join([*out, f"No VM changes its expansion or its verdict ({_vms(report.compared)} compared).", ""])
    unchanged = report.compared - len(report.vms)
    out += ["| VMs | count |", "|---|---:|", f"| changed | {counts['changed']} |", f"| added | {counts['added']} |",
            f"| removed | {counts['removed']} |", f"| unchanged | {unchanged} |",
            f"| instance types and preferences changed | {len(report.definitions)} |", ""]
    moved = [vm for vm in report.vms if vm.status != "changed"]
    out += [f"- {vm.status.capitalize()}: `{name(vm.key)}`{_added_source(vm)}" for vm in moved]
    out += [""] if moved else []
    for vm in report.vms:
        if vm.status == "changed":
            out += _details(f"~ <code>{_html(name(vm.key))}</code>", _vm_markdown(vm))
    for definition in report.definitions:
        out += _details(f"~ <code>{_html(name(definition.key))}</code> ({_html(_origins(definition))})",
                        _table(definition.changes))
    return "\n".join(out)


def _vm_markdown(vm: VmDiff) -> list[str]:
    lines: list[str] = []
    if vm.status == "changed" and vm.base_source != vm.head_source:
        lines += [f"Expanded from `{vm.base_source or '(not expanded)'}` → `{vm.head_source or '(not expanded)'}`", ""]
    if vm.changes:
        lines += _table(vm.changes, vm.sources)
    for label, verdicts in (("New", vm.new_findings), ("Fixed", vm.fixed_findings)):
        lines += [f"- {label} {v.severity}: `{v.check}` {_html(v.message)}" for v in verdicts]
    return [*lines, ""] if lines and lines[-1] else lines


def _table(changes: list[FieldChange], sources: dict[str, FieldSources] | None = None) -> list[str]:
    """The changes; with `sources` (a VM's), a column naming what set each field."""
    if sources is None:
        rows = ["| field | before | after |", "|---|---|---|"]
        rows += [f"| `{change.path}` | {_cell(change.before)} | {_cell(change.after)} |" for change in changes]
        return [*rows, ""]
    rows = ["| field | before | after | set by |", "|---|---|---|---|"]
    rows += [f"| `{change.path}` | {_cell(change.before)} | {_cell(change.after)} | "
             f"{_sources_cell(sources.get(change.path))} |" for change in changes]
    return [*rows, ""]


def _sources_cell(sources: FieldSources | None) -> str:
    return "<br>".join(_html(part).replace("|", "\\|") for part in _source_parts(sources))


def _cell(value: Any) -> str:
    if value is ABSENT:
        return "*(absent)*"
    return "`" + value_text(value).replace("|", "\\|").replace("`", "'") + "`"


def _details(summary_html: str, body: list[str]) -> list[str]:
    return ["<details>", f"<summary>{summary_html}</summary>", "", *body, "</details>", ""]


def _html(text_value: str) -> str:
    return text_value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# --- JSON ----------------------------------------------------------------------------------------


def as_json(report: DiffReport) -> dict[str, Any]:
    return {
        "changed": report.changed,
        "compared": report.compared,
        "vms": [{"kind": vm.key[0], "namespace": vm.key[1] or None, "name": vm.key[2], "status": vm.status,
                 "expandedFrom": {"base": vm.base_source, "head": vm.head_source},
                 "changes": [_json_change(change, vm.sources.get(change.path)) for change in vm.changes],
                 "newFindings": [vars(v) for v in vm.new_findings],
                 "fixedFindings": [vars(v) for v in vm.fixed_findings]} for vm in report.vms],
        "definitions": [{"kind": d.key[0], "name": d.key[2], "origin": {"base": d.base_origin, "head": d.head_origin},
                         "changes": [_json_change(change) for change in d.changes]} for d in report.definitions],
    }


def _json_change(change: FieldChange, sources: FieldSources | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"path": change.path}
    if change.before is not ABSENT:
        out["before"] = change.before
    if change.after is not ABSENT:
        out["after"] = change.after
    by_side = {} if sources is None else {
        side: _json_sources(found) for side, found in (("base", sources.base), ("head", sources.head)) if found}
    if by_side:  # none when neither side was explained (a pool whose template spec is not a mapping)
        out["source"] = by_side
    return out


def _json_sources(sources: tuple[Source, ...]) -> dict[str, str] | list[dict[str, str]]:
    """One source object; a list of them for a field added or removed as a whole whose values
    came from several sources."""
    if len(sources) == 1:
        return sources[0].as_json()
    return [source.as_json() for source in sources]
