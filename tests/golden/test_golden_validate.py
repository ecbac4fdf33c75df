"""Golden parity of `validate` with KubeVirt's admission and expand, through the real function, for
each KubeVirt release the corpus records (``kubevirtVersion``; ``tests/golden/versions.py``: the
whole corpus for v1.9, the cases whose answer differs for v1.8 and v1.7).

Runs ../shared/tools/golden_validate_compare.py (a fresh process per case) and prints its
`validate-parity: P/T`. Some cases differ on purpose: in inference/pvc-empty-label-value the VM
is admitted but its stored form cannot be expanded (`expandStored` fails), so it would fail when
started; validate reports that, while the tool, which skips expand errors in the inference
category, expects a clean exit. The cases of `legacy.LEGACY_CASES` differ only under
`legacyApiVersions: convert` (test_golden_legacy.py).
"""
from __future__ import annotations

import os
import re

import pytest

from tests.conftest import shared_path
from tests.golden import comparers
from tests.golden.versions import RELEASE_IDS, RELEASES

DELIBERATE = {"inference/pvc-empty-label-value"}


@pytest.mark.parametrize("version,expected", RELEASES, ids=RELEASE_IDS)
def test_validate_matches_kubevirt_admission_on_every_golden_case(version: str, expected: str) -> None:
    # Scored without KubeVirt's general VM checks (comparers.PLAN): the corpus's `validation`
    # stops before them.
    stdout, stderr, corpus = comparers.output("golden_validate_compare.py", version)
    print(stdout[-3000:])
    match = re.search(r"^validate-parity: (\d+)/(\d+)", stdout, re.M)
    assert match, stdout[-2000:] + stderr[-2000:]
    whole = corpus == shared_path("golden")
    deliberate = {case for case in DELIBERATE if whole or os.path.exists(os.path.join(corpus, case))}
    failed = set(re.findall(r"^FAIL (\S+):", stdout, re.M))
    assert failed == deliberate
    assert int(match.group(2)) - int(match.group(1)) == len(deliberate)
