"""The text and github reports: quiet, verbose, colour, the summary, the catalog line, suppression."""
from __future__ import annotations

import io
import json

from krmfn.report.findings import ReportSettings, summary, use_color, write_report
from tests.conftest import krmfn_process
from tests.unit.report.reporting import VM, validate, write

DEPRECATED_LINE = ("prefs/old.yaml:7: warning [deprecated] VirtualMachineClusterPreference old "
                   "spec.cpu.preferredCPUTopology: PreferredCPUTopology preferCores is deprecated for removal in "
                   "a future release, please use cores instead")
CONFLICT_LINE = ("vms/db.yaml:15: error [conflict] VirtualMachine lab/db spec.template.spec.domain.cpu.sockets: "
                 "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type")
CATALOG_LINE = "info [catalog] 4 references resolved from the embedded catalog v1.7.0 (--verbose to list them)"
SUMMARY = "krmfn validate: 4 objects, 1 error, 1 warning, 4 infos"


def test_default_text_report_collapses_the_catalog_lines_and_counts_infos(tmp_path, monkeypatch):
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, _ = validate(["prefs", "vms"])
    assert code == 1
    assert out.splitlines() == [DEPRECATED_LINE, CONFLICT_LINE, CATALOG_LINE, SUMMARY]


def test_verbose_lists_every_catalog_line(tmp_path, monkeypatch):
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    lines = validate(["--verbose", "prefs", "vms"])[1].splitlines()
    catalog = [line for line in lines if "[catalog]" in line]
    assert catalog[0] == ("vms/web.yaml:1: info [catalog] VirtualMachine lab/web: VirtualMachineClusterInstancetype "
                          "u1.medium is not in the bundle: used the one of the embedded common-instancetypes catalog "
                          "v1.7.0")
    assert len(catalog) == 4 and CATALOG_LINE not in lines and lines[-1] == SUMMARY


def test_catalog_line_counts_each_reference_and_names_the_catalog_version(tmp_path, monkeypatch):
    write(tmp_path, {"vm.yaml": VM.format(name="web", instancetype="u1.medium")})
    monkeypatch.chdir(tmp_path)
    out = validate(["--catalog", "v1.7.0", "vm.yaml"])[1]
    assert "info [catalog] 2 references resolved from the embedded catalog v1.7.0" in out


def test_quiet_prints_errors_only(tmp_path, monkeypatch):
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, _ = validate(["--quiet", "prefs", "vms"])
    assert (code, out) == (1, CONFLICT_LINE + "\n")
    assert validate(["-q", "prefs"]) == (0, "", "")


def test_json_keeps_every_result_and_counts_infos(tmp_path, monkeypatch):
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    report = json.loads(validate(["--format", "json", "--quiet", "prefs", "vms"])[1])
    assert report["summary"] == {"objects": 4, "errors": 1, "warnings": 1, "infos": 4, "suppressed": 0}
    assert [r["tags"]["check"] for r in report["results"]].count("catalog") == 4


def test_github_report_collapses_the_catalog_lines(tmp_path, monkeypatch):
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    lines = validate(["--format", "github", "prefs", "vms"])[1].splitlines()
    assert lines[2] == ("::notice title=krmfn catalog::4 references resolved from the embedded catalog v1.7.0 "
                        "(--verbose to list them)")
    assert lines[1].startswith("::error file=vms/db.yaml,line=15,title=krmfn conflict::VirtualMachine lab/db ")


def test_color_always_paints_severity_check_and_location(tmp_path, monkeypatch):
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    lines = validate(["--color", "always", "prefs", "vms"])[1].splitlines()
    assert lines[1].startswith("\x1b[1mvms/db.yaml:15\x1b[0m: \x1b[1;31merror\x1b[0m \x1b[36m[conflict]\x1b[0m "
                               "VirtualMachine lab/db ")
    assert lines[0].startswith("\x1b[1mprefs/old.yaml:7\x1b[0m: \x1b[1;33mwarning\x1b[0m \x1b[36m[deprecated]\x1b[0m")
    assert lines[2].startswith("\x1b[1;34minfo\x1b[0m \x1b[36m[catalog]\x1b[0m 4 references")
    assert validate(["--color", "never", "prefs", "vms"])[1].splitlines()[1] == CONFLICT_LINE


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_color_auto_only_on_a_terminal_without_no_color():
    assert use_color("auto", Tty(), {}) is True
    assert use_color("auto", io.StringIO(), {}) is False  # a pipe or file: never
    assert use_color("auto", Tty(), {"NO_COLOR": "1"}) is False
    assert use_color("auto", Tty(), {"NO_COLOR": ""}) is True  # no-color.org: set and not empty
    assert use_color("always", io.StringIO(), {"NO_COLOR": "1"}) is True
    assert use_color("never", Tty(), {}) is False


def test_color_auto_in_a_pipe_writes_no_escapes(tmp_path):
    write(tmp_path)
    run = krmfn_process(["validate", str(tmp_path)], env={"NO_COLOR": ""})
    assert "\x1b[" not in run.stdout and run.code == 1


SUPPRESSED = {
    "message": "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type",
    "severity": "info",
    "resourceRef": {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "name": "db", "namespace": "lab"},
    "field": {"path": "spec.template.spec.domain.cpu.sockets"},
    "file": {"path": "vms/db.yaml", "index": 0, "line": 15},
    "tags": {"check": "conflict", "suppressed": "sized by hand", "suppressedSeverity": "error"},
}


def report(results: list[dict], settings: ReportSettings) -> str:
    out = io.StringIO()
    write_report(results, [], settings, out)
    return out.getvalue()


def test_suppressed_results_are_hidden_and_counted():
    assert summary([SUPPRESSED], 1) == {"objects": 1, "errors": 0, "warnings": 0, "infos": 0, "suppressed": 1}
    assert report([SUPPRESSED], ReportSettings()) == "krmfn validate: 0 objects, 0 errors, 0 warnings, 0 infos, " \
                                                     "1 suppressed\n"
    assert report([SUPPRESSED], ReportSettings(fmt="github")).count("::") == 0


def test_show_suppressed_lists_them_with_their_reason():
    text = report([SUPPRESSED], ReportSettings(show_suppressed=True)).splitlines()[0]
    assert text == ("vms/db.yaml:15: error [conflict] VirtualMachine lab/db spec.template.spec.domain.cpu.sockets: "
                    "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type "
                    "(suppressed: sized by hand)")
    github = report([SUPPRESSED], ReportSettings(fmt="github", show_suppressed=True)).splitlines()[0]
    assert github.startswith("::notice file=vms/db.yaml,line=15,title=krmfn conflict::") and "sized by hand" in github
    assert report([SUPPRESSED], ReportSettings(show_suppressed=True, quiet=True)) == ""


def test_a_column_when_known_follows_the_line():
    result = {**SUPPRESSED, "severity": "error", "tags": {"check": "input"},
              "file": {"path": "bad.yaml", "index": 0, "line": 4, "column": 5}}
    assert report([result], ReportSettings(quiet=True)).startswith("bad.yaml:4:5: error [input] ")
    assert report([result], ReportSettings(fmt="github", quiet=True)).startswith("::error file=bad.yaml,line=4,col=5,")
