"""Reading paths as they are at a git revision, for `krmfn diff --git` (read-only: `git archive`
into a scratch directory; the user's working tree, index and HEAD are not touched)."""
from __future__ import annotations

import os
import subprocess
import tarfile

from krmfn.kio.results import one_line

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


class GitError(Exception):
    """git is missing, the directory is not a repository, or the revision does not exist."""


def paths_at_revision(revision: str, paths: list[str], scratch: str) -> list[str]:
    """The paths as they are at `revision`, extracted under `scratch` (git archive: the user's
    tree and index are not touched)."""
    top = _git(["rev-parse", "--show-toplevel"]).strip()
    relative = [os.path.relpath(os.path.abspath(path), top) for path in paths]
    if any(path.startswith("..") for path in relative):
        raise GitError(f"--git: every PATH must be inside the repository {top}")
    existing = [path for path in relative if _git(["ls-tree", "--name-only", revision, "--", path], top).strip()]
    if existing:
        archive = os.path.join(scratch, "revision.tar")
        with open(archive, "wb") as out:
            _git(["archive", "--format=tar", revision, "--", *existing], top, stdout=out)
        with tarfile.open(archive) as tar:
            tar.extractall(os.path.join(scratch, "tree"), filter="data")
    return [os.path.join(scratch, "tree", path) for path in relative]


def _git(args: list[str], cwd: str | None = None, stdout: Any = subprocess.PIPE) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, stdout=stdout, stderr=subprocess.PIPE, check=False)
    except OSError as err:
        raise GitError(f"git: {err}") from None
    if done.returncode != 0:
        raise GitError(f"git {' '.join(args[:2])}: {one_line(done.stderr.decode(errors='replace').strip())}")
    return done.stdout.decode() if isinstance(done.stdout, bytes) else ""
