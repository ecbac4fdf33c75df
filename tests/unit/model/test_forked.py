"""map_forked: the same results as one process, in order, whatever happens to the workers."""
from __future__ import annotations

import os
from collections.abc import Sequence

import pytest

from krmfn.model import forked


@pytest.fixture
def two_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked, "MIN_PER_WORKER", 2)
    monkeypatch.setattr(forked, "usable_cpus", lambda: 2)
    monkeypatch.delenv(forked.WORKERS_VARIABLE, raising=False)


def squares(indices: Sequence[int]) -> list[list[int]]:
    return [[index, index * index] for index in indices]


def test_results_come_back_in_index_order_from_two_processes(two_workers: None) -> None:
    parent = os.getpid()

    def work(indices: Sequence[int]) -> list[list[int]]:
        return [[index, index * index, os.getpid()] for index in indices]

    results = forked.map_forked(work, list(range(10)))
    assert [[i, sq] for i, sq, _ in results] == squares(range(10))
    pids = sorted({pid for _, _, pid in results})
    assert len(pids) == 2 and parent in pids  # the first half in the parent, the second in a worker


def test_one_cpu_or_few_items_or_the_variable_means_one_process(two_workers: None,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    assert forked.worker_count(100) == 2
    assert forked.worker_count(3) == 1  # fewer than MIN_PER_WORKER per worker
    monkeypatch.setenv(forked.WORKERS_VARIABLE, "1")
    assert forked.worker_count(100) == 1
    monkeypatch.setattr(forked, "usable_cpus", lambda: 1)
    monkeypatch.delenv(forked.WORKERS_VARIABLE)
    assert forked.worker_count(100) == 1


def test_a_failing_worker_is_replaced_by_the_parent(two_workers: None) -> None:
    parent = os.getpid()

    def work(indices: Sequence[int]) -> list[int]:
        if os.getpid() != parent:
            raise RuntimeError("worker failure")
        return [index + 1 for index in indices]

    assert forked.map_forked(work, list(range(6))) == [1, 2, 3, 4, 5, 6]


def test_a_result_that_is_not_json_like_is_computed_in_the_parent(two_workers: None) -> None:
    def work(indices: Sequence[int]) -> list[object]:
        return [(lambda i=index: i) if os.getpid() != parent else index for index in indices]

    parent = os.getpid()
    assert forked.map_forked(work, list(range(4))) == [0, 1, 2, 3]


def test_pack_runs_in_the_worker_and_unpack_in_the_parent(two_workers: None) -> None:
    results = forked.map_forked(squares, list(range(4)), pack=lambda rs: [{"packed": r} for r in rs],
                                unpack=lambda rs: [r["packed"] for r in rs])
    assert results == squares(range(4))


def test_usable_cpus_is_at_least_one() -> None:
    assert forked.usable_cpus() >= 1
