"""One path base for every format of validate's report (krmfn.report.paths): the repository root,
or --path-base."""
from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET

import pytest

from krmfn.report.paths import path_base, rebased, shower, shown
from tests.conftest import krmfn_process

VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata: {name: web, namespace: lab}
spec:
  runStrategy: Halted
  instancetype: {name: u1.medium}
  preference: {name: fedroa}
  template: {spec: {domain: {devices: {}}}}
"""


def test_shown_is_relative_to_the_base(tmp_path, monkeypatch):
    (tmp_path / "sub" / "vms").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "sub")
    base = str(tmp_path)
    assert shown("vms/a.yaml", base) == "sub/vms/a.yaml"
    assert shown("./vms/../vms/a.yaml", base) == "sub/vms/a.yaml"
    assert shown(str(tmp_path / "sub" / "vms" / "a.yaml"), base) == "sub/vms/a.yaml"
    assert shown("/elsewhere/a.yaml", base) == "/elsewhere/a.yaml"  # outside the base: as given
    assert shown("-", base) == "-"
    monkeypatch.chdir(tmp_path)  # a path typed from the base is relative to it already
    assert shown("./sub/a.yaml", base) == "./sub/a.yaml"
    assert shower(base, as_typed=False)("./sub/a.yaml") == "sub/a.yaml"  # GitHub's annotations: as the tree names it


def test_path_base_is_the_repository_root_or_the_one_given(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "sub").mkdir()
    assert path_base(cwd=str(tmp_path / "sub")) == str(tmp_path)
    assert path_base(".", cwd=str(tmp_path / "sub")) == str(tmp_path / "sub")
    assert path_base("..", cwd=str(tmp_path / "sub")) == str(tmp_path)


def test_rebased_names_every_path_a_result_holds():
    result = {"message": "m", "file": {"path": "base/vm.yaml", "line": 3}, "objectFile": {"path": "base/vm.yaml"},
              "kustomizations": ["overlays/dev", "overlays/prod"], "reachedThrough": [["overlays/dev", "base"]]}
    out = rebased(result, lambda path: f"repo/{path}")
    assert out == {"message": "m", "file": {"path": "repo/base/vm.yaml", "line": 3},
                   "objectFile": {"path": "repo/base/vm.yaml"},
                   "kustomizations": ["repo/overlays/dev", "repo/overlays/prod"],
                   "reachedThrough": [["repo/overlays/dev", "repo/base"]]}
    assert result["file"]["path"] == "base/vm.yaml"  # the result itself is left as it was


def _paths(fmt: str, out: str) -> list[str]:
    if fmt == "text":
        return [line.split(":")[0] for line in out.splitlines()[:-1]]
    if fmt == "github":
        return [line.split("file=")[1].split(",")[0] for line in out.splitlines() if "file=" in line]
    if fmt == "json":
        return [result["file"]["path"] for result in json.loads(out)["results"]]
    if fmt == "sarif":
        return [location["physicalLocation"]["artifactLocation"]["uri"]
                for result in json.loads(out)["runs"][0]["results"] for location in result["locations"]]
    return [suite.get("name") for suite in ET.fromstring(out)]


@pytest.mark.parametrize("fmt", ["text", "github", "json", "sarif", "junit"])
def test_every_format_names_files_from_the_repository_root_in_a_working_directory(tmp_path, fmt):
    """A CI step with `working-directory: sub`: GitHub attaches an annotation (and code scanning a
    SARIF result) only to a path relative to the repository root, so every format writes that."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "sub" / "vms").mkdir(parents=True)
    (tmp_path / "sub" / "vms" / "web.yaml").write_text(VM)
    run = krmfn_process(["validate", "--no-config", "--format", fmt, "vms"], cwd=tmp_path / "sub")
    assert run.code == 1, run.stderr
    assert set(_paths(fmt, run.stdout)) == {"sub/vms/web.yaml"}
    here = krmfn_process(["validate", "--no-config", "--format", fmt, "--path-base", ".", "vms"], cwd=tmp_path / "sub")
    assert set(_paths(fmt, here.stdout)) == {"vms/web.yaml"}


def test_a_github_annotation_names_no_file_for_stdin(tmp_path):
    run = krmfn_process(["validate", "--no-config", "--format", "github", "-"], VM, cwd=tmp_path)
    assert run.stdout.startswith("::error title=krmfn reference::VirtualMachine lab/web spec.preference.name: ")
    assert os.path.basename(str(tmp_path)) not in run.stdout
