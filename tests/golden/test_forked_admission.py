"""Admission in worker processes answers exactly what one process answers, on every golden
case: every verdict, and the conflict-free pairs validate's expand pass reuses
(the same objects, or none where a worker built the spec itself)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_api import admit
from krmfn.admission.admit import admit_items
from krmfn.kio.files import load_items, read_sources
from krmfn.model import forked
from tests.golden.test_check_expand import golden_inputs


def corpus_bundles() -> list[list]:
    """Every golden case's items (each case is a bundle of its own)."""
    return [[item.value for item in load_items(read_sources([path]))] for path in golden_inputs()]


def test_two_workers_answer_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    bundles = corpus_bundles()
    monkeypatch.setenv(forked.WORKERS_VARIABLE, "1")
    serial = [admit_items(values) for values in bundles]
    monkeypatch.setattr(forked, "MIN_PER_WORKER", 1)
    monkeypatch.setattr(forked, "usable_cpus", lambda: 2)
    monkeypatch.delenv(forked.WORKERS_VARIABLE)
    from_workers: list[int] = []
    unpack = admit.SpecReferences.unpack

    def counting_unpack(self: admit.SpecReferences, packed: list) -> list:
        from_workers.append(len(packed))
        return unpack(self, packed)

    monkeypatch.setattr(admit.SpecReferences, "unpack", counting_unpack)
    reused = compared = 0
    for values, one in zip(bundles, serial, strict=True):
        two = admit_items(values)
        assert two.verdicts == one.verdicts and two.rejected == one.rejected
        for a, b in zip(one.verdicts, two.verdicts, strict=True):
            if a is None or b is None or b.conflict_free is None:
                continue
            assert a.conflict_free is not None
            assert all(x is y for x, y in zip(a.conflict_free, b.conflict_free, strict=True))
            reused += 1
        compared += sum(1 for verdict in one.verdicts if verdict is not None)
    assert compared > 1000 and reused > 300 and sum(from_workers) > 150, (compared, reused, sum(from_workers))
