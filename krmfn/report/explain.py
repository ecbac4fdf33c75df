"""`krmfn explain`'s report: the expanded VM as YAML with each line's source as a trailing
comment, a table (path, value, source), or JSON."""
from __future__ import annotations

import json

from krmfn.model.fields import child_path
from krmfn.modes.explain.provenance import VM, Explanation, Leaf
from krmfn.kio.emit import inline_scalar
from krmfn.kio.scalars import format_key
from krmfn.model.kinds import kind_of
from krmfn.model.krm import metadata_of

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

FORMATS = ("yaml", "table", "json")


def render(explanations: list[Explanation], fmt: str) -> str:
    if fmt == "json":
        return json.dumps([as_json(explanation) for explanation in explanations], indent=2,
                          ensure_ascii=False) + "\n"
    if fmt == "table":
        return "\n".join(table(explanation) for explanation in explanations)
    return "".join(("---\n" if index else "") + commented_yaml(explanation)
                   for index, explanation in enumerate(explanations))


def _name(explanation: Explanation) -> str:
    metadata = metadata_of(explanation.vm)
    return "/".join(str(part) for part in (metadata.get("namespace"), metadata.get("name")) if part)


def _title(explanation: Explanation) -> str:
    expanded = explanation.expanded_from or "not expanded: " + (
        "; ".join(explanation.failures) if explanation.failures else "it has no instance type or preference matcher")
    return f"{kind_of(explanation.vm)} {_name(explanation)}: {expanded}"


# --- YAML with comments -------------------------------------------------------------------------


def commented_yaml(explanation: Explanation) -> str:
    """Block YAML of the expanded VM; each leaf line ends with `# <source>` (none for the VM's own)."""
    sources = {leaf.path: leaf for leaf in explanation.leaves}
    lines = [f"# {_title(explanation)}"]
    _block(explanation.expanded, "", "", sources, lines)
    return "\n".join(lines) + "\n"


def _block(value: Any, path: str, indent: str, sources: dict[str, Leaf], lines: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            child = child_path(path, key)
            head = f"{indent}{format_key(key)}:"
            if _is_leaf(item):
                lines.append(_with_comment(f"{head} {inline_scalar(item)}", sources.get(child)))
            else:
                lines.append(head)
                _block(item, child, indent + "  ", sources, lines)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            child = f"{path}[{index}]"
            if _is_leaf(item):
                lines.append(_with_comment(f"{indent}- {inline_scalar(item)}", sources.get(child)))
                continue
            start = len(lines)
            _block(item, child, indent + "  ", sources, lines)
            lines[start] = f"{indent}- " + lines[start][len(indent) + 2:]


def _is_leaf(value: Any) -> bool:
    return not isinstance(value, (dict, list)) or not value


def _with_comment(line: str, leaf: Leaf | None) -> str:
    if leaf is None or leaf.source.origin == VM:
        return line
    return f"{line}  # {leaf.source.text()}"


# --- table and JSON -----------------------------------------------------------------------------


def table(explanation: Explanation) -> str:
    rows = [(leaf.path, json.dumps(leaf.value, ensure_ascii=False) if not isinstance(leaf.value, str) else leaf.value,
             leaf.source.text()) for leaf in explanation.leaves]
    widths = [max([len(header), *(len(row[column]) for row in rows)])
              for column, header in enumerate(("FIELD", "VALUE", "SOURCE"))]
    lines = [_title(explanation), _row(("FIELD", "VALUE", "SOURCE"), widths)]
    lines += [_row(row, widths) for row in rows]
    return "\n".join(lines) + "\n"


def _row(cells: tuple[str, str, str], widths: list[int]) -> str:
    return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()


def as_json(explanation: Explanation) -> dict[str, Any]:
    return {
        "kind": kind_of(explanation.vm),
        "vm": _name(explanation),
        "expandedFrom": explanation.expanded_from,
        **({"notExpanded": explanation.failures} if explanation.failures else {}),
        "fields": [{"path": leaf.path, "value": leaf.value, "source": leaf.source.as_json()}
                   for leaf in explanation.leaves],
    }
