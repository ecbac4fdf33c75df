"""The pre-commit hooks (.pre-commit-hooks.yaml) run by the real `pre-commit` on a scratch repository.

The scratch repository's `.pre-commit-config.yaml` names this checkout (a local path) at its HEAD
commit, so what is tested is what is committed. pre-commit builds the hook's virtualenv with pip
the first time (network; cached for the module in a temporary PRE_COMMIT_HOME).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import REPO

INSTANCETYPE = """apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachineClusterInstancetype
metadata:
  name: small
spec:
  cpu:
    guest: 1
  memory:
    guest: 1Gi
"""
VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: {name}
  namespace: lab
spec:
  runStrategy: Halted
  instancetype:
    name: {instancetype}
  template:
    spec:
      domain:
        devices: {{}}
"""
VMS = 8  # more files than one pre-commit batch holds on a machine with 2 or more CPUs (4 a batch at least)


def pre_commit() -> str:
    path = shutil.which("pre-commit", path=os.path.dirname(sys.executable)) or shutil.which("pre-commit")
    if path is None:
        pytest.skip("pre-commit is not installed (pip install -e '.[test]' installs it)")
    return path


def git(repo: str, *args: str) -> str:
    proc = subprocess.run(["git", "-c", "user.name=krmfn test", "-c", "user.email=test@krmfn.invalid",
                           "-c", "commit.gpgsign=false", *args], cwd=repo, capture_output=True, text=True, check=True)
    return proc.stdout


def checkout_head() -> str:
    """This checkout's HEAD commit, the `rev:` pre-commit installs the hooks from."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    proc = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        pytest.skip(f"{REPO} is not a git checkout (pre-commit installs hooks from a commit)")
    return proc.stdout.strip()


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> str:
    return str(tmp_path_factory.mktemp("pre-commit-home"))


@pytest.fixture
def scratch(tmp_path) -> str:
    pre_commit()
    head = checkout_head()
    repo = str(tmp_path / "repo")
    os.makedirs(os.path.join(repo, "vms"))
    git(repo, "init", "-q")
    with open(os.path.join(repo, ".pre-commit-config.yaml"), "w") as handle:
        handle.write(f"repos:\n- repo: {REPO}\n  rev: {head}\n  hooks:\n  - id: krmfn-validate\n"
                     "  - id: krmfn-validate-files\n")
    with open(os.path.join(repo, "instancetype.yaml"), "w") as handle:
        handle.write(INSTANCETYPE)
    for number in range(VMS):
        with open(os.path.join(repo, "vms", f"vm{number}.yaml"), "w") as handle:
            handle.write(VM.format(name=f"vm{number}", instancetype="small"))
    return repo


def run(repo: str, home: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_HOME": home, "NO_COLOR": "1"}
    env.pop("PRE_COMMIT_NO_CONCURRENCY", None)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "change")
    return subprocess.run([pre_commit(), "run", "--all-files", "--color", "never"], cwd=repo, capture_output=True,
                          text=True, check=False, env=env)


def test_good_commit_passes_both_hooks(scratch, home):
    proc = run(scratch, home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    hook_lines = [line for line in proc.stdout.splitlines() if line.startswith("krmfn validate")]
    assert len(hook_lines) == 2 and all(line.endswith("Passed") for line in hook_lines), proc.stdout


def test_bad_commit_fails_with_the_finding(scratch, home):
    with open(os.path.join(scratch, "vms", "vm3.yaml"), "w") as handle:
        handle.write(VM.format(name="vm3", instancetype="u1.huge"))
    proc = run(scratch, home)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    finding = ('vms/vm3.yaml:9: error [reference] VirtualMachine lab/vm3 spec.instancetype.name: '
               'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.huge" not found')
    # both hooks fail and report the one finding: the whole-repository hook (`krmfn validate .`)
    # and the file-list hook, whose files all went to one process
    assert proc.stdout.count("Failed") == 2, proc.stdout
    assert proc.stdout.count(finding) == 2, proc.stdout
    assert proc.stdout.count(" 1 error, 0 warnings, 0 infos\n") == 2, proc.stdout
    assert proc.stdout.count("not found") == 2, proc.stdout


NORMALIZED_VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: vm0
  namespace: lab
spec:
  runStrategy: Halted
  instancetype:
    name: small
  template:
    metadata:
      annotations:
        kubevirt.io/pci-topology-version: v3
    spec:
      architecture: amd64
      domain:
        devices: {}
        machine:
          type: q35
        resources: {}
"""


def test_normalize_check_hook_fails_on_drift_and_passes_once_normalized(scratch, home):
    with open(os.path.join(scratch, ".pre-commit-config.yaml"), "w") as handle:
        handle.write(f"repos:\n- repo: {REPO}\n  rev: {checkout_head()}\n  hooks:\n  - id: krmfn-normalize-check\n")
    for number in range(1, VMS):
        os.remove(os.path.join(scratch, "vms", f"vm{number}.yaml"))
    proc = run(scratch, home)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert ("vms/vm0.yaml:11: error [normalize] VirtualMachine lab/vm0 spec.template.spec.architecture: "
            "KubeVirt's mutating webhook adds spec.template.spec.architecture: \"amd64\"") in proc.stdout, proc.stdout
    assert "krmfn normalize: 2 objects, 4 errors, 0 warnings, 0 infos" in proc.stdout, proc.stdout
    with open(os.path.join(scratch, "vms", "vm0.yaml"), "w") as handle:
        handle.write(NORMALIZED_VM)
    proc = run(scratch, home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
