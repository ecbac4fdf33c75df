"""The README tells the truth about what the code declares, and stays a newcomer's page."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from krmfn import __version__
from tests.conftest import REPO


def readme() -> str:
    with open(os.path.join(REPO, "README.md")) as handle:
        return handle.read()


def test_quickstart_has_exactly_two_commands():
    section = readme().split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    assert len(re.findall(r"```sh\n", section)) == 2


def test_ci_runs_the_readme_test_command():
    with open(os.path.join(REPO, ".ci", "run")) as handle:
        ci = handle.read()
    section = readme().split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    test_command = re.findall(r"```sh\n(.*?)\n```", section, re.S)[1]
    assert test_command.rsplit("&& ", 1)[1] in ci


def test_pre_commit_rev_is_the_release_tag_and_the_tag_exists():
    """pre-commit fails on a `rev:` that names no tag: the README pins this version's tag, which the
    repository must have (skipped where no tags are at hand: the test image, a shallow clone)."""
    revs = re.findall(r"- repo: https://github.com/krmfn/krmfn\n  rev: (\S+)", readme())
    assert revs == [f"v{__version__}"]
    if shutil.which("git") is None:
        pytest.skip("git is not installed (the test image)")
    listed = subprocess.run(["git", "tag", "--list"], cwd=REPO, capture_output=True, text=True, check=False)
    tags = listed.stdout.split() if listed.returncode == 0 else []
    if not tags:
        pytest.skip("no git tags here (not a full checkout)")
    assert f"v{__version__}" in tags


def test_readme_is_a_newcomers_page() -> None:
    """What krmfn is, the quickstart, an example per mode, the integrations and links: the rest is
    in docs/ (issue numbers and development history belong to neither)."""
    text = readme()
    assert len(text.splitlines()) <= 300
    assert not re.search(r"\bissue \d+|\(#\d+\)", text)


def test_user_docs_carry_no_issue_numbers_or_history() -> None:
    """The user-facing pages say what is true now: no issue numbers, sessions or stops."""
    pages = [os.path.join(REPO, "README.md"), os.path.join(REPO, "bench", "README.md")]
    for root, _, names in os.walk(os.path.join(REPO, "docs")):
        pages += [os.path.join(root, name) for name in names if name.endswith(".md")]
    found = []
    for page in pages:
        with open(page, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if re.search(r"\bissues? #?\d+\b|\bsession \d+|\bstop \d+\b", line, re.I):
                    found.append(f"{os.path.relpath(page, REPO)}:{number}: {line.strip()}")
    assert found == []

