"""`krmfn diff` and `krmfn explain` on the command line: sides, settings, git, exit codes."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.conftest import krmfn_process

VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata: {name: web, namespace: lab}
spec:
  instancetype: {name: u1.medium}
  runStrategy: Always
  template: {spec: {domain: {devices: {}}}}
"""


def git(cwd, *args):
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=cwd, check=True,
                   capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed (the test image has none)")
def test_git_revision_against_the_working_tree(tmp_path):
    (tmp_path / "vms").mkdir()
    (tmp_path / "vms" / "web.yaml").write_text(VM)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "base")
    (tmp_path / "vms" / "web.yaml").write_text(VM.replace("u1.medium", "u1.large"))
    run = krmfn_process(["diff", "--git", "HEAD", "vms", "--format", "json"], cwd=tmp_path)
    assert run.code == 1, run.stderr
    [vm] = json.loads(run.stdout)["vms"]
    assert [change["path"] for change in vm["changes"]] == ["spec.template.spec.domain.cpu.sockets",
                                                             "spec.template.spec.domain.memory.guest"]
    status = subprocess.run(["git", "status", "--porcelain"], cwd=tmp_path, capture_output=True, text=True,
                            check=True).stdout
    assert status == " M vms/web.yaml\n"  # nothing checked out, nothing staged
    missing = krmfn_process(["diff", "--git", "no-such-rev", "vms"], cwd=tmp_path)
    assert (missing.code, missing.stdout) == (2, "")
    assert missing.stderr.startswith("krmfn diff: git ls-tree --name-only: fatal: ")
    typo = krmfn_process(["diff", "--git", "HEAD", "vmz"], cwd=tmp_path)  # in neither tree: a typo, not "no change"
    assert (typo.code, typo.stdout, typo.stderr) == (
        2, "", "krmfn diff: vmz: cannot read: No such file or directory (nor at HEAD)\n")
    (tmp_path / "new").mkdir()  # a tree the working tree adds: every VM in it added
    (tmp_path / "new" / "web.yaml").write_text(VM)
    added = krmfn_process(["diff", "--git", "HEAD", "new", "--format", "json"], cwd=tmp_path)
    assert added.code == 1
    assert [(vm["name"], vm["status"]) for vm in json.loads(added.stdout)["vms"]] == [("web", "added")]


def test_one_tree_under_two_settings(tmp_path):
    (tmp_path / "web.yaml").write_text(VM)
    run = krmfn_process(["diff", "--set", "networkInterface=masquerade", str(tmp_path)])
    assert run.code == 1
    assert "interfaces[0].masquerade: (absent) → {}" in run.stdout
    same = krmfn_process(["diff", "--catalog", "v1.7.0..v1.7.0", "--exit-zero", str(tmp_path), str(tmp_path)])
    assert (same.code, same.stdout) == (0, "krmfn diff: no change (1 VM compared)\n")
    bad = krmfn_process(["diff", "--set", "nosuch=1", str(tmp_path)])
    assert bad.code == 2 and bad.stderr.startswith("krmfn diff: --set nosuch=1: expected OPTION=VALUE")


def test_explain_names_the_vm_and_fails_for_none(tmp_path):
    (tmp_path / "web.yaml").write_text(VM)
    run = krmfn_process(["explain", "--format", "json", "--vm", "lab/web", str(tmp_path)])
    assert run.code == 0, run.stderr
    [found] = json.loads(run.stdout)
    assert found["vm"] == "lab/web"
    assert found["expandedFrom"] == "instancetype=VirtualMachineClusterInstancetype/u1.medium"
    none = krmfn_process(["explain", "--vm", "other", str(tmp_path)])
    assert (none.code, none.stderr) == (1, "krmfn explain: no VirtualMachine or VirtualMachinePool named other\n")


def test_explain_explains_each_vm_of_a_list(tmp_path):
    members = "".join("- " + VM.replace("name: web", f"name: {name}").replace("\n", "\n  ").rstrip() + "\n"
                      for name in ("web", "db"))
    (tmp_path / "vms.yaml").write_text("apiVersion: v1\nkind: List\nitems:\n" + members)
    run = krmfn_process(["explain", "--format", "json", str(tmp_path)])
    assert run.code == 0, run.stderr
    found = json.loads(run.stdout)
    assert [(vm["kind"], vm["vm"], vm["expandedFrom"]) for vm in found] == [
        ("VirtualMachine", "lab/web", "instancetype=VirtualMachineClusterInstancetype/u1.medium"),
        ("VirtualMachine", "lab/db", "instancetype=VirtualMachineClusterInstancetype/u1.medium")]
