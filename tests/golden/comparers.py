"""The golden comparers (../shared/tools/golden_*compare.py), run side by side.

Each comparer runs the function once per case (a fresh process, as kpt and kustomize run it), so
the three comparers over the corpus, for each KubeVirt release, are most of the suite's time, on
one CPU. The first test that asks for a comparer's output starts every planned run at once
(``PLAN`` × ``versions.RELEASES``), writing to files, so that they share the machine's CPUs; each
test then waits for its own run. The outputs are the comparers' own, unchanged.
"""
from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass

import pytest

from tests.conftest import REPO, shared_path
from tests.golden.versions import RELEASES, release_args, release_corpus

# comparer -> its options (the release's are added per run)
PLAN: dict[str, list[str]] = {
    "golden_compare.py": ["--show", "50"],
    # The corpus's `validation` stops before KubeVirt's general VM checks: score without them.
    "golden_validate_compare.py": ["--show", "50", "--set", "disable=vm-admission"],
    "golden_admission_compare.py": [],
}
TIMEOUT = 1800


@dataclass
class Run:
    """One comparer run: the corpus it read (None: the release has no case of its own), its
    process and the files its output goes to."""

    corpus: str | None
    process: subprocess.Popen | None = None
    stdout_path: str = ""
    stderr_path: str = ""


_RUNS: dict[tuple[str, str], Run] = {}


def output(tool: str, version: str) -> tuple[str, str, str]:
    """(stdout, stderr, corpus) of ``tool`` for the release ``version``; skips the test when the
    release has no case whose answer differs from ``expected.yaml``."""
    if not _RUNS:
        _start_all()
    run = _RUNS[tool, version]
    if run.process is None or run.corpus is None:
        pytest.skip(f"no golden case has a {version} answer that differs from expected.yaml")
    run.process.wait(timeout=TIMEOUT)
    with open(run.stdout_path, encoding="utf-8") as out, open(run.stderr_path, encoding="utf-8") as err:
        return out.read(), err.read(), run.corpus


def _start_all() -> None:
    workdir = tempfile.mkdtemp(prefix="krmfn-golden-")
    atexit.register(shutil.rmtree, workdir, True)
    for version, expected in RELEASES:
        release_dir = os.path.join(workdir, version)
        os.makedirs(release_dir)
        corpus = release_corpus(shared_path("golden"), expected, release_dir)
        for tool, options in PLAN.items():
            if corpus is None:
                _RUNS[tool, version] = Run(None)
                continue
            stem = os.path.join(release_dir, tool)
            cmd = [sys.executable, shared_path("tools", tool), corpus, *options, *release_args(version, expected),
                   "--", sys.executable, "-m", "krmfn"]
            with open(stem + ".out", "w") as out, open(stem + ".err", "w") as err:
                process = subprocess.Popen(cmd, stdout=out, stderr=err, cwd=REPO)
            _RUNS[tool, version] = Run(corpus, process, stem + ".out", stem + ".err")
