"""Time-boxed fuzz run over the ResourceList reader and the engine (hypothesis; no atheris needed).

usage: python tests/fuzz/run_fuzz.py [SECONDS] [--seed N]      (default 60 s)

Runs batches of generated inputs (well-formed bundles, byte-mutated ones, raw bytes; see
targets.py) through the KRM function, the CLI's file reader and the fast/exact reader comparison
until the time is up. Prints what it ran. On a crash it prints the shrunk input, writes it to
tests/fuzz/crashes/<sha>.bin (to be turned into a regression test: tests/unit/robustness/
test_fuzz_regressions.py runs every file there) and exits 1; otherwise exits 0.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, REPO)

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as fixed_seed  # noqa: E402

from krmfn.kio import tree as yt  # noqa: E402
from tests.fuzz.targets import TARGETS, inputs  # noqa: E402

CRASHES = os.path.join(HERE, "crashes")
BATCH = 200


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seconds", nargs="?", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=None, help="first batch's seed (default: random)")
    args = parser.parse_args(argv)
    yt.parse(b"{}")  # raises the recursion limit once, before hypothesis watches it
    deadline = time.monotonic() + args.seconds
    counts = {name: 0 for name in TARGETS}
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    batches = 0
    failure: tuple[str, bytes, str] | None = None
    print(f"fuzz: {args.seconds:.0f} s over targets {', '.join(TARGETS)}, seed {seed}", flush=True)
    while time.monotonic() < deadline and failure is None:
        for name, target in TARGETS.items():
            if time.monotonic() >= deadline:
                break
            last: list[bytes] = []
            run = _batch(name, target, last, counts, deadline)
            try:
                fixed_seed(seed + batches)(run)()  # one reproducible batch per seed
            except Exception:  # noqa: BLE001 - a crash: report the shrunk input
                failure = (name, last[0] if last else b"", traceback.format_exc())
                break
            batches += 1
    return _report(counts, batches, failure)


def _batch(name, target, last, counts, deadline):
    failed = [False]

    @settings(max_examples=BATCH, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink],
              print_blob=False)
    @given(inputs())
    def run(data: bytes) -> None:
        now = time.monotonic()
        if (now >= deadline and not failed[0]) or now >= deadline + 20:
            return  # time is up (shrinking a crash gets 20 s more)
        last[:] = [data]
        counts[name] += 1
        try:
            target(data)
        except BaseException:
            failed[0] = True
            raise

    return run


def _report(counts, batches, failure) -> int:
    total = sum(counts.values())
    print(f"fuzz: {total} inputs in {batches} batches ({', '.join(f'{k} {v}' for k, v in counts.items())})")
    if failure is None:
        print("fuzz: no crash found")
        return 0
    name, data, trace = failure
    os.makedirs(CRASHES, exist_ok=True)
    path = os.path.join(CRASHES, hashlib.sha256(data).hexdigest()[:16] + ".bin")
    with open(path, "wb") as handle:
        handle.write(data)
    print(f"fuzz: CRASH in target {name}; input ({len(data)} bytes) saved to {os.path.relpath(path, REPO)}")
    print(repr(data[:2000]))
    print(trace[-4000:])
    return 1


if __name__ == "__main__":
    sys.exit(main())
