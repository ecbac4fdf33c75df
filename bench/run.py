"""Benchmark runner: wall time, time per 1,000 VMs and peak memory, for each mode and size.

usage: python bench/run.py [--sizes 100,1000,10000,50000]
                           [--modes passthrough,inline,validate,validate-vmi,validate-template,generate,
                                    normalize,pyyaml,function-catalog,cli-catalog,cli-template]
                           [--repeat N]
``validate-vmi`` validates a bundle of N VirtualMachineInstances (``generate.py --kind vmi``),
``validate-template`` one of N VirtualMachineTemplates yielding the N VMs (``--kind template``).
``function-catalog`` validates N VMs naming the catalog's u1.medium and fedora as a ResourceList on
stdin, ``cli-catalog`` the same VMs as one file (``krmfn validate FILE``), ``cli-template`` N
templates yielding them as one file; the last lines give cli-catalog's time and peak memory over
function-catalog's, and each template mode's time over its VMs' (validate, cli-catalog).
Each run is a fresh process fed a generated ResourceList on stdin (as kpt and kustomize do);
peak memory is the child's max RSS. The pyyaml row is a PyYAML C-loader load and dump of the
same input: the floor a straightforward Python function would have.
"""
from __future__ import annotations

import argparse
import compileall
import os
import subprocess
import sys
import tempfile
import time

import krmfn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generate import bundle, documents  # noqa: E402

COMMANDS = {
    "passthrough": [sys.executable, os.path.join(HERE, "passthrough.py")],
    "inline": [sys.executable, "-m", "krmfn"],
    "validate": [sys.executable, "-m", "krmfn"],
    "validate-vmi": [sys.executable, "-m", "krmfn"],
    "validate-template": [sys.executable, "-m", "krmfn"],
    "generate": [sys.executable, "-m", "krmfn"],
    "normalize": [sys.executable, "-m", "krmfn"],
    "pyyaml": [sys.executable, os.path.join(HERE, "pyyaml_floor.py")],
    "function-catalog": [sys.executable, "-m", "krmfn"],
    "cli-catalog": [sys.executable, "-m", "krmfn", "validate"],  # the file as its argument, not on stdin
    "cli-template": [sys.executable, "-m", "krmfn", "validate"],
}
CLI_MODES = ("cli-catalog", "cli-template")
# Each template mode over the mode validating the VMs its templates yield.
TEMPLATE_RATIOS = (("validate-template", "validate"), ("cli-template", "cli-catalog"))


def measure(cmd: list[str], path: str) -> tuple[float, float, int]:
    """(wall seconds, peak RSS MB, exit code) of one fresh process reading `path` on stdin."""
    with open(path, "rb") as stdin:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # wait4 gives this child's own max RSS; RUSAGE_CHILDREN would be a running max over all.
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024, proc.returncode


def compile_package() -> None:
    """Byte-compile krmfn first, as an installed wheel is: with PYTHONDONTWRITEBYTECODE set (or a
    read-only checkout) every run would otherwise recompile edited modules (+0.04 s per run)."""
    compileall.compile_dir(os.path.dirname(krmfn.__file__), quiet=1, legacy=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000,50000")
    parser.add_argument("--modes", default="passthrough,inline,validate,generate,pyyaml")
    parser.add_argument("--repeat", type=int, default=1, help="runs per cell; the best is reported")
    args = parser.parse_args()
    compile_package()
    sizes = [int(s) for s in args.sizes.split(",")]
    modes = args.modes.split(",")
    print("| VMs | MB | mode | wall s | s per 1,000 VMs | peak MB | x PyYAML floor | exit |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|")
    walls: dict[tuple[str, int], float] = {}
    peaks: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            floor = None
            rows = []
            for mode in modes:
                path = os.path.join(tmp, f"{size}-{mode}.yaml")
                with open(path, "w") as handle:
                    handle.write(_bundle(size, mode))
                mb = os.path.getsize(path) / 1e6
                command, stdin = ((COMMANDS[mode], path) if mode not in CLI_MODES
                                  else ([*COMMANDS[mode], path], os.devnull))
                best = min((measure(command, stdin) for _ in range(args.repeat)), key=lambda r: r[0])
                if mode == "pyyaml":
                    floor = best[0]
                rows.append((mode, mb, best))
            for mode, mb, (wall, peak, code) in rows:
                if code != 0:
                    print(f"bench: {mode} on {size} VMs exited {code}: its figures mean nothing", file=sys.stderr)
                ratio = f"{wall / floor:.2f}" if floor else "-"
                print(f"| {size} | {mb:.1f} | {mode} | {wall:.2f} | {wall / size * 1000:.3f} | {peak:.0f} "
                      f"| {ratio} | {code} |", flush=True)
                walls[mode, size] = wall
                peaks[mode, size] = peak
    print_scaling(walls, modes, sizes)
    print_cli_ratio(walls, peaks, sizes)
    print_template_ratios(walls, sizes)


def _bundle(size: int, mode: str) -> str:
    if mode == "function-catalog":
        return bundle(size, "validate", catalog=True)
    if mode in CLI_MODES:
        return documents(size, catalog=True, kind="template" if mode == "cli-template" else "vm")
    if mode == "validate-vmi":
        return bundle(size, "validate", kind="vmi")
    if mode == "validate-template":
        return bundle(size, "validate", kind="template")
    return bundle(size, "inline" if mode in ("passthrough", "pyyaml") else mode)


def print_scaling(walls: dict[tuple[str, int], float], modes: list[str], sizes: list[int]) -> None:
    """Time of the largest size over the time of the size five times smaller (linear: 5.0)."""
    large = max(sizes)
    if large // 5 not in sizes:
        return
    print(f"\nscaling, {large} VMs over {large // 5} VMs (linear is 5.0): " + ", ".join(
        f"{mode} {walls[mode, large] / walls[mode, large // 5]:.2f}" for mode in modes))


def print_cli_ratio(walls: dict[tuple[str, int], float], peaks: dict[tuple[str, int], float],
                    sizes: list[int]) -> None:
    """The CLI on files over the function on stdin, the same catalog VMs (target: 1.2 at most)."""
    for size in sizes:
        if ("cli-catalog", size) in walls and ("function-catalog", size) in walls:
            print(f"\ncli-catalog over function-catalog, {size} VMs: time "
                  f"{walls['cli-catalog', size] / walls['function-catalog', size]:.2f}, peak memory "
                  f"{peaks['cli-catalog', size] / peaks['function-catalog', size]:.2f}")


def print_template_ratios(walls: dict[tuple[str, int], float], sizes: list[int]) -> None:
    """N templates over the N VMs they yield (target: 1.5 at most)."""
    for size in sizes:
        for templates, vms in TEMPLATE_RATIOS:
            if (templates, size) in walls and (vms, size) in walls:
                print(f"\n{templates} over {vms}, {size}: time {walls[templates, size] / walls[vms, size]:.2f}")


if __name__ == "__main__":
    main()
