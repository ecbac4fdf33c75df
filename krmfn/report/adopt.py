"""`krmfn adopt`'s report: one row per VM without matchers, as a table or JSON.

Read from the adopt mode's results (``krmfn.modes.adopt.mode``: the status, instance type, preference
and count of dropped fields are result tags); no engine import.
"""
from __future__ import annotations

import json

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

FORMATS = ("table", "json")
HEADER = ["VM", "STATUS", "INSTANCETYPE", "PREFERENCE", "DROPPED", "WHY"]


def rows(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The adopt results as plain rows, in input order (other results are left out)."""
    found = []
    for result in results:
        tags = result.get("tags") or {}
        if "status" not in tags:
            continue
        ref = result.get("resourceRef") or {}
        file = result.get("file") or {}
        found.append({
            "vm": "/".join(part for part in (ref.get("namespace"), ref.get("name")) if part),
            "file": file.get("path"), "line": file.get("line"),
            "status": tags["status"],
            "instancetype": tags.get("instancetype"), "preference": tags.get("preference"),
            "dropped": int(tags["dropped"]) if "dropped" in tags else None,
            "hints": tags.get("hints"), "why": tags.get("why", ""), "message": result.get("message", ""),
        })
    return found


def render(results: list[dict[str, Any]], fmt: str) -> str:
    found = rows(results)
    if fmt == "json":
        return json.dumps(found, indent=2, ensure_ascii=False) + "\n"
    table = [[_where(row), row["status"], _short(row["instancetype"]), _short(row["preference"]),
              "" if row["dropped"] is None else str(row["dropped"]),
              row["why"]]
             for row in found]
    widths = [max(len(r[i]) for r in [HEADER, *table]) for i in range(len(HEADER) - 1)]
    lines = ["  ".join([*(cell.ljust(width) for cell, width in zip(r[:-1], widths, strict=True)), r[-1]]).rstrip()
             for r in [HEADER, *table]]
    adopted = sum(1 for row in found if row["status"] == "adopted")
    summary = f"{adopted} of {len(found)} VM{'s' if len(found) != 1 else ''} without matchers adoptable"
    return "\n".join(lines) + "\n" + summary + "\n" if found else "no VirtualMachine without matchers\n"


def _where(row: dict[str, Any]) -> str:
    return row["vm"] + (f" ({row['file']}:{row['line']})" if row["file"] and row["line"] else "")


def _short(definition: str | None) -> str:
    """`VirtualMachineClusterInstancetype/u1.medium` -> `u1.medium`; namespaced kinds keep theirs."""
    if not definition:
        return "-"
    kind, _, name = definition.partition("/")
    return name if kind.startswith("VirtualMachineCluster") else definition
