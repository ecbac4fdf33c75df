"""Start-up: how long the small runs take from process start to exit, against `python -c pass`.

usage: python bench/startup.py [--repeat 15] [--importtime]

Most runs of krmfn are small (kustomize and kpt start the function once per build, pre-commit
and CI lint a few files), so start-up is what users wait for. Each command runs ``--repeat``
times, the commands taking turns so that a noisy machine slows them all alike; the table gives
the median and the best run and the median's ratio to the median of ``python -c pass`` (the
targets: ``krmfn --help`` within 3 times, one VM within 5 times). Each command runs once first, as a
user's first run, which writes krmfn's module cache (``krmfn.cli.modulecache``). The one-VM inputs are a
ResourceList on stdin (as kustomize and kpt send it) and a directory of files (as the CLI
reads them): a VM with its instance type and preference in the bundle, and a VM that names the
catalog's ``u1.medium`` and ``fedora``. ``krmfn`` is the console script installed beside this
Python, as users run it (``python -m krmfn`` when there is none). The commands run in a scratch
directory, so that they import the krmfn installed (or on PYTHONPATH), not a checkout in the
working directory. ``--importtime`` adds the ten modules with the largest
own import time in the function's validate run (the best of three ``python -X importtime`` runs).

Run it from a regular install (``pip install .``), as users run krmfn: an editable install's import
hook makes ``python -c pass`` itself load ``pathlib``, ``re``, ``urllib`` and ``ipaddress``, which
krmfn then finds loaded, and every ratio comes out about half the real one. It refuses an editable
install unless given ``--allow-editable``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from generate import bundle  # noqa: E402
from run import compile_package  # noqa: E402



def _krmfn_command() -> list[str]:
    """``krmfn`` as users run it: the console script installed beside this Python (pre-commit, CI
    and the container image run it), else ``python -m krmfn``."""
    script = os.path.join(os.path.dirname(sys.executable), "krmfn")
    return [script] if os.path.isfile(script) else [sys.executable, "-m", "krmfn"]


KRMFN = _krmfn_command()
CATALOG_VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: web
  namespace: lab
spec:
  runStrategy: Halted
  instancetype:
    name: u1.medium
  preference:
    name: fedora
  template:
    spec:
      domain:
        devices: {}
"""


def inputs(scratch: str) -> dict[str, str]:
    """The files the commands read: one-VM ResourceLists for validate and inline, a directory
    holding the same VM with its instance type and preference, and a VM naming catalog types."""
    paths = {"validate.yaml": bundle(1, "validate"), "inline.yaml": bundle(1, "inline"),
             "objects/vm.yaml": _objects(bundle(1, "validate")), "catalog/vm.yaml": CATALOG_VM}
    for name, text in paths.items():
        path = os.path.join(scratch, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    return {name: os.path.join(scratch, name) for name in paths}


def _objects(resource_list: str) -> str:
    """The items of a generated ResourceList as a multi-document file."""
    import yaml  # noqa: PLC0415 - the bench's own helper, not krmfn
    items = yaml.safe_load(resource_list)["items"]
    for item in items:
        item["metadata"].pop("annotations", None)
    return yaml.safe_dump_all(items, sort_keys=False)


def commands(files: dict[str, str]) -> list[tuple[str, list[str], str | None]]:
    """(label, argv, stdin file)."""
    return [
        ("python -c pass", [sys.executable, "-c", "pass"], None),
        ("krmfn --help", [*KRMFN, "--help"], None),
        ("function, validate, 1 VM (stdin)", KRMFN, files["validate.yaml"]),
        ("function, inline, 1 VM (stdin)", KRMFN, files["inline.yaml"]),
        ("krmfn validate DIR (1 VM, its types)", [*KRMFN, "validate", os.path.dirname(files["objects/vm.yaml"])], None),
        ("krmfn inline DIR (1 VM, its types)", [*KRMFN, "inline", os.path.dirname(files["objects/vm.yaml"])], None),
        ("krmfn validate FILE (1 VM, catalog types)", [*KRMFN, "validate", files["catalog/vm.yaml"]], None),
    ]


def wall(argv: list[str], stdin: str | None, cwd: str, writing: bool = False) -> float:
    """One run's time; ``writing``: with Python allowed to write bytecode (and krmfn its module cache)."""
    env = {name: value for name, value in os.environ.items() if not writing or name != "PYTHONDONTWRITEBYTECODE"}
    with open(stdin or os.devnull, "rb") as handle:
        start = time.perf_counter()
        subprocess.run(argv, stdin=handle, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=cwd,
                       env=env)
        return time.perf_counter() - start


def importtime_top(argv: list[str], stdin: str, cwd: str, count: int = 10) -> list[tuple[float, str]]:
    """The modules with the largest own import time (ms, best of three runs)."""
    best: dict[str, int] = {}
    for _ in range(3):
        with open(stdin, "rb") as handle:
            python_argv = argv[1:] if argv[0] == sys.executable else argv  # the script: run by this Python
            done = subprocess.run([sys.executable, "-X", "importtime", *python_argv], stdin=handle,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False, cwd=cwd)
            err = done.stderr.decode()
        for line in err.splitlines():
            if line.startswith("import time:") and "self [us]" not in line:
                own, _, name = (part.strip() for part in line.removeprefix("import time:").split("|"))
                best[name] = min(best.get(name, 1 << 60), int(own))
    return sorted(((us / 1000, name) for name, us in best.items()), reverse=True)[:count]


def editable_install() -> bool:
    """Whether the krmfn that ``python -m krmfn`` runs is an editable install (PEP 660)."""
    from importlib.metadata import PackageNotFoundError, distribution  # noqa: PLC0415
    try:
        text = distribution("krmfn").read_text("direct_url.json")
    except PackageNotFoundError:
        return False
    return bool(text) and bool(json.loads(text).get("dir_info", {}).get("editable", False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument("--allow-editable", action="store_true",
                        help="measure an editable install anyway (its ratios are not the users')")
    args = parser.parse_args()
    if editable_install() and not args.allow_editable:
        parser.error("krmfn is an editable install: its import hook loads modules into `python -c pass` that "
                     "krmfn then finds loaded, so the ratios come out about half the real ones; measure from "
                     "`pip install .` (or pass --allow-editable)")
    compile_package()
    with tempfile.TemporaryDirectory() as scratch:
        files = inputs(scratch)
        runs = commands(files)
        for _, argv, stdin in runs:  # a user's first runs: they write krmfn's module cache
            wall(argv, stdin, scratch, writing=True)
        times: dict[str, list[float]] = {label: [] for label, _, _ in runs}
        for _ in range(args.repeat):
            for label, argv, stdin in runs:
                times[label].append(wall(argv, stdin, scratch))
        floor = statistics.median(times["python -c pass"])
        print("| command | median s | best s | x python -c pass |\n|---|---:|---:|---:|")
        for label, _, _ in runs:
            median = statistics.median(times[label])
            print(f"| {label} | {median:.3f} | {min(times[label]):.3f} | {median / floor:.1f} |")
        if args.importtime:
            print("\nown import time, function validate of 1 VM (ms, best of 3):")
            for ms, name in importtime_top(KRMFN, files["validate.yaml"], scratch):
                print(f"{ms:6.2f}  {name}")


if __name__ == "__main__":
    main()
