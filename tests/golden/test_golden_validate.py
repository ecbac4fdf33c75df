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

import re
import subprocess
import sys

import pytest

from tests.conftest import REPO, shared_path
from tests.golden.versions import RELEASE_IDS, RELEASES, corpus_for, release_args

DELIBERATE = {"inference/pvc-empty-label-value"}


@pytest.mark.parametrize("version,expected", RELEASES, ids=RELEASE_IDS)
def test_validate_matches_kubevirt_admission_on_every_golden_case(version: str, expected: str, tmp_path) -> None:
    tool = shared_path("tools", "golden_validate_compare.py")
    corpus = corpus_for(shared_path("golden"), expected, str(tmp_path))
    # The corpus's `validation` stops before KubeVirt's general VM checks: score without them.
    proc = subprocess.run([sys.executable, tool, corpus, "--show", "50", "--set", "disable=vm-admission",
                           *release_args(version, expected), "--", sys.executable, "-m", "krmfn"],
                          capture_output=True, text=True, check=False, cwd=REPO, timeout=1800)
    print(proc.stdout[-3000:])
    match = re.search(r"^validate-parity: (\d+)/(\d+)", proc.stdout, re.M)
    assert match, proc.stdout[-2000:] + proc.stderr[-2000:]
    whole = corpus == shared_path("golden")
    deliberate = {case for case in DELIBERATE if whole or (tmp_path / "corpus" / case).exists()}
    failed = set(re.findall(r"^FAIL (\S+):", proc.stdout, re.M))
    assert failed == deliberate
    assert int(match.group(2)) - int(match.group(1)) == len(deliberate)
