"""The KubeVirt targets the golden corpora record, and the cases that tell them apart.

Each case of a corpus (``../shared/golden``, ``../shared/golden-kinds``,
``../shared/realworld/.oracle``) has KubeVirt's answers per target: ``expected.yaml`` (main,
d923fdb8), ``expected-v1.9.yaml`` (the v1.9.0 release), ``expected-v1.8.yaml`` (v1.8.4) and
``expected-v1.7.yaml`` (v1.7.4). ``../shared/golden`` stores no ``expected-v1.9.yaml``: v1.9.0 gives
byte-identical answers to main there (its README), so its v1.9 answers are ``expected.yaml``.

The tests run every case for the default target (``v1.9``); for another target they run, by
default, only the cases whose answer differs from the default's (its "distinguishing" cases:
every other case already passes against the same answer with the default target), through a
corpus of symbolic links, so that the four targets cost about one run of the whole corpus.
``KRMFN_GOLDEN_ALL_RELEASES=1`` runs the whole corpus for every target.
"""
from __future__ import annotations

import os
from functools import cache
from typing import Any

import pytest
import yaml

DEFAULT_VERSION = "v1.9"
MAIN_EXPECTED = "expected.yaml"
# (kubevirtVersion, its answer file); the default target first.
RELEASES = [("v1.9", "expected-v1.9.yaml"), ("main", MAIN_EXPECTED), ("v1.8", "expected-v1.8.yaml"),
            ("v1.7", "expected-v1.7.yaml")]
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


def _case_dirs(corpus: str) -> list[str]:
    """``category/case`` of every case of ``corpus``."""
    cases = []
    for category in sorted(os.listdir(corpus)):
        category_dir = os.path.join(corpus, category)
        if os.path.isdir(category_dir):
            cases += [f"{category}/{case}" for case in sorted(os.listdir(category_dir))
                      if os.path.exists(os.path.join(category_dir, case, MAIN_EXPECTED))]
    return cases


@cache
def answer_file(corpus: str, version: str) -> str:
    """The name of ``version``'s answer file in ``corpus`` (``expected.yaml`` for v1.9 where the
    corpus stores no ``expected-v1.9.yaml``)."""
    name = dict(RELEASES)[version]
    if version == "v1.9" and not any(os.path.exists(os.path.join(corpus, case, name)) for case in _case_dirs(corpus)):
        return MAIN_EXPECTED
    return name


@cache
def distinguishing_cases(corpus: str, version: str) -> list[str]:
    """``category/case`` of every case whose answer for ``version`` differs from the default target's."""
    default = answer_file(corpus, DEFAULT_VERSION)
    expected = answer_file(corpus, version)
    cases = []
    for case in _case_dirs(corpus):
        answer = os.path.join(corpus, case, expected)
        if os.path.exists(answer) and _answer(answer) != _answer(os.path.join(corpus, case, default)):
            cases.append(case)
    return cases


def corpus_for(corpus: str, version: str, workdir: str) -> str:
    """The corpus to compare a target with: the whole one for the default target (or with
    ``KRMFN_GOLDEN_ALL_RELEASES=1``), else a tree of links to its distinguishing cases; skips the
    test when there is none."""
    found = release_corpus(corpus, version, workdir)
    if found is None:
        pytest.skip(f"no case of {corpus} has a {version} answer that differs from {DEFAULT_VERSION}'s")
    return found


def release_corpus(corpus: str, version: str, workdir: str) -> str | None:
    """``corpus_for`` without the skip: None when the target has no distinguishing case."""
    if version == DEFAULT_VERSION or ALL_CASES:
        return corpus
    cases = distinguishing_cases(corpus, version)
    if not cases:
        return None
    root = os.path.join(workdir, "corpus")
    for case in cases:
        category, name = case.split("/")
        os.makedirs(os.path.join(root, category), exist_ok=True)
        os.symlink(os.path.join(corpus, category, name), os.path.join(root, category, name))
    return root


def release_args(corpus: str, version: str) -> list[str]:
    """The comparers' options for a target: its answer file and ``kubevirtVersion``."""
    return ["--expected", answer_file(corpus, version), "--set", f"kubevirtVersion={version}"]
