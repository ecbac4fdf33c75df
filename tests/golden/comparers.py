"""The golden comparers (../shared/tools/golden_*compare.py), run side by side.

Each comparer runs the function once per case (a fresh process, as kpt and kustomize run it), so
the comparers over the corpora, for each KubeVirt target, are most of the suite's time, on one
CPU. The first test that asks for a comparer's output starts every planned run at once
(``CORPORA`` × their comparers × ``versions.RELEASES``), writing to files, so that they share the
machine's CPUs; each test then waits for its own run. The outputs are the comparers' own, unchanged.
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

from tests.conftest import REPO, SHARED, shared_path
from tests.golden.versions import RELEASES, release_args, release_corpus

GOLDEN = "golden"
GOLDEN_KINDS = "golden-kinds"
REALWORLD = "realworld"
# The kinds ../shared/golden-kinds scores (its README).
KINDS = ("VirtualMachineInstance,VirtualMachineInstanceReplicaSet,VirtualMachineInstancePreset,MigrationPolicy,"
         "VirtualMachineSnapshot,VirtualMachineExport,VirtualMachineClone,KubeVirt")

# corpus -> (its path under ../shared, comparer -> its options (the target's are added per run))
CORPORA: dict[str, tuple[tuple[str, ...], dict[str, list[str]]]] = {
    GOLDEN: (("golden",), {
        "golden_compare.py": ["--show", "50"],
        # The corpus's `validation` stops before KubeVirt's general VM checks: score without them.
        "golden_validate_compare.py": ["--show", "50", "--set", "disable=vm-admission"],
        "golden_admission_compare.py": [],
    }),
    GOLDEN_KINDS: (("golden-kinds",), {
        "golden_admission_compare.py": ["--stage", "all", "--kinds", KINDS, "--show", "100"],
    }),
    REALWORLD: (("realworld", ".oracle"), {
        "golden_admission_compare.py": ["--stage", "all", "--kinds", "VirtualMachine,VirtualMachineInstance",
                                        "--show", "100"],
    }),
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


_RUNS: dict[tuple[str, str, str], Run] = {}


def output(tool: str, version: str, corpus: str = GOLDEN) -> tuple[str, str, str]:
    """(stdout, stderr, corpus path) of ``tool`` on ``corpus`` for the target ``version``; skips
    the test when the target has no case whose answer differs from the default target's."""
    shared_path(*CORPORA[corpus][0])  # skips (or fails under KRMFN_REQUIRE_SHARED) where it is missing
    if not _RUNS:
        _start_all()
    run = _RUNS[corpus, tool, version]
    if run.process is None or run.corpus is None:
        pytest.skip(f"no {corpus} case has a {version} answer that differs from the default target's")
    run.process.wait(timeout=TIMEOUT)
    with open(run.stdout_path, encoding="utf-8") as out, open(run.stderr_path, encoding="utf-8") as err:
        return out.read(), err.read(), run.corpus


def _start_all() -> None:
    workdir = tempfile.mkdtemp(prefix="krmfn-golden-")
    atexit.register(shutil.rmtree, workdir, True)
    for name, (parts, plan) in CORPORA.items():
        path = os.path.join(SHARED, *parts)
        if not os.path.isdir(path):
            continue
        for version, _ in RELEASES:
            release_dir = os.path.join(workdir, name, version)
            os.makedirs(release_dir)
            corpus = release_corpus(path, version, release_dir)
            for tool, options in plan.items():
                if corpus is None:
                    _RUNS[name, tool, version] = Run(None)
                    continue
                stem = os.path.join(release_dir, tool)
                cmd = [sys.executable, shared_path("tools", tool), corpus, *options, *release_args(path, version),
                       "--", sys.executable, "-m", "krmfn"]
                with open(stem + ".out", "w") as out, open(stem + ".err", "w") as err:
                    process = subprocess.Popen(cmd, stdout=out, stderr=err, cwd=REPO)
                _RUNS[name, tool, version] = Run(corpus, process, stem + ".out", stem + ".err")
