"""The KubeVirt releases the golden corpus records, and the cases that tell them apart.

Beside each case's ``expected.yaml`` (KubeVirt d923fdb8, ``kubevirtVersion: v1.9``) lie
``expected-v1.8.yaml`` (v1.8.4) and ``expected-v1.7.yaml`` (v1.7.4). The golden tests run every
case against ``expected.yaml``; for an older release they run, by default, only the cases whose
answer differs from ``expected.yaml`` (its "distinguishing" cases: every other case already
passes against the same answer with the default release), through a corpus of symbolic links, so
that the three releases cost about one run of the whole corpus. ``KRMFN_GOLDEN_ALL_RELEASES=1``
runs the whole corpus for every release.
"""
from __future__ import annotations

import os
from functools import cache
from typing import Any

import pytest
import yaml

DEFAULT_EXPECTED = "expected.yaml"
# (kubevirtVersion, its answer file); the default release first.
RELEASES = [("v1.9", DEFAULT_EXPECTED), ("v1.8", "expected-v1.8.yaml"), ("v1.7", "expected-v1.7.yaml")]
RELEASE_IDS = [version for version, _ in RELEASES]
ALL_CASES = os.environ.get("KRMFN_GOLDEN_ALL_RELEASES") == "1"

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _normalised(value: Any) -> Any:
    """v1.7.4's libraries write ``creationTimestamp: null`` into expanded metadata: null and empty
    maps are absent (golden README rules N4, N5)."""
    if isinstance(value, dict):
        kept = {key: _normalised(item) for key, item in value.items()}
        return {key: item for key, item in kept.items() if item is not None and item != {}}
    if isinstance(value, list):
        return [_normalised(item) for item in value]
    return value


def _answer(path: str) -> Any:
    with open(path, encoding="utf-8") as handle:
        return _normalised(list(yaml.load_all(handle, Loader=_LOADER)))


@cache
def distinguishing_cases(corpus: str, expected: str) -> list[str]:
    """``category/case`` of every case whose ``expected`` differs from its ``expected.yaml``."""
    cases = []
    for category in sorted(os.listdir(corpus)):
        category_dir = os.path.join(corpus, category)
        if not os.path.isdir(category_dir):
            continue
        for case in sorted(os.listdir(category_dir)):
            answer = os.path.join(category_dir, case, expected)
            default = os.path.join(category_dir, case, DEFAULT_EXPECTED)
            if os.path.exists(answer) and _answer(answer) != _answer(default):
                cases.append(f"{category}/{case}")
    return cases


def corpus_for(corpus: str, expected: str, workdir: str) -> str:
    """The corpus to compare a release with: the whole one for the default release (or with
    ``KRMFN_GOLDEN_ALL_RELEASES=1``), else a tree of links to its distinguishing cases; skips the
    test when there is none."""
    found = release_corpus(corpus, expected, workdir)
    if found is None:
        pytest.skip(f"no case of {corpus} has an {expected} that differs from {DEFAULT_EXPECTED}")
    return found


def release_corpus(corpus: str, expected: str, workdir: str) -> str | None:
    """``corpus_for`` without the skip: None when the release has no distinguishing case."""
    if expected == DEFAULT_EXPECTED or ALL_CASES:
        return corpus
    cases = distinguishing_cases(corpus, expected)
    if not cases:
        return None
    root = os.path.join(workdir, "corpus")
    for case in cases:
        category, name = case.split("/")
        os.makedirs(os.path.join(root, category), exist_ok=True)
        os.symlink(os.path.join(corpus, category, name), os.path.join(root, category, name))
    return root


def release_args(version: str, expected: str) -> list[str]:
    """The comparers' options for a release (none for the default one)."""
    return [] if expected == DEFAULT_EXPECTED else ["--expected", expected, "--set", f"kubevirtVersion={version}"]
