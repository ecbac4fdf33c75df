"""Benchmark of `krmfn validate` on a repository of kustomizations (issue 32's target: within 1.2
times its kustomize builds run in parallel plus the engine's own time).

Writes a repository: a base of N VMs (half on catalog instance types, half on two of its own), a
Component, K overlays (each a namespace, a name prefix, a strategic merge patch file, an inline JSON
patch and the Component) and one overlay whose base is remote (github.com), which fails offline.
Then reports, best of --repeat:

* the builds one after the other (`kubectl kustomize DIR` for each kustomization directory);
* the same builds in parallel (one per CPU);
* the builds as krmfn runs them (each object's source traced by krmfn, or read from kustomize's
  origin annotations when it cannot be), in parallel;
* every build with kustomize's origin annotations (through a scratch kustomization), in parallel:
  what tracing saves;
* the engine: `krmfn validate REPO` in a fresh process with those builds replayed from memory
  (everything krmfn does but the builds);
* `krmfn validate REPO`;

and the ratio of the last to (the builds in parallel + the engine).

usage: python bench/kustomize_repo.py [--overlays 8] [--vms 50] [--repeat 3] [--keep DIR]
       python bench/kustomize_repo.py --repo DIR [--repeat 3]    an existing repository instead
"""
from __future__ import annotations

import argparse
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from krmfn.kio import kustomize as kz
from krmfn.kio.files import expand_paths

REMOTE = "https://github.com/kubevirt/common-instancetypes//instancetypes?ref=v1.0.0"
VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: vm-{index}
  labels:
    app: bench
spec:
  runStrategy: Always
  instancetype:
    name: {instancetype}
  preference:
    name: fedora
  template:
    spec:
      domain:
        devices:
          disks:
          - name: root
            disk: {{bus: virtio}}
      volumes:
      - name: root
        containerDisk:
          image: quay.io/containerdisks/fedora:41
"""
INSTANCETYPE = """apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachineInstancetype
metadata:
  name: {name}
spec:
  cpu:
    guest: {cpus}
  memory:
    guest: {memory}
"""
# Replays recorded builds instead of running kustomize: everything else is krmfn's own work.
ENGINE = """
import pickle, sys
from krmfn.kio import kustomize as kz
with open(sys.argv[1], "rb") as handle:
    builds = pickle.load(handle)
kz.build = lambda cmd, directory: builds[__import__("os").path.realpath(directory)]
from krmfn.cli.main import main
sys.exit(main(["validate", "--no-config", sys.argv[2]]))
"""


def write_repo(root: str, overlays: int, vms: int) -> list[str]:
    """The repository; its kustomization directories (those krmfn builds)."""
    def write(path: str, text: str) -> None:
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as handle:
            handle.write(text)

    sizes = ["u1.medium", "u1.large", "bench-small", "bench-large"]
    write("base/vms.yaml", "---\n".join(VM.format(index=i, instancetype=sizes[i % 4]) for i in range(vms)))
    write("base/instancetypes.yaml", INSTANCETYPE.format(name="bench-small", cpus=1, memory="2Gi") + "---\n"
          + INSTANCETYPE.format(name="bench-large", cpus=8, memory="16Gi"))
    write("base/kustomization.yaml", "resources:\n- instancetypes.yaml\n- vms.yaml\n")
    write("components/labels/kustomization.yaml",
          "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nlabels:\n- pairs: {team: bench}\n"
          "patches:\n- path: annotations.yaml\n  target: {kind: VirtualMachine}\n")
    write("components/labels/annotations.yaml",
          "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: any\n  annotations:\n"
          "    bench: \"true\"\n")
    directories = ["base"]
    for index in range(overlays):
        folder = f"overlays/o{index}"
        write(f"{folder}/kustomization.yaml",
              f"namespace: env-{index}\nnamePrefix: o{index}-\nresources:\n- ../../base\ncomponents:\n"
              "- ../../components/labels\npatches:\n- path: size.yaml\n- target: {kind: VirtualMachine, name: vm-1}\n"
              "  patch: |-\n    - op: replace\n      path: /spec/runStrategy\n      value: Halted\n")
        write(f"{folder}/size.yaml", "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: vm-0\n"
              f"spec:\n  instancetype:\n    name: {'u1.xlarge' if index % 2 else 'u1.nope'}\n")
        directories.append(folder)
    write("overlays/remote/kustomization.yaml", f"resources:\n- {REMOTE}\n")
    directories.append("overlays/remote")
    return [os.path.join(root, d) for d in directories]


def best(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--overlays", type=int, default=8)
    parser.add_argument("--vms", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", metavar="DIR", help="write the repository to DIR and keep it")
    parser.add_argument("--repo", metavar="DIR", help="measure this repository instead of writing one")
    args = parser.parse_args()
    cmd = kz.command()
    if cmd is None:
        sys.exit("kustomize_repo.py: neither kubectl nor kustomize is on PATH")
    root = args.repo or args.keep or tempfile.mkdtemp(prefix="krmfn-bench-kustomize-")
    scratch = tempfile.mkdtemp(prefix="krmfn-bench-builds-")
    krmfn = shutil.which("krmfn") or os.path.join(os.path.dirname(sys.executable), "krmfn")
    try:
        directories = (expand_paths([root]).kustomizations if args.repo
                       else write_repo(root, args.overlays, args.vms))
        jobs = os.cpu_count() or 1

        def plain(directory: str) -> None:
            subprocess.run([*cmd, directory], capture_output=True, check=False)

        def parallel(run: Callable[[str], object]) -> None:
            with ThreadPoolExecutor(jobs) as pool:
                list(pool.map(run, directories))

        sequential_s = best(lambda: [plain(d) for d in directories], args.repeat)
        parallel_s = best(lambda: parallel(plain), args.repeat)
        krmfn_builds_s = best(lambda: parallel(lambda d: kz.build(cmd, d)), args.repeat)
        annotated_s = best(lambda: parallel(lambda d: kz.annotated_build(cmd, d)), args.repeat)
        builds = {os.path.realpath(d): kz.build(cmd, d) for d in directories}
        traced = sum(1 for d in directories if all(k.traced for k, _ in kz.chain(d)))
        recorded = os.path.join(scratch, "builds.pickle")
        with open(recorded, "wb") as handle:
            pickle.dump(builds, handle)
        engine_s = best(lambda: subprocess.run([sys.executable, "-c", ENGINE, recorded, root], capture_output=True,
                                               check=False), args.repeat)
        krmfn_s = best(lambda: subprocess.run([krmfn, "validate", "--no-config", root], capture_output=True,
                                              check=False), args.repeat)
        report = subprocess.run([krmfn, "validate", "--no-config", root], capture_output=True, text=True,
                                check=False).stdout.splitlines()[-1]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if not args.keep and not args.repo:
            shutil.rmtree(root, ignore_errors=True)
    what = (args.repo if args.repo else f"1 base of {args.vms} VMs, {args.overlays} overlays, 1 remote overlay")
    print(f"repository: {what}: {len(directories)} kustomizations ({traced} traced by krmfn); {jobs} CPUs; "
          f"best of {args.repeat}")
    print(f"  ({report})")
    print("| what | s |\n|---|---:|")
    rows = [("kustomize builds, one after the other", sequential_s), ("kustomize builds in parallel", parallel_s),
            ("the builds as krmfn runs them, in parallel", krmfn_builds_s),
            ("the builds with kustomize's origin annotations, in parallel", annotated_s),
            ("krmfn's engine alone (the builds replayed)", engine_s), ("`krmfn validate REPO`", krmfn_s)]
    for name, seconds in rows:
        print(f"| {name} | {seconds:.2f} |")
    print(f"krmfn validate / (builds in parallel + engine) = {krmfn_s / (parallel_s + engine_s):.2f}")


if __name__ == "__main__":
    main()
