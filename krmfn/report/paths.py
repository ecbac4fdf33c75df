"""Where the paths of validate's report start: one base for every format (text, json, github, sarif,
junit), the repository root, or ``--path-base DIR``.

The repository root is the nearest directory at or above the working directory holding ``.git``
(else the working directory): GitHub resolves a workflow annotation's ``file`` and a SARIF URI
against the repository's root wherever the step ran, so a step with a ``working-directory:`` must
still name ``apps/vms/web.yaml``, not ``vms/web.yaml``, for its annotations to attach to the lines
of the pull request; GitLab and Jenkins read JUnit files the same way.
"""
from __future__ import annotations

import os
from collections.abc import Callable

from krmfn.kio.config import repository_root
from krmfn.kio.results import OBJECT_FILE, REACHED_THROUGH
from krmfn.report.merge import KUSTOMIZATIONS

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

STDIN = "-"


def path_base(given: str | None = None, cwd: str | None = None) -> str:
    """The absolute directory the report's paths are relative to: ``given`` (``--path-base``,
    relative to ``cwd``), else the repository root."""
    cwd = os.getcwd() if cwd is None else cwd
    return os.path.normpath(os.path.join(cwd, given)) if given else repository_root(cwd)


def shown(path: str, base: str, as_typed: bool = True) -> str:
    """``path`` (relative to the working directory, or absolute) as the report names it: relative
    to ``base``, with ``/`` separators; as given when it lies outside ``base``, and for stdin. A
    relative path typed in a working directory that is the base already is relative to it: it is
    kept as typed (``./vms/a.yaml``, as the messages that name other files spell it too) unless
    not ``as_typed`` (GitHub's annotations: ``vms/a.yaml``, as the repository's tree names it)."""
    if not path or path == STDIN:
        return path
    relative = os.path.relpath(os.path.abspath(path), base)
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return path
    if as_typed and not os.path.isabs(path) and os.path.abspath(os.curdir) == os.path.normpath(base):
        return path
    return relative.replace(os.sep, "/")  # relpath's result is normalized already


def shower(base: str, as_typed: bool = True) -> Callable[[str], str]:
    """``shown`` for one base."""
    return lambda path: shown(path, base, as_typed)


def rebased(result: dict[str, Any], show: Callable[[str], str]) -> dict[str, Any]:
    """The result with every path it holds as the report names it (``show``): its file, its
    object's file, the kustomizations that have it and the ways a build went there."""
    out = dict(result)
    for key in ("file", OBJECT_FILE):
        if isinstance(out.get(key), dict) and out[key].get("path"):
            out[key] = {**out[key], "path": show(out[key]["path"])}
    if out.get(KUSTOMIZATIONS):
        out[KUSTOMIZATIONS] = [show(directory) for directory in out[KUSTOMIZATIONS]]
    if out.get(REACHED_THROUGH):
        out[REACHED_THROUGH] = [[show(step) for step in chain] for chain in out[REACHED_THROUGH]]
    return out
