"""The leaves of a plain value and the leaf-level differences between two, as dotted paths.

No KubeVirt counterpart: `krmfn diff` reports how an expanded VM changes, field by field, `krmfn
explain` where each leaf comes from, and normalize what it changed, all in the spelling validate's
findings use for paths (`spec.template.spec.domain.cpu.cores`, `spec.template.spec.volumes[0].name`);
a key with a dot is quoted (`metadata.annotations["a.io/b"]`).

A mapping key present on one side only is one change (its whole value added or removed); lists
are compared position by position, a list that grew or shrank adds or removes its tail entries.
Scalars differ when their values or their types differ (1 and 1.0 and True are three values).
"""
from __future__ import annotations

import json
from functools import lru_cache

from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ABSENT: Any = type("Absent", (), {"__repr__": lambda self: "(absent)"})()


@record(frozen=True)
class FieldChange:
    path: str
    before: Any  # ABSENT when the field is new
    after: Any  # ABSENT when the field is gone


def field_changes(before: Any, after: Any, path: str = "") -> list[FieldChange]:
    """Every leaf (or whole subtree added or removed) that differs, in document order."""
    changes: list[FieldChange] = []
    _walk(before, after, path, changes)
    return changes


def _walk(before: Any, after: Any, path: str, changes: list[FieldChange]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(key for key in after if key not in before)]:
            child = child_path(path, key)
            _walk(before.get(key, ABSENT), after.get(key, ABSENT), child, changes)
    elif isinstance(before, list) and isinstance(after, list):
        for index in range(max(len(before), len(after))):
            _walk(before[index] if index < len(before) else ABSENT, after[index] if index < len(after) else ABSENT,
                  f"{path}[{index}]", changes)
    elif not same(before, after):
        changes.append(FieldChange(path, before, after))


def child_path(path: str, key: Any) -> str:
    """`a.b`, or `a["b.c"]` for a key that a dotted path cannot carry (annotation keys)."""
    step = _step(key)
    return f"{path}{step}" if path or step[0] == "[" else step[1:]


@lru_cache(maxsize=4096, typed=True)  # a bundle's keys are few; paths are built for every leaf
def _step(key: Any) -> str:
    text = str(key)
    if not text or any(char in text for char in '.[]" '):
        return f"[{json.dumps(text)}]"
    return f".{text}"


def leaves(value: Any, path: str = "") -> dict[str, Any]:
    """Every leaf of a value by its path: scalars, and containers that are empty."""
    return {where: leaf for where, leaf, _ in aligned_leaves(value, [], path)}


def aligned_leaves(value: Any, others: list[Any], path: str = "") -> list[tuple[str, Any, list[Any]]]:
    """Every leaf of `value` (as `leaves` gives them, in document order), each with what each of
    `others` holds at its path: a leaf there, else ABSENT (nothing, or a non-empty container)."""
    out: list[tuple[str, Any, list[Any]]] = []
    stack: list[tuple[str, Any, list[Any]]] = [(path, value, others)]
    while stack:
        where, current, there = stack.pop()
        if isinstance(current, dict) and current:
            stack.extend(reversed([
                (child_path(where, key), item,
                 [other.get(key, ABSENT) if isinstance(other, dict) else ABSENT for other in there])
                for key, item in current.items()]))
        elif isinstance(current, list) and current:
            stack.extend(reversed([
                (f"{where}[{index}]", item,
                 [other[index] if isinstance(other, list) and index < len(other) else ABSENT for other in there])
                for index, item in enumerate(current)]))
        else:
            out.append((where, current, [ABSENT if isinstance(other, (dict, list)) and other else other
                                         for other in there]))
    return out


def same(before: Any, after: Any) -> bool:
    """Equal and of the same type (1, 1.0 and True are three values); ABSENT only equals itself."""
    if before is ABSENT or after is ABSENT:
        return before is after
    return type(before) is type(after) and before == after
