"""Complexity, not timing: doubling the bundle must about double the work, never square it.

Work is counted as Python function calls (cProfile's call count is deterministic, unlike a
clock on a shared machine) for the read, each mode's engine and the write, on the benchmark's
own realistic bundles (bench/generate.py). A quadratic step (a list scan per VM, a per-item
copy of the whole bundle) would make the ratio approach 4; linear work gives about 2.
"""
from __future__ import annotations

import cProfile
import os
import pstats
import sys
import time
from collections.abc import Callable

import pytest

from krmfn.modes import dispatch as modes
from krmfn.kio import config as cfg
from krmfn.kio import output
from krmfn.kio import resourcelist as rlio

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
from generate import bundle  # noqa: E402

SMALL = 150
TIMED = 1000  # VMs: large enough that a scan of the bundle per VM shows
MAX_RATIO = 2.5  # linear is 2 plus the fixed part's shrinking share; quadratic would be ~4


def calls(work: Callable[[], object]) -> int:
    profile = cProfile.Profile()
    profile.enable()
    work()
    profile.disable()
    return pstats.Stats(profile).total_calls  # type: ignore[attr-defined]


def phases(size: int, mode: str) -> dict[str, int]:
    data = bundle(size, mode).encode()
    counted: dict[str, int] = {}
    holder: dict[str, object] = {}
    counted["read"] = calls(lambda: holder.setdefault("rl", rlio.read(data)))
    rl = holder["rl"]
    config = cfg.parse_function_config(rl.function_config)  # type: ignore[attr-defined]
    values = [item.value for item in rl.items]  # type: ignore[attr-defined]
    counted["engine"] = calls(lambda: holder.setdefault("outcome", modes.run(config.mode, values, config.options)))
    counted["write"] = calls(lambda: output.write_chunks(rl, holder["outcome"], []))  # type: ignore[arg-type]
    return counted


@pytest.mark.parametrize("mode", ["inline", "validate", "generate"])
def test_doubling_the_bundle_at_most_doubles_the_work(mode: str) -> None:
    phases(10, mode)  # warm the caches (the catalog, compiled patterns) first
    small, large = phases(SMALL, mode), phases(2 * SMALL, mode)
    for phase in small:
        assert large[phase] > small[phase] * 1.5 or large[phase] < 5000, (phase, small[phase], large[phase])
        assert large[phase] <= small[phase] * MAX_RATIO, (phase, small[phase], large[phase])


def engine_cpu_seconds(size: int, mode: str) -> float:
    rl = rlio.read(bundle(size, mode).encode())
    config = cfg.parse_function_config(rl.function_config)
    values = [item.value for item in rl.items]
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        modes.run(config.mode, values, config.options)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize("mode", ["inline", "validate"])
def test_doubling_the_bundle_does_not_quadruple_engine_time(mode: str) -> None:
    """Call counts miss work done in C (a list scan per VM); CPU time catches it. Margins are
    generous: linear is 2, quadratic 4; the best of three runs damps a noisy machine."""
    engine_cpu_seconds(10, mode)
    small, large = engine_cpu_seconds(TIMED, mode), engine_cpu_seconds(2 * TIMED, mode)
    assert large <= small * 3.0, (small, large)
