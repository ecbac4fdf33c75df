"""Benchmark of `krmfn diff` (issue 17's target: two 10,000-VM trees in at most twice the time of
one inline of 10,000 VMs).

Writes two trees of N VMs (bench/generate.py's items as files): HEAD moves one VM in ten to another
instance type and changes one instance type. Times, best of --repeat fresh processes each,
`krmfn inline BASE` and `krmfn diff BASE HEAD`, and prints the ratio.

usage: python bench/diff.py [--vms 10000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generate import bundle  # noqa: E402


def write_trees(vms: int, root: str) -> tuple[str, str]:
    items = yaml.load(bundle(vms, "inline"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["items"]
    base, head = os.path.join(root, "base"), os.path.join(root, "head")
    for tree in (base, head):
        os.makedirs(tree)
    vm_index = 0
    for index, item in enumerate(items):
        for tree in (base, head):
            value = item
            if tree == head and item["kind"] == "VirtualMachine":
                if vm_index % 10 == 0:
                    value = {**item, "spec": {**item["spec"], "instancetype": {
                        **item["spec"]["instancetype"], "name": "bench-it-3"}}}
            elif tree == head and item["metadata"]["name"] == "bench-it-1":
                value = {**item, "spec": {**item["spec"], "memory": {"guest": "5Gi"}}}
            with open(os.path.join(tree, f"{index:06d}.yaml"), "w") as handle:
                yaml.dump(value, handle, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False)
        vm_index += item["kind"] == "VirtualMachine"
    return base, head


def best(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vms", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as root:
        base, head = write_trees(args.vms, root)
        krmfn = [sys.executable, "-m", "krmfn"]
        inline = best([*krmfn, "inline", "--no-config", base], args.repeat)
        diff = best([*krmfn, "diff", base, head], args.repeat)
        same = best([*krmfn, "diff", base, base], args.repeat)
    print("| VMs | inline s | diff (1 VM in 10 moved) s | diff (same trees) s | diff / inline |")
    print("|---:|---:|---:|---:|---:|")
    print(f"| {args.vms} | {inline:.2f} | {diff:.2f} | {same:.2f} | {diff / inline:.2f} |")


if __name__ == "__main__":
    main()
