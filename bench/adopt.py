"""Benchmark of `krmfn adopt` and `krmfn normalize --check` on imported VMs.

Writes N VMs shaped as Forklift imports them (the four VMs of kustomize-examples/adopt-imported,
repeated under new names: half adoptable, half not, which costs the most: every candidate is
tried) and times, best of --repeat fresh processes each, `krmfn adopt` (the report),
`krmfn adopt --generate` and `krmfn normalize --check` on that file.

usage: python bench/adopt.py [--vms 1000] [--repeat 2]
"""
from __future__ import annotations

import argparse
import copy
import os
import subprocess
import sys
import tempfile
import time

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(os.path.dirname(HERE), "kustomize-examples", "adopt-imported", "resources")
RUNS = {"adopt": ["adopt"], "adopt --generate": ["adopt", "--generate"], "normalize --check": ["normalize", "--check"]}


def imported_vms(count: int) -> list[dict]:
    shapes = []
    for name in sorted(os.listdir(EXAMPLE)):
        with open(os.path.join(EXAMPLE, name)) as handle:
            shapes += [doc for doc in yaml.safe_load_all(handle) if doc]
    vms = []
    for index in range(count):
        vm = copy.deepcopy(shapes[index % len(shapes)])
        vm["metadata"]["name"] = f"{vm['metadata']['name']}-{index}"
        vms.append(vm)
    return vms


def best(cmd: list[str], repeat: int) -> tuple[float, int]:
    walls, code = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        code = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False).returncode
        walls.append(time.perf_counter() - start)
    return min(walls), code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vms", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "vms.yaml")
        with open(path, "w") as handle:
            yaml.safe_dump_all(imported_vms(args.vms), handle, sort_keys=False)
        print("| VMs | run | wall s | ms per VM | exit |")
        print("|---:|---|---:|---:|---:|")
        for label, run in RUNS.items():
            wall, code = best([sys.executable, "-m", "krmfn", *run, "--no-config", path], args.repeat)
            print(f"| {args.vms} | {label} | {wall:.2f} | {wall / args.vms * 1000:.1f} | {code} |", flush=True)


if __name__ == "__main__":
    main()
