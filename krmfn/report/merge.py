"""The same problem found by several bundles, reported once.

`krmfn validate DIR` validates each kustomization directory it finds as what it renders, so a
base reached by two overlays is checked three times (its own build and each overlay's). A
problem the builds share is one result, which lists the kustomization directories whose builds
have it (``kustomizations``, in the order they were found); the summary counts follow.

Two results are the same problem when they come from different bundles and have the same check,
severity, suppression, message and field, and

* when the result names the file the object came from (a loose file, or an object of a build
  whose item carries its source file): the same file, document and line. The object's name and
  namespace are left out: an overlay's ``namespace:`` or ``namePrefix:`` makes a different object
  in the cluster, but the line to fix is the same one;
* when it names only the kustomization directory (a build whose objects carry no source file):
  the same object (apiVersion, kind, namespace, name), or the same place for a result about no
  object (a failed build is its directory's own problem). An overlay that renames the object or
  moves it to another namespace then reports it on its own.

Results of one bundle are never merged with each other. A failed build's way to the file to fix
(``reachedThrough``, krmfn.kio.results.REACHED_THROUGH) is not part of the problem: the merged
result keeps every overlay's way there.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from krmfn.kio.results import REACHED_THROUGH, reached_through

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# The result key listing the kustomization directories whose builds have the problem.
KUSTOMIZATIONS = "kustomizations"


def merge_bundles(runs: Sequence[tuple[str | None, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    """The results of every bundle (its kustomization directory, or None for the loose files, and
    its results), each problem once, in the order first found."""
    merged: list[dict[str, Any]] = []
    groups: dict[tuple, int] = {}  # problem -> index in merged
    bundles: list[list[str | None]] = []  # per merged result: the bundles that found it
    for built_from, results in runs:
        for result in results:
            key = problem_key(result, built_from)
            index = groups.get(key)
            if index is None or built_from in bundles[index]:
                groups.setdefault(key, len(merged))
                merged.append(result)
                bundles.append([built_from])
            else:
                bundles[index].append(built_from)
                _add_chains(merged[index], result.get(REACHED_THROUGH) or [])
    for result, found_by in zip(merged, bundles, strict=True):
        directories = [directory for directory in found_by if directory is not None]
        if directories:
            result[KUSTOMIZATIONS] = directories
    return merged


def _add_chains(result: dict[str, Any], chains: list[list[str]]) -> None:
    known = result.setdefault(REACHED_THROUGH, [])
    known.extend(chain for chain in chains if chain not in known)
    if not known:
        del result[REACHED_THROUGH]


def problem_key(result: dict[str, Any], built_from: str | None) -> tuple:
    """What makes two results of different bundles the same problem (the module docstring)."""
    tags = result.get("tags") or {}
    file = result.get("file") or {}
    common = (str(tags.get("check") or ""), str(result.get("severity") or ""), str(tags.get("suppressed") or ""),
              str(result.get("message") or ""), str((result.get("field") or {}).get("path") or ""))
    path = file.get("path")
    if path and (built_from is None or not _same_path(path, built_from)):
        return ("source", *common, _absolute(path), file.get("index"), file.get("line"), file.get("column"))
    ref = result.get("resourceRef")
    if ref:
        return ("object", *common, *(str(ref.get(k) or "") for k in ("apiVersion", "kind", "namespace", "name")))
    return ("place", *common, _absolute(path) if path else built_from)


def where_else(result: dict[str, Any]) -> tuple[str, list[str]]:
    """How a report names the builds that have the problem, besides the result's location:
    ``("also in", others)`` when the location is a file or directory of one of them (the deepest
    such is the one it names), ``("in", all)`` when the location is a file none of them owns (a
    base's file whose own build does not have the problem, found through an overlay), ``("", [])``
    when the location says it all."""
    directories = [str(d) for d in result.get(KUSTOMIZATIONS) or []]
    if not directories:
        return "", []
    path = (result.get("file") or {}).get("path")
    owner = _owner(path, directories) if path else None
    if owner is None:
        return "in", directories
    others = [d for d in directories if d != owner]
    return ("also in", others) if others else ("", [])


def suffix(result: dict[str, Any], name: Callable[[str], str] = str) -> str:
    """How a report ends the result's message: the ways a failed build went to the file to fix,
    `` (reached through overlays/prod -> base; overlays/dev -> base)``, then the other builds that
    have the problem and no such way, `` (also in overlays/dev, overlays/prod)`` or
    `` (in overlays/dev)``; or "" (``name`` spells each directory)."""
    starts = {chain[0] for chain in result.get(REACHED_THROUGH) or [] if chain}
    words, directories = where_else(result)
    rest = [directory for directory in directories if directory not in starts]
    text = reached_through(result, name)
    if words and rest:
        text += f" ({words} {', '.join(name(d) for d in rest)})"
    return text


def _owner(path: str, directories: list[str]) -> str | None:
    """The deepest of ``directories`` that is ``path`` or holds it."""
    absolute = _absolute(path)
    best: str | None = None
    for directory in directories:
        root = _absolute(directory)
        if (absolute == root or absolute.startswith(root.rstrip(os.sep) + os.sep)) and (
                best is None or len(root) > len(_absolute(best))):
            best = directory
    return best


def _same_path(a: str, b: str) -> bool:
    return _absolute(a) == _absolute(b)


def _absolute(path: str) -> str:
    return path if path == "-" else os.path.normpath(os.path.abspath(path))
