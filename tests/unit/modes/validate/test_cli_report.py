"""`krmfn validate PATH...`: one line per finding with file and line, the check ID, a summary."""
from __future__ import annotations

import json

import yaml

from tests.conftest import DEPRECATED_PREFERENCE, REPO, krmfn_process

BAD = """apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachineClusterPreference
metadata:
  name: linux
spec:
  devices:
    preferedDiskBus: virtio
---
apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: db
  namespace: lab
spec:
  instancetype:
    name: u1.huge
  template:
    spec:
      domain:
        devices: {}
  runStrategy: Halted
"""
DEPRECATED = DEPRECATED_PREFERENCE


def test_text_report_has_file_line_check_and_summary(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD)
    run = krmfn_process(["validate", str(tmp_path)])
    assert run.code == 1
    lines = run.stdout.splitlines()
    assert lines[0].startswith(f"{path}:7: error [unknown-field] VirtualMachineClusterPreference linux "
                               "spec.devices.preferedDiskBus: ")
    assert lines[1] == (f'{path}:16: error [reference] VirtualMachine lab/db spec.instancetype.name: '
                        'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.huge" not found')
    assert lines[-1] == "krmfn validate: 2 objects, 2 errors, 0 warnings, 0 infos"


def test_clean_input_exits_0(tmp_path):
    (tmp_path / "ok.yaml").write_text(DEPRECATED.replace("preferCores", "cores"))
    run = krmfn_process(["validate", str(tmp_path)])
    assert run.code == 0 and run.stdout == "krmfn validate: 1 object, 0 errors, 0 warnings, 0 infos\n"


def test_warnings_pass_unless_strict(tmp_path):
    (tmp_path / "old.yaml").write_text(DEPRECATED)
    assert krmfn_process(["validate", str(tmp_path)]).code == 0
    strict = krmfn_process(["validate", "--strict", str(tmp_path)])
    assert strict.code == 1 and "error [deprecated]" in strict.stdout


def test_json_report(tmp_path):
    (tmp_path / "bad.yaml").write_text(BAD)
    report = json.loads(krmfn_process(["validate", "--format", "json", str(tmp_path)]).stdout)
    assert report["summary"] == {"objects": 2, "errors": 2, "warnings": 0, "infos": 0, "suppressed": 0}
    first = report["results"][0]
    assert first["file"]["line"] == 7 and first["tags"] == {"check": "unknown-field"}


def test_github_annotations_chosen_automatically(tmp_path):
    (tmp_path / "old.yaml").write_text(DEPRECATED)
    run = krmfn_process(["validate", str(tmp_path)], env={"GITHUB_ACTIONS": "true"})
    first = run.stdout.splitlines()[0]
    assert first.startswith(f"::warning file={tmp_path}/old.yaml,line=7,title=krmfn deprecated::")
    assert "%0A" not in first or "\n" not in first


def test_disable_and_severity_flags(tmp_path):
    (tmp_path / "bad.yaml").write_text(BAD)
    run = krmfn_process(["validate", "--disable", "reference", "--severity", "unknown-field=warning", str(tmp_path)])
    assert run.code == 0 and "warning [unknown-field]" in run.stdout and "[reference]" not in run.stdout


def test_unknown_check_id_is_rejected(tmp_path):
    run = krmfn_process(["validate", "--disable", "nope", str(tmp_path)])
    assert run.code == 2 and 'unknown check "nope"' in run.stderr


def test_pre_commit_hooks_run_krmfn_validate():
    with open(f"{REPO}/.pre-commit-hooks.yaml") as handle:
        hooks = yaml.safe_load(handle)
    assert {hook["id"] for hook in hooks} == {"krmfn-validate", "krmfn-validate-files", "krmfn-normalize-check"}
    assert {hook["id"]: hook["entry"] for hook in hooks} == {
        "krmfn-validate": "krmfn validate", "krmfn-validate-files": "krmfn validate",
        "krmfn-normalize-check": "krmfn normalize --check"}
    assert all(hook["language"] == "python" for hook in hooks)
    files_hook = next(hook for hook in hooks if hook["id"] == "krmfn-validate-files")
    assert files_hook["pass_filenames"] is True and files_hook["require_serial"] is True  # one process, all files


def test_github_annotations_carry_the_column_of_yaml_errors(tmp_path):
    (tmp_path / "bad.yaml").write_text("a: 1\nb: [\n")
    run = krmfn_process(["validate", "--format", "github", str(tmp_path)])
    assert run.stdout.splitlines()[0] == (
        f"::error file={tmp_path}/bad.yaml,line=3,col=1,title=krmfn input::"
        "invalid YAML at line 3, column 1: missing terminating ]")


def test_stdin_findings_name_the_line_as_a_file_does(tmp_path):
    """Piped input keeps its line numbers (`-:16`, the line of the field in what was read), as
    the same text in a file does (`vms.yaml:16`)."""
    text = DEPRECATED.replace("old", "ok").replace("preferCores", "cores") + "---\n" + BAD.split("---\n")[1]
    run = krmfn_process(["validate", "-"], text)
    assert run.stdout.splitlines()[0].startswith("-:16: error [reference] VirtualMachine lab/db ")
    (tmp_path / "vms.yaml").write_text(text)
    from_file = krmfn_process(["validate", "vms.yaml"], cwd=tmp_path)
    assert from_file.stdout.replace("vms.yaml:", "-:") == run.stdout
