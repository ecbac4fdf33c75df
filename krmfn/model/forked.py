"""Run a pure, per-index computation over many indices on every CPU the process may use.

validate admits each VirtualMachine on its own: on a 2-core machine, two processes halve the
admission of a large bundle. ``map_forked`` forks worker processes (copy-on-write: they see the
parent's data as it was, nothing is sent to them), gives each a contiguous slice of the indices,
computes the first slice in the parent, and reads the others' results back as JSON (plain data:
nothing a worker sends can run code in the parent), in index order. It falls back to computing a
slice in the parent whenever a worker cannot be used (no ``fork``, a fork failure, results that
are not JSON-like, a crashed worker), so the result never depends on it.

Workers are used only where they pay: at least ``MIN_PER_WORKER`` indices per worker, more than one
CPU in the process's affinity mask, and not when ``KRMFN_WORKERS=1`` (``KRMFN_WORKERS=N`` caps the
count; set it where a CPU quota, which the function does not read, allows fewer CPUs than the mask).
"""
from __future__ import annotations

import os
import json
from collections.abc import Callable, Sequence

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")
MIN_PER_WORKER = 1000
WORKERS_VARIABLE = "KRMFN_WORKERS"
_FAILED = b"\x00failed"


def usable_cpus() -> int:
    """The CPUs in this process's affinity mask."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def worker_count(items: int) -> int:
    """How many processes to use for ``items`` indices (1: no fork)."""
    wanted = usable_cpus()
    override = os.environ.get(WORKERS_VARIABLE, "")
    if override.isdigit() and int(override) > 0:
        wanted = min(wanted, int(override))
    if not hasattr(os, "fork"):
        return 1
    return max(1, min(wanted, items // MIN_PER_WORKER))


def map_forked(work: Callable[[Sequence[int]], list[T]], indices: Sequence[int],
               pack: Callable[[list[T]], Any] | None = None,
               unpack: Callable[[Any], list[T]] | None = None) -> list[T]:
    """``work(indices)``, computed in slices by up to ``worker_count`` processes. ``work`` must be
    deterministic, return one result per index, and change nothing the parent reads. A worker's
    results go through ``pack`` (to JSON-like data: dicts, lists, strings, numbers, booleans,
    None) before they are sent and ``unpack`` after; without them the results must be JSON-like."""
    workers = worker_count(len(indices))
    if workers == 1:
        return work(indices)
    size = -(-len(indices) // workers)
    slices = [indices[start:start + size] for start in range(0, len(indices), size)]
    children = [_fork(work, part, pack or _same) for part in slices[1:]]
    results = work(slices[0])
    for part, child in zip(slices[1:], children, strict=True):
        results += _collect(child, work, part, unpack or _same)
    return results


def _same(results: Any) -> Any:
    return results


def _fork(work: Callable[[Sequence[int]], list[T]], part: Sequence[int],
          pack: Callable[[list[T]], Any]) -> tuple[int, int] | None:
    """A worker computing ``part``: (pid, read end of its pipe), or None when it cannot start."""
    try:
        read_end, write_end = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:  # the worker: compute, write, leave without running the parent's exit handlers
        os.close(read_end)
        try:
            payload = json.dumps(pack(work(part)), separators=(",", ":")).encode()
        except BaseException:  # noqa: BLE001 - any failure means "compute it in the parent"
            payload = _FAILED
        with os.fdopen(write_end, "wb") as out:
            out.write(payload)
        os._exit(0)
    os.close(write_end)
    return pid, read_end


def _collect(child: tuple[int, int] | None, work: Callable[[Sequence[int]], list[T]],
             part: Sequence[int], unpack: Callable[[Any], list[T]]) -> list[T]:
    if child is None:
        return work(part)
    pid, read_end = child
    with os.fdopen(read_end, "rb") as source:
        payload = source.read()
    _, status = os.waitpid(pid, 0)
    if payload == _FAILED or os.waitstatus_to_exitcode(status) != 0:
        return work(part)
    try:
        results: list[T] = unpack(json.loads(payload))
    except Exception:  # noqa: BLE001 - a truncated or unexpected payload: compute it here
        return work(part)
    return results if len(results) == len(part) else work(part)
