"""Admission parity of every kind other than VirtualMachine, and of the real-world VMs and VMIs,
with the answers KubeVirt's own code gives, at every target, through the real function.

Runs ../shared/tools/golden_admission_compare.py with ``--stage all`` on
``../shared/golden-kinds`` (VirtualMachineInstances, replica sets, presets, migration policies,
snapshots, exports, clones and KubeVirt CRs; random and minimized cases) and on
``../shared/realworld/.oracle`` (the real-world VirtualMachines and VirtualMachineInstances): every
object KubeVirt refuses gets an error with each of its cause messages, and no object it admits
gets one. The whole corpus for v1.9, the cases whose answer differs from v1.9's for main, v1.8 and
v1.7 (``tests/golden/versions.py``).
"""
from __future__ import annotations

import re

import pytest

from tests.golden import comparers
from tests.golden.versions import RELEASE_IDS, RELEASES

PARITY = re.compile(r"^admission-parity: (\d+)/(\d+) \(rejected (\d+)/(\d+), admitted (\d+)/(\d+)\)", re.M)


def _assert_full_parity(corpus: str, version: str) -> None:
    stdout, stderr, _ = comparers.output("golden_admission_compare.py", version, corpus)
    print(stdout[-4000:])
    match = PARITY.search(stdout)
    assert match, stdout[-2000:] + stderr[-2000:]
    passed, total = int(match.group(1)), int(match.group(2))
    assert total > 0
    assert re.findall(r"^FAIL .*$", stdout, re.M) == []
    assert passed == total


@pytest.mark.parametrize("version,expected", RELEASES, ids=RELEASE_IDS)
def test_every_kind_matches_kubevirt_admission(version: str, expected: str) -> None:
    _assert_full_parity(comparers.GOLDEN_KINDS, version)


@pytest.mark.parametrize("version,expected", RELEASES, ids=RELEASE_IDS)
def test_realworld_vms_and_vmis_match_kubevirt_admission(version: str, expected: str) -> None:
    _assert_full_parity(comparers.REALWORLD, version)
