"""The last line of defence: a mode that crashes still answers, with the culprit item named.

`run_guarded` runs a mode; if it raises (a bug: the engines return findings for bad input), it
looks for the item that makes it crash by bisecting on prefixes of the input (a few runs on
shorter inputs), runs the mode again without that item, and puts the item back, unchanged, with
one `internal-error` result naming it. Up to MAX_CULPRITS items are set aside that way; if the
crash persists (or cannot be pinned on an item), every item passes through unchanged with one
`internal-error` result for the run. Either way no traceback reaches the user and no item is lost.
"""
from __future__ import annotations

from collections.abc import Callable
from krmfn.model import check_ids
from krmfn.model.findings import ERROR, Finding
from krmfn.model.outcome import Outcome, passthrough
from krmfn.modes.dispatch import run

MAX_CULPRITS = 3
TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

    Runner = Callable[[str, list[Any], dict[str, Any]], Outcome]


def run_guarded(mode: str, values: list[Any], options: dict[str, Any], runner: Runner = run) -> Outcome:
    try:
        return runner(mode, values, options)
    except Exception as err:  # noqa: BLE001 - a bug; find the item that triggers it
        first = err
    culprits: dict[int, Exception] = {}
    while len(culprits) < MAX_CULPRITS:
        active = [index for index in range(len(values)) if index not in culprits]
        culprit = _first_crashing_item(mode, values, active, options, runner)
        if culprit is None:
            break
        culprits[culprit[0]] = culprit[1]
        try:
            outcome = runner(mode, [values[i] for i in active if i != culprit[0]], options)
        except Exception:  # noqa: BLE001 - another culprit: look again
            continue
        return _with_culprits(outcome, [i for i in active if i != culprit[0]], culprits, values, mode,
                              restore=not options.get("kustomizeValidator"))
    outcome = passthrough(values)
    outcome.findings.append(_internal_error(mode, first, None))
    return outcome


def _crashes(mode: str, values: list[Any], options: dict[str, Any], runner: Runner) -> Exception | None:
    try:
        runner(mode, values, options)
    except Exception as err:  # noqa: BLE001
        return err
    return None


def _first_crashing_item(mode: str, values: list[Any], active: list[int], options: dict[str, Any],
                         runner: Runner) -> tuple[int, Exception] | None:
    """The item whose addition to a prefix of `active` makes the mode crash (by bisection)."""
    error = _crashes(mode, [values[i] for i in active], options, runner)
    if error is None or not active:
        return None
    low, high = 0, len(active)  # invariant: the prefix of length `high` crashes, `low` does not
    if _crashes(mode, [], options, runner) is not None:
        return None  # the mode crashes without any item: nothing to pin it on
    while high - low > 1:
        middle = (low + high) // 2
        found = _crashes(mode, [values[i] for i in active[:middle]], options, runner)
        if found is not None:
            high, error = middle, found
        else:
            low = middle
    return active[high - 1], error


def _with_culprits(outcome: Outcome, kept: list[int], culprits: dict[int, Exception], values: list[Any],
                   mode: str, restore: bool = True) -> Outcome:
    """The outcome of a run on the `kept` items, in terms of the whole input, with the culprits
    back in their places, unchanged (unless `restore` is off: validate's kustomizeValidator
    outputs no items), each with an internal-error finding."""
    items: list[Any] = []
    sources: list[int | None] = []
    changed: set[int] = set()
    pending = sorted(culprits) if restore else []
    for position, (item, source) in enumerate(zip(outcome.items, outcome.sources, strict=False)):
        original = kept[source] if source is not None else None
        while pending and original is not None and pending[0] < original:
            index = pending.pop(0)
            items.append(values[index])
            sources.append(index)
        if position in outcome.changed:
            changed.add(len(items))
        items.append(item)
        sources.append(original)
    for index in pending:
        items.append(values[index])
        sources.append(index)
    findings = []
    for finding in outcome.findings:
        if finding.item is not None:
            finding.item = kept[finding.item]
        findings.append(finding)
    findings.extend(_internal_error(mode, error, index) for index, error in sorted(culprits.items()))
    return Outcome(items, sources, changed, findings)


def _internal_error(mode: str, err: Exception, item: int | None) -> Finding:
    where = "this item" if item is not None else "the run"
    return Finding(ERROR, f"internal error in {mode} on {where}: {type(err).__name__}: {err}", item=item,
                   check=check_ids.INTERNAL_ERROR)
