"""`--format sarif`: SARIF 2.1.0 for GitHub code scanning, valid against the OASIS schema."""
from __future__ import annotations

import glob
import json
import os
import shutil

import jsonschema
import pytest

from krmfn import __version__
from krmfn.cli.rules import RULES
from krmfn.report.sarif import artifact_uri, sarif_log, stable_text
from krmfn.model.check_ids import CHECK_IDS
from tests.conftest import REPO
from tests.unit.report.reporting import validate, write
from tests.unit.report.test_findings import SUPPRESSED

with open(os.path.join(REPO, "tests", "data", "schemas", "sarif-schema-2.1.0.json")) as _handle:
    SCHEMA = json.load(_handle)
VALIDATOR = jsonschema.Draft4Validator(SCHEMA)


def assert_valid(log: dict) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(log)]
    assert errors == []


@pytest.fixture
def log(tmp_path, monkeypatch) -> dict:
    write(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, _ = validate(["--format", "sarif", "--quiet", str(tmp_path / "prefs"), "vms"])
    assert code == 1
    return json.loads(out)


def test_valid_against_the_sarif_2_1_0_schema(log):
    assert_valid(log)
    assert log["version"] == "2.1.0" and len(log["runs"]) == 1


def test_the_schema_catches_a_broken_log(log):
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(AssertionError):
        assert_valid(log)


def test_driver_has_a_rule_for_every_check(log):
    driver = log["runs"][0]["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("krmfn", __version__)
    assert driver["informationUri"] == "https://github.com/krmfn/krmfn"
    # validate's checks, the reader's and the run's own: a result's ruleId always has its rule (and its page)
    assert [rule["id"] for rule in driver["rules"]] == [*CHECK_IDS, "input", "internal-error", "config",
                                                        "function-config", "nothing-checked"]
    conflict = driver["rules"][CHECK_IDS.index("conflict")]
    assert conflict["shortDescription"]["text"] == "VM fields that conflict with the selected instance type"
    assert conflict["fullDescription"]["text"].startswith("conflict: the VM sets something its instance type owns")
    assert conflict["helpUri"] == "https://github.com/krmfn/krmfn/blob/main/docs/checks/conflict.md"
    assert conflict["defaultConfiguration"] == {"level": "error"}
    levels = {rule["id"]: rule["defaultConfiguration"]["level"] for rule in driver["rules"]}
    assert (levels["deprecated"], levels["catalog"]) == ("warning", "note")


def test_results_carry_rule_level_message_and_locations(log):
    results = log["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["deprecated", "conflict", "catalog", "catalog", "catalog", "catalog"]
    conflict = results[1]
    assert conflict["ruleIndex"] == CHECK_IDS.index("conflict") and conflict["level"] == "error"
    assert conflict["message"]["text"] == ("VirtualMachine lab/db spec.template.spec.domain.cpu.sockets: VM field(s) "
                                           "spec.template.spec.domain.cpu.sockets conflicts with selected instance "
                                           "type")
    assert conflict["locations"] == [{
        "physicalLocation": {"artifactLocation": {"uri": "vms/db.yaml", "uriBaseId": "%SRCROOT%"},
                             "region": {"startLine": 15}},
        "logicalLocations": [
            {"name": "lab/db", "fullyQualifiedName": "VirtualMachine lab/db", "kind": "resource"},
            {"name": "spec.template.spec.domain.cpu.sockets",
             "fullyQualifiedName": "VirtualMachine lab/db spec.template.spec.domain.cpu.sockets", "kind": "property"},
        ],
    }]
    # an absolute path under the working directory becomes relative; infos are notes
    assert results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "prefs/old.yaml"
    assert results[0]["level"] == "warning" and results[2]["level"] == "note"
    assert len({r["partialFingerprints"]["krmfnResult/v2"] for r in results}) == len(results)


def test_suppressed_result_keeps_its_level_and_records_the_reason():
    column = {**SUPPRESSED, "file": {**SUPPRESSED["file"], "column": 9}}
    log = sarif_log([column], RULES, cwd="/repo")
    assert_valid(log)
    result = log["runs"][0]["results"][0]
    assert result["level"] == "error"
    assert result["suppressions"] == [{"kind": "inSource", "justification": "sized by hand"}]
    assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 15, "startColumn": 9}


def test_a_result_without_file_or_known_check_is_still_valid():
    log = sarif_log([{"message": "functionConfig spec.x: unknown field", "severity": "error",
                      "tags": {"check": "function-config"}}, {"message": "stdin", "severity": "warning",
                                                             "file": {"path": "-", "index": 0}}], RULES)
    assert_valid(log)
    first, second = log["runs"][0]["results"]
    assert first["ruleId"] == "function-config" and "ruleIndex" not in first and "locations" not in first
    assert second["ruleId"] == "krmfn" and "locations" not in second


def test_artifact_uri(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert artifact_uri("./vms/a b%é.yaml", str(tmp_path)) == "vms/a%20b%25%C3%A9.yaml"
    assert artifact_uri("/repo/vms/db.yaml", "/repo") == "vms/db.yaml"
    assert artifact_uri("/elsewhere/db.yaml", "/repo") == "file:///elsewhere/db.yaml"


def test_uris_are_relative_to_the_repository_root_from_a_subdirectory(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "vms").mkdir()
    (tmp_path / "vms" / "db.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [\n")
    monkeypatch.chdir(tmp_path / "docs")
    log = sarif_log([{"message": "m", "severity": "error", "file": {"path": "../vms/db.yaml", "line": 4},
                      "tags": {"check": "input"}}], RULES)
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "vms/db.yaml", "uriBaseId": "%SRCROOT%"}


def test_every_rule_has_text_for_sarif():
    for rule in RULES:
        assert rule.summary and rule.description and rule.fix and rule.mirrors, rule.id


def test_the_shipped_examples_sarif_reports_are_valid():
    reports = glob.glob(os.path.join(REPO, "kustomize-examples", "*", ".expected", "cli-sarif*.out"))
    assert reports
    for path in reports:
        with open(path) as handle:
            assert_valid(json.load(handle))


def test_the_same_finding_in_two_files_has_two_fingerprints():
    same = {"message": "document 1 is not a mapping (a Kubernetes object)", "severity": "error",
            "tags": {"check": "input"}}
    log = sarif_log([{**same, "file": {"path": "a.yml"}}, {**same, "file": {"path": "b.yml"}}], RULES)
    first, second = log["runs"][0]["results"]
    assert first["partialFingerprints"] != second["partialFingerprints"]


def test_a_file_outside_the_repository_is_a_file_uri_without_a_base(tmp_path):
    log = sarif_log([{"message": "m", "severity": "error", "file": {"path": "/elsewhere/db.yaml"},
                      "tags": {"check": "input"}}], RULES, cwd=str(tmp_path))
    assert_valid(log)
    location = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "file:///elsewhere/db.yaml"}


def test_what_differs_between_runs_is_not_hashed(tmp_path):
    roots = [str(tmp_path / "checkout")]
    klog = ('kustomize build failed: E1128 03:49:18.918302   27253 run.go:72] "command failed" err=<'
            f"lstat {tmp_path}/checkout/overlays/broken/missing.yaml: no such file or directory")
    assert stable_text(klog, roots) == ('kustomize build failed: "command failed" err=<lstat '
                                        "overlays/broken/missing.yaml: no such file or directory")
    assert stable_text(f"2024/11/24 04:21:45 cloning into /tmp/kustomize-3829104/repo: {tmp_path}/checkout",
                       roots) == "cloning into <tmp>/repo: ."
    assert stable_text("/srv/checkout2/a.yaml /srv/checkout", ["/srv/checkout"]) == "/srv/checkout2/a.yaml ."
    offline = ('Get "https://github.com/a/b": dial tcp: lookup github.com on 10.255.255.53:53: no such host; '
               "Failed to connect to github.com port 443 after 2 ms: Couldn't connect to server")
    assert stable_text(offline, roots) == ('Get "https://github.com/a/b": dial tcp: lookup github.com: no such host; '
                                           "Failed to connect to github.com port 443: Couldn't connect to server")


def fingerprinted(log: dict) -> list[tuple]:
    return [(r["ruleId"], r["partialFingerprints"], json.dumps(r.get("locations")),
             json.dumps(r.get("relatedLocations"))) for r in log["runs"][0]["results"]]


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_two_checkouts_in_different_directories_have_the_same_fingerprints_and_paths(tmp_path, monkeypatch):
    example = os.path.join(REPO, "kustomize-examples", "validate-overlays")
    logs = []
    for checkout in (tmp_path / "a" / "krmfn", tmp_path / "b" / "deeper" / "clone"):
        shutil.copytree(example, checkout, ignore=shutil.ignore_patterns(".expected"))
        (checkout / ".git").mkdir()  # the repository root: URIs are relative to it, from any directory in it
        monkeypatch.chdir(checkout / "repo")
        code, out, _ = validate(["--format", "sarif", "."])
        assert code == 1
        logs.append(json.loads(out))
        assert_valid(logs[-1])
    first, second = (fingerprinted(log) for log in logs)
    assert first == second and len(first) >= 3
    uris = [location["physicalLocation"]["artifactLocation"]["uri"] for log in logs
            for result in log["runs"][0]["results"] for location in result.get("locations", [])]
    assert all(uri.startswith("repo/") for uri in uris), uris
