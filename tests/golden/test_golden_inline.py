"""Golden parity of `inline` with KubeVirt's expand, through the real function, for each KubeVirt
release the corpus records (``kubevirtVersion``; ``tests/golden/versions.py``).

Runs ../shared/tools/golden_compare.py over the corpus with `python -m krmfn` as the function (a
fresh process per case, as kpt and kustomize run it) and prints its `parity: P/T`: the whole
corpus against `expected.yaml` (v1.9), and, for v1.8 and v1.7, the cases whose answer differs from
it. Every case matches under the default `legacyApiVersions: reject` (test_golden_legacy.py runs
the legacy cases with `convert`). Skipped when ../shared is absent: the project's own tests do not
need it.
"""
from __future__ import annotations

import re

import pytest

from tests.conftest import shared_path
from tests.golden import comparers
from tests.golden.versions import RELEASE_IDS, RELEASES

DELIBERATE: set[str] = set()


@pytest.mark.parametrize("version,expected", RELEASES, ids=RELEASE_IDS)
def test_inline_matches_kubevirt_expand_on_every_golden_case(version: str, expected: str) -> None:
    stdout, stderr, corpus = comparers.output("golden_compare.py", version)
    print(stdout[stdout.find("category"):])
    match = re.search(r"^parity: (\d+)/(\d+)$", stdout, re.M)
    assert match, stdout[-2000:] + stderr[-2000:]
    passed, total = int(match.group(1)), int(match.group(2))
    assert total >= (600 if corpus == shared_path("golden") else 1)
    assert set(re.findall(r"^MISMATCH (\S+)$", stdout, re.M)) == DELIBERATE, stdout[-4000:]
    assert total - passed == len(DELIBERATE)
