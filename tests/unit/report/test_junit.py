"""`--format junit`: one testsuite per file, one testcase per object, valid against junit-10.xsd."""
from __future__ import annotations

import glob
import shutil
import os
import xml.etree.ElementTree as ET

import pytest
import xmlschema

from krmfn.report.junit import junit_xml
from tests.conftest import REPO
from tests.unit.report.reporting import VM, validate, write
from tests.unit.report.test_findings import SUPPRESSED

SCHEMA = xmlschema.XMLSchema(os.path.join(REPO, "tests", "data", "schemas", "junit-10.xsd"))


def junit(tmp_path, monkeypatch, *flags: str) -> tuple[int, str]:
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, _ = validate(["--format", "junit", *flags, "prefs", "vms"])
    return code, out


def test_valid_against_junit_10_xsd(tmp_path, monkeypatch):
    code, out = junit(tmp_path, monkeypatch)
    assert code == 1
    SCHEMA.validate(out)
    assert out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')


def test_the_schema_catches_a_broken_report(tmp_path, monkeypatch):
    out = junit(tmp_path, monkeypatch)[1].replace(' failures="1" errors="0" skipped="0"', "", 1)
    with pytest.raises(xmlschema.XMLSchemaValidationError):
        SCHEMA.validate(out)


def test_a_suite_per_file_and_a_case_per_object(tmp_path, monkeypatch):
    root = ET.fromstring(junit(tmp_path, monkeypatch)[1])
    assert root.attrib == {"name": "krmfn validate", "tests": "4", "failures": "1", "errors": "0"}
    suites = {suite.get("name"): suite for suite in root}
    assert list(suites) == ["prefs/old.yaml", "vms/db.yaml", "vms/web.yaml"]
    assert [case.get("name") for case in suites["vms/web.yaml"]] == ["VirtualMachine lab/web", "VirtualMachine lab/api"]
    assert {case.get("classname") for case in suites["vms/web.yaml"]} == {"vms/web.yaml"}
    assert [(s.get("tests"), s.get("failures")) for s in suites.values()] == [("1", "0"), ("1", "1"), ("2", "0")]
    failure = suites["vms/db.yaml"].find("testcase/failure")
    assert failure is not None and failure.get("type") == "conflict"
    assert failure.get("message") == failure.text == (
        "line 15: error [conflict] spec.template.spec.domain.cpu.sockets: VM field(s) "
        "spec.template.spec.domain.cpu.sockets conflicts with selected instance type")


def test_warnings_pass_with_their_text_unless_strict(tmp_path, monkeypatch):
    root = ET.fromstring(junit(tmp_path, monkeypatch)[1])
    case = root.find("testsuite[@name='prefs/old.yaml']/testcase")
    assert case is not None and case.find("failure") is None
    assert case.findtext("system-out", "").startswith("line 7: warning [deprecated] spec.cpu.preferredCPUTopology: ")
    strict = ET.fromstring(junit(tmp_path, monkeypatch, "--strict")[1])
    assert strict.find("testsuite[@name='prefs/old.yaml']/testcase/failure") is not None
    assert strict.get("failures") == "2"


def test_suppressed_result_is_no_failure():
    out = junit_xml([SUPPRESSED], [])
    SCHEMA.validate(out)
    case = ET.fromstring(out).find("testsuite/testcase")
    assert case is not None and case.find("failure") is None and case.get("name") == "VirtualMachine lab/db"
    assert case.findtext("system-out", "").endswith("(suppressed: sized by hand)")


def test_a_result_about_a_file_is_a_testcase_named_after_it():
    result = {"message": "invalid YAML at line 4, column 5: could not find expected ':'", "severity": "error",
              "file": {"path": "bad.yaml", "index": 0, "line": 4, "column": 5}, "tags": {"check": "input"}}
    out = junit_xml([result, {**result, "file": {"path": "-", "index": 0}}], [])
    SCHEMA.validate(out)
    root = ET.fromstring(out)
    assert [(s.get("name"), s[0].get("name")) for s in root] == [("bad.yaml", "bad.yaml"), ("(stdin)", "(stdin)")]
    assert root.findtext("testsuite/testcase/failure", "").startswith("line 4: error [input] invalid YAML")


def test_several_errors_are_one_failure_listing_them_all():
    first = {**SUPPRESSED, "severity": "error", "tags": {"check": "conflict"}}
    second = {**first, "message": "second", "field": {"path": "spec.x"}}
    failure = ET.fromstring(junit_xml([first, second], [])).find("testsuite/testcase/failure")
    assert failure is not None and failure.get("message", "").startswith("2 errors; first: line 15: error [conflict]")
    assert failure.text is not None and failure.text.splitlines()[1] == "line 15: error [conflict] spec.x: second"


def test_the_shipped_examples_junit_reports_are_valid():
    reports = glob.glob(os.path.join(REPO, "kustomize-examples", "*", ".expected", "cli-junit*.out"))
    assert reports
    for path in reports:
        SCHEMA.validate(path)


def test_each_object_of_a_list_is_a_testcase(tmp_path, monkeypatch):
    (tmp_path / "vms.yaml").write_text(
        "apiVersion: v1\nkind: List\nitems:\n"
        "- {apiVersion: v1, kind: ConfigMap, metadata: {name: a, namespace: lab}}\n"
        "- {apiVersion: v1, kind: ConfigMap, metadata: {name: a, namespace: lab}}\n")
    monkeypatch.chdir(tmp_path)
    code, out, _ = validate(["--format", "junit", "vms.yaml"])
    SCHEMA.validate(out)
    cases = ET.fromstring(out).findall("./testsuite/testcase")
    assert [(case.get("name"), case.find("failure") is not None) for case in cases] == [
        ("ConfigMap lab/a", False), ("ConfigMap lab/a", True)]  # the second is the duplicate


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed: no real kustomize to run")
def test_a_finding_a_patch_wrote_is_in_its_objects_case_naming_the_patch(tmp_path, monkeypatch):
    (tmp_path / "app").mkdir()
    (tmp_path / "app/vm.yaml").write_text(VM.format(name="web", instancetype="u1.large"))
    (tmp_path / "app/cpu.yaml").write_text(
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: web\n  namespace: lab\n"
        "spec:\n  template:\n    spec:\n      domain:\n        cpu:\n          sockets: 2\n")
    (tmp_path / "app/kustomization.yaml").write_text("resources: [vm.yaml]\npatches:\n- path: cpu.yaml\n")
    monkeypatch.chdir(tmp_path)
    code, out, _ = validate(["--format", "junit", "app"])
    SCHEMA.validate(out)
    cases = ET.fromstring(out).findall("./testsuite/testcase")
    assert [(case.get("classname"), case.get("name")) for case in cases] == [("app/vm.yaml", "VirtualMachine lab/web")]
    failure = cases[0].find("failure")
    assert code == 1 and failure is not None and failure.get("type") == "conflict"
    assert failure.text == ("app/cpu.yaml line 11: error [conflict] spec.template.spec.domain.cpu.sockets: VM field(s) "
                            "spec.template.spec.domain.cpu.sockets conflicts with selected instance type")
