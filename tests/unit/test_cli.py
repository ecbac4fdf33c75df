"""The CLI: help, version, file mode over files, directories and stdin, and KRM mode on stdin."""
from __future__ import annotations

import json
import os
import tomllib

from krmfn import __version__
from krmfn.kio.config import options_for
from tests.conftest import VALIDATE, krmfn_process, load12, resource_list
from tests.unit.validate.test_cli_report import BAD

CM = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {name}\ndata:\n  v: 1.10\n  b: yes\n"


def test_version():
    run = krmfn_process(["--version"])
    assert run.code == 0 and run.stdout.strip() == f"krmfn {__version__}"


def test_help_lists_modes():
    run = krmfn_process(["--help"])
    assert run.code == 0
    for mode in ("inline", "validate", "generate"):
        assert mode in run.stdout


def test_mode_help_lists_every_option():
    for mode in ("inline", "validate", "generate"):
        run = krmfn_process([mode, "--help"])
        assert run.code == 0
        for option in options_for(mode):
            assert option.kind == "sizes" or option.flag in run.stdout


def test_krm_mode_on_stdin():
    run = krmfn_process([], resource_list("- " + CM.format(name="a").replace("\n", "\n  ").rstrip() + "\n", VALIDATE))
    assert run.code == 0, run.stderr
    assert load12(run.stdout)["items"][0]["data"] == {"v": 1.1, "b": "yes"}
    assert "v: 1.10" in run.stdout and "b: yes" in run.stdout


def test_file_mode_reads_files_dirs_and_multidoc(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.yaml").write_text(CM.format(name="b") + "---\n" + CM.format(name="c"))
    (tmp_path / "a.yml").write_text(CM.format(name="a"))
    (tmp_path / "notes.txt").write_text("not yaml: [")
    run = krmfn_process(["inline", str(tmp_path)])
    assert run.code == 0, run.stderr
    docs = [load12(doc) for doc in run.stdout.split("---\n")]
    assert [d["metadata"]["name"] for d in docs] == ["a", "b", "c"]
    assert "v: 1.10" in run.stdout


def test_file_mode_stdin_dash():
    run = krmfn_process(["inline", "-"], CM.format(name="x"))
    assert run.code == 0 and load12(run.stdout)["metadata"]["name"] == "x"


def test_file_mode_bad_yaml_is_one_clear_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [\n")
    run = krmfn_process(["validate", str(bad)])
    assert run.code == 2 and run.stdout == ""
    assert run.stderr.startswith(f"krmfn: {bad}: invalid YAML") and "Traceback" not in run.stderr


def test_file_mode_missing_file(tmp_path):
    run = krmfn_process(["validate", str(tmp_path / "nope.yaml")])
    assert run.code == 2 and "cannot read" in run.stderr


def test_file_mode_config_file(tmp_path):
    config = tmp_path / "fn.yaml"
    config.write_text("apiVersion: krmfn.dev/v1alpha1\nkind: Validate\nmetadata:\n  name: v\nspec:\n  bogus: 1\n")
    run = krmfn_process(["validate", "--config", str(config), "-"], CM.format(name="x"))
    known = ", ".join(sorted(o.name for o in options_for("validate")))
    assert run.code == 2
    assert run.stderr == f'krmfn: {config}:6: spec.bogus: unknown option "bogus" for mode validate (known: {known})\n'


def test_bad_flag_value_is_rejected():
    run = krmfn_process(["inline", "--defaults", "some", "-"], "")
    assert run.code == 2 and "invalid choice" in run.stderr


def test_entry_point_matches_pyproject():
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["scripts"] == {"krmfn": "krmfn.cli:main"}


# --- list options accumulate (issue 15) ---------------------------------------------------------


def test_list_flags_repeat_and_split_on_commas(tmp_path):
    (tmp_path / "bad.yaml").write_text(BAD)
    run = krmfn_process(["validate", "--disable", "reference", "--disable", "unknown-field,schema", str(tmp_path)])
    assert run.code == 0, run.stdout
    assert run.stdout == "krmfn validate: 2 objects, 0 errors, 0 warnings, 0 infos\n"


def test_list_flags_add_to_the_config_files_list(tmp_path):
    (tmp_path / "bad.yaml").write_text(BAD)
    config = tmp_path / "fn.yaml"
    config.write_text("apiVersion: krmfn.dev/v1alpha1\nkind: Validate\nmetadata:\n  name: v\n"
                      "spec:\n  disable: [reference]\n  severity: {unknown-field: info}\n  namespace: lab\n")
    run = krmfn_process(["validate", "--config", str(config), "--disable", "unknown-field",
                         "--namespace", "other", "--format", "json", str(tmp_path / "bad.yaml")])
    assert run.code == 0, run.stdout
    assert json.loads(run.stdout)["results"] == []
    # a later --severity for the same check wins over the file's; scalars from flags replace the file's
    run = krmfn_process(["validate", "--config", str(config), "--severity", "unknown-field=warning",
                         str(tmp_path / "bad.yaml")])
    assert "warning [unknown-field]" in run.stdout and "[reference]" not in run.stdout


# --- exit codes: 2 when nothing was checked, the configuration is wrong or nothing could be read ---


def test_empty_stdin_checks_nothing():
    for args in (["validate"], ["validate", "-"], ["inline"]):
        run = krmfn_process(args, "\n")
        assert (run.code, run.stdout, run.stderr) == (2, "", "krmfn: nothing to check: stdin is empty\n")
    report = json.loads(krmfn_process(["validate", "--format", "json"], "").stdout)
    assert report["results"][0]["tags"] == {"check": "nothing-checked"} and report["summary"]["objects"] == 0


def test_paths_without_objects_check_nothing(tmp_path):
    (tmp_path / "empty.yaml").write_text("---\n# nothing\n")
    (tmp_path / "notes.txt").write_text("a: 1\n")
    for mode in ("validate", "inline"):
        run = krmfn_process([mode, str(tmp_path)])
        assert (run.code, run.stdout) == (2, "")
        assert run.stderr == f"krmfn: nothing to check: no Kubernetes objects in {tmp_path}\n"


def test_a_resource_list_file_is_not_checked_in_file_mode(tmp_path):
    path = tmp_path / "rl.yaml"
    path.write_text(resource_list("- " + CM.format(name="a").replace("\n", "\n  ").rstrip() + "\n", VALIDATE))
    run = krmfn_process(["validate", str(path)])
    assert run.code == 2 and run.stdout == ""
    assert run.stderr == (f"krmfn: {path}: a ResourceList is the input of krmfn as a KRM function, not objects to "
                          "check: pipe it to krmfn with no MODE (its functionConfig picks the mode)\n")
    assert krmfn_process(["inline"], path.read_text()).stderr.startswith("krmfn: stdin: a ResourceList is the input")
    assert krmfn_process([], path.read_text()).code == 0  # which works


def test_generate_without_a_request_is_a_usage_error():
    run = krmfn_process(["generate"])
    assert (run.code, run.stdout) == (2, "")
    assert run.stderr == ("krmfn: nothing to generate: give --from, --name, --vcpus and --memory, or sizes in a "
                          "config file\n")


def test_unknown_catalog_version_is_a_usage_error():
    run = krmfn_process(["catalog", "--catalog", "v0.1"])
    assert run.code == 2 and "unknown catalog version v0.1" in run.stderr


# --- fatal errors stay machine-readable ----------------------------------------------------------


def test_json_report_of_a_configuration_error(tmp_path):
    config = tmp_path / "fn.yaml"
    config.write_text("validate:\n  strict: maybe\n")
    run = krmfn_process(["validate", "--format", "json", "--config", str(config), "-"], CM.format(name="x"))
    assert run.code == 2
    assert json.loads(run.stdout) == {
        "results": [{"message": "validate.strict: expected true or false, got \"maybe\"", "severity": "error",
                     "file": {"path": str(config), "line": 2}, "tags": {"check": "config"}}],
        "summary": {"objects": 0, "errors": 1, "warnings": 0, "infos": 0, "suppressed": 0}}
    assert run.stderr == f'krmfn: {config}:2: validate.strict: expected true or false, got "maybe"\n'


def test_github_report_of_unreadable_input(tmp_path):
    run = krmfn_process(["validate", str(tmp_path / "nope.yaml")], env={"GITHUB_ACTIONS": "true"})
    assert run.code == 2
    assert run.stdout == (f"::error title=krmfn input::{tmp_path}/nope.yaml: cannot read: "
                          "No such file or directory\n")
    run = krmfn_process(["validate", "--format", "text", str(tmp_path / "nope.yaml")])
    assert run.stdout == "" and run.stderr == f"krmfn: {tmp_path}/nope.yaml: cannot read: No such file or directory\n"


# --- .krmfn.yaml, found from the current directory up to the repository root ------------------------

DISABLE_REFERENCE = "namespace: lab\nvalidate:\n  disable: [reference]\n"


def repository(tmp_path, config: str, name: str = ".krmfn.yaml"):
    (tmp_path / ".git").mkdir()
    (tmp_path / name).write_text(config)
    (tmp_path / "vms").mkdir()
    (tmp_path / "vms" / "bad.yaml").write_text(BAD)
    return tmp_path / "vms"


def test_config_file_is_found_up_to_the_repository_root(tmp_path):
    vms = repository(tmp_path, DISABLE_REFERENCE)
    run = krmfn_process(["validate", "."], cwd=vms)
    assert run.code == 1 and "[reference]" not in run.stdout and "[unknown-field]" in run.stdout
    assert "[reference]" in krmfn_process(["validate", "--no-config", "."], cwd=vms).stdout
    other = tmp_path / "other.yaml"
    other.write_text("validate: {disable: [unknown-field]}\n")
    run = krmfn_process(["validate", "--config", str(other), "."], cwd=vms)  # --config wins
    assert "[reference]" in run.stdout and "[unknown-field]" not in run.stdout


def test_config_file_yml_and_flags_add_to_it(tmp_path):
    vms = repository(tmp_path, DISABLE_REFERENCE, ".krmfn.yml")
    run = krmfn_process(["validate", "--disable", "unknown-field", "."], cwd=vms)
    assert (run.code, run.stdout) == (0, "krmfn validate: 2 objects, 0 errors, 0 warnings, 0 infos\n")


def test_config_file_above_the_repository_is_not_read(tmp_path):
    (tmp_path / ".krmfn.yaml").write_text(DISABLE_REFERENCE)
    (tmp_path / "repo").mkdir()
    vms = repository(tmp_path / "repo", "{}\n")  # an empty mapping: no options
    assert "[reference]" in krmfn_process(["validate", "."], cwd=vms).stdout


def test_config_file_errors_are_located(tmp_path):
    vms = repository(tmp_path, "namespace: lab\nvalidate:\n  disable: [nope]\n")
    run = krmfn_process(["validate", "."], cwd=vms)
    assert (run.code, run.stdout) == (2, "")
    assert run.stderr.startswith('krmfn: ../.krmfn.yaml:3: validate.disable: unknown check "nope" (checks: ')
    (tmp_path / ".krmfn.yaml").write_text("namespace: lab\nfeatureGate: [Sidecar]\n")
    run = krmfn_process(["inline", "."], cwd=vms)
    assert (run.code, run.stderr) == (2, 'krmfn: ../.krmfn.yaml:2: featureGate: unknown option "featureGate" '
                                         '(did you mean "featureGates"?)\n')
    (tmp_path / ".krmfn.yaml").write_text("apiVersion: krmfn.dev/v1alpha1\nkind: Validate\n")
    run = krmfn_process(["validate", "."], cwd=vms)
    assert run.code == 2 and run.stderr.startswith("krmfn: ../.krmfn.yaml:2: a functionConfig (apiVersion and kind) "
                                                   "goes to --config")
    (tmp_path / ".krmfn.yaml").write_text("a: [\n")
    run = krmfn_process(["validate", "."], cwd=vms)
    assert run.code == 2 and run.stderr.startswith("krmfn: ../.krmfn.yaml")
