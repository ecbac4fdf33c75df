"""`krmfn adopt`: the report (table, json), --write in place, --write - on stdin."""
from __future__ import annotations

import json
import os
from pathlib import Path

import yaml

from tests.conftest import krmfn_process
from tests.unit.modes.adopt.vms import imported_vm

HEADER = "# imported by Forklift\n"


def write_vms(tmp_path, *vms) -> str:
    path = tmp_path / "vms.yaml"
    path.write_text(HEADER + "---\n".join(yaml.safe_dump(vm, sort_keys=False) for vm in vms))
    return str(path)


def test_table_report_changes_nothing(tmp_path):
    path = write_vms(tmp_path, imported_vm(), imported_vm("topo", sockets=1, cores=2, memory="3Gi"))
    before = Path(path).read_text()
    out = krmfn_process(["adopt", "--no-config", path], cwd=tmp_path)
    assert out.code == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["VM", "STATUS", "INSTANCETYPE", "PREFERENCE", "DROPPED", "WHY"]
    assert lines[1].split()[:6] == ["imported/web", f"({path}:2)", "adopted", "u1.large", "rhel.9", "8"]
    assert lines[2].split()[:5] == ["imported/topo", f"({path}:50)", "adopted", "-", "rhel.9"]
    assert lines[-1] == "2 of 2 VMs without matchers adoptable"
    assert Path(path).read_text() == before


def test_json_report(tmp_path):
    path = write_vms(tmp_path, imported_vm())
    out = krmfn_process(["adopt", "--no-config", "--format", "json", path], cwd=tmp_path)
    (row,) = json.loads(out.stdout)
    assert {k: row[k] for k in ("vm", "status", "instancetype", "preference", "dropped", "line")} == {
        "vm": "imported/web", "status": "adopted", "instancetype": "VirtualMachineClusterInstancetype/u1.large",
        "preference": "VirtualMachineClusterPreference/rhel.9", "dropped": 8, "line": 2}


def test_write_rewrites_in_place_and_a_second_run_changes_nothing(tmp_path):
    path = write_vms(tmp_path, imported_vm(), imported_vm("db", memory="3Gi"))
    out = krmfn_process(["adopt", "--no-config", "--write", "--generate", path], cwd=tmp_path)
    assert out.code == 0, out.stderr
    text = Path(path).read_text()
    assert text.startswith(HEADER)  # the bytes it did not change stay
    docs = list(yaml.safe_load_all(text))
    assert [d["kind"] for d in docs] == ["VirtualMachine", "VirtualMachine", "VirtualMachineInstancetype"]
    assert docs[1]["spec"]["instancetype"] == {"kind": "VirtualMachineInstancetype", "name": "u1.2c3gi"}
    assert "annotations" not in docs[2]["metadata"]  # no kpt path annotations in a file
    again = krmfn_process(["adopt", "--no-config", "--write", "--generate", path], cwd=tmp_path)
    assert again.stdout == "no VirtualMachine without matchers\n" and Path(path).read_text() == text
    inlined = krmfn_process(["inline", "--no-config", path], cwd=tmp_path)
    assert inlined.code == 0 and "cpu:\n" in inlined.stdout


def test_write_on_stdin_writes_the_stream_and_reports_on_stderr(tmp_path):
    out = krmfn_process(["adopt", "--no-config", "--write", "-"], stdin=yaml.safe_dump(imported_vm()), cwd=tmp_path)
    assert out.code == 0
    assert yaml.safe_load(out.stdout)["spec"]["instancetype"]["name"] == "u1.large"
    assert "1 of 1 VM without matchers adoptable" in out.stderr


def test_an_unreadable_file_is_exit_1_and_the_rest_is_reported(tmp_path):
    path = write_vms(tmp_path, imported_vm())
    (tmp_path / "bad.yaml").write_text("a: [\n")
    out = krmfn_process(["adopt", "--no-config", path, os.path.join(str(tmp_path), "bad.yaml")], cwd=tmp_path)
    assert out.code == 1
    assert "invalid YAML" in out.stderr and "1 of 1 VM" in out.stdout


def test_nothing_to_check_is_exit_2(tmp_path):
    out = krmfn_process(["adopt", "--no-config", "-"], stdin="", cwd=tmp_path)
    assert (out.code, out.stderr) == (2, "krmfn: nothing to check: no Kubernetes objects in -\n")
