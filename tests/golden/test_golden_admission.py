"""The complete admission against the golden corpus's `admission` key, through the real function.

Runs ../shared/tools/golden_admission_compare.py: every VM KubeVirt rejects must get an error with
each of KubeVirt's cause messages, and no VM it admits may get one. KubeVirt's general VM checks
are being ported (issue 21), so not every rejection is reported yet; what is held here: no false
error on any admitted VM, and the rejections ported so far stay reported. For main, v1.8 and
v1.7 (``kubevirtVersion``; ``tests/golden/versions.py``: the cases whose answer differs from
v1.9's), every case.
"""
from __future__ import annotations

import re

import pytest

from tests.golden import comparers
from tests.golden.versions import DEFAULT_VERSION, RELEASE_IDS, RELEASES

PORTED = {"admission/vm-no-runstrategy", "admission/it-iothreadspolicy-unknown",
          "instancetype-fields/iothreads-policy-supplementalpool"}


@pytest.mark.parametrize("version,expected", RELEASES, ids=RELEASE_IDS)
def test_admission_never_rejects_what_kubevirt_admits_and_reports_what_is_ported(version: str,
                                                                                 expected: str) -> None:
    stdout, stderr, corpus = comparers.output("golden_admission_compare.py", version)
    print(stdout[-3000:])
    match = re.search(r"^admission-parity: \d+/\d+ \(rejected (\d+)/(\d+), admitted (\d+)/(\d+)\)", stdout, re.M)
    assert match, stdout[-2000:] + stderr[-2000:]
    rejected, rejected_total, admitted, admitted_total = map(int, match.groups())
    assert admitted == admitted_total
    if version != DEFAULT_VERSION:
        assert rejected == rejected_total, stdout[-3000:]
        return
    failed = set(re.findall(r"^FAIL (\S+) ", stdout, re.M))
    assert not failed & PORTED
    assert rejected >= len(PORTED) and rejected_total == 45
