"""The CLI: help, version, file mode over files, directories and stdin, and KRM mode on stdin."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib

import pytest

from krmfn import __version__
from krmfn.cli.parser import build_parser
from krmfn.kio.config import options_for
from krmfn.model.options import MODES
from tests.conftest import REPO, VALIDATE, krmfn_process, load12, resource_list
from tests.unit.kio.test_leniency import NAD
from tests.unit.modes.validate.test_cli_report import BAD

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


def test_file_mode_bad_yaml_is_one_located_finding(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [\n")
    run = krmfn_process(["validate", str(bad)])
    assert run.code == 1 and run.stderr == ""
    assert run.stdout == (f"{bad}:2:1: error [input] invalid YAML at line 2, column 1: missing terminating ]\n"
                          "krmfn validate: 0 objects, 1 error, 0 warnings, 0 infos\n")


@pytest.mark.parametrize("command", [
    ["validate"], ["inline"], ["normalize"], ["generate"], ["adopt"], ["explain"], ["fit"],
    ["diff", "{here}"], ["diff", "--catalog", "v1.6.0..v1.7.0"], ["validate", "--format", "json"],
])
def test_a_path_that_does_not_exist_is_exit_2_in_every_command(tmp_path, command):
    """One reading of paths (krmfn.kio.files.require_paths): a typo stops every command, never
    an empty tree (diff: every VM removed, or "no change")."""
    (tmp_path / "here").mkdir()
    (tmp_path / "here" / "cm.yaml").write_text(CM.format(name="a"))
    args = [arg.format(here=tmp_path / "here") for arg in command]
    flag = "--no-config" if command[0] in MODES else "--kustomize=off"
    run = krmfn_process([args[0], flag, *args[1:], str(tmp_path / "nope")])
    prefix = f"krmfn {command[0]}" if command[0] in ("diff", "explain", "fit") else "krmfn"
    assert (run.code, run.stderr) == (2, f"{prefix}: {tmp_path / 'nope'}: cannot read: No such file or directory\n")
    assert (run.stdout == "") == (command[-1] != "json")


def test_a_dangling_symbolic_link_given_is_exit_2(tmp_path):
    (tmp_path / "link.yaml").symlink_to(tmp_path / "gone.yaml")
    run = krmfn_process(["validate", "--no-config", str(tmp_path / "link.yaml")])
    assert (run.code, run.stderr) == (2, f"krmfn: {tmp_path / 'link.yaml'}: cannot read: No such file or directory "
                                         f"(a symbolic link to {tmp_path / 'gone.yaml'}, which does not exist)\n")


def test_file_mode_config_file(tmp_path):
    config = tmp_path / "fn.yaml"
    config.write_text("apiVersion: krmfn.dev/v1alpha1\nkind: Validate\nmetadata:\n  name: v\nspec:\n  bogus: 1\n")
    run = krmfn_process(["validate", "--config", str(config), "-"], CM.format(name="x"))
    known = ", ".join(sorted(o.name for o in options_for("validate")))
    assert run.code == 2
    assert run.stderr == f'krmfn: {config}:6: spec.bogus: unknown option "bogus" for mode validate (known: {known})\n'


def test_bad_flag_value_is_rejected():
    run = krmfn_process(["inline", "--defaults", "some", "-"], "")
    assert (run.code, run.stderr) == (2, 'krmfn: --defaults: "some" is not one of cluster, none\n')


def test_entry_point_matches_pyproject():
    with open(os.path.join(REPO, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["scripts"] == {"krmfn": "krmfn.cli.main:entry"}


def test_entry_exits_with_mains_code_after_output_and_atexit(tmp_path):
    """entry() skips the interpreter's teardown: what main wrote is all out, the atexit handlers
    have run, and the exit code is main's."""
    (tmp_path / "bad.yaml").write_text(BAD)
    marker = tmp_path / "atexit-ran"
    code = ("import atexit, pathlib, sys\n"
            f"atexit.register(pathlib.Path({str(marker)!r}).write_text, 'yes')\n"
            "sys.argv = ['krmfn', 'validate', '--format', 'json', 'bad.yaml']\n"
            "from krmfn.cli.main import entry\n"
            "entry()\n"
            "print('not reached')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stderr
    assert json.loads(done.stdout)["results"] and "not reached" not in done.stdout
    assert marker.read_text() == "yes"


def test_entry_is_quiet_when_the_reader_goes_away(tmp_path):
    """`krmfn validate . | head -1`: the reader closes the pipe before the last flush; no
    "Exception ignored" report, as when the pipe breaks during the run."""
    (tmp_path / "bad.yaml").write_text(BAD)
    read_end, write_end = os.pipe()
    os.close(read_end)
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}  # output stays buffered
    done = subprocess.run([sys.executable, "-m", "krmfn", "validate", "bad.yaml"], cwd=tmp_path, stdout=write_end,
                          stderr=subprocess.PIPE, text=True, check=False, env=env)
    os.close(write_end)
    assert done.returncode == 1 and "Exception ignored" not in done.stderr and "Traceback" not in done.stderr


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
    assert run.stderr == ("krmfn: nothing to generate: give --from and --name (with --vcpus, --memory, --custom, "
                          "--patch or --set to change the copy), or sizes in a config file\n")


def test_unknown_catalog_version_is_a_usage_error():
    run = krmfn_process(["catalog", "--catalog", "v0.1"])
    assert run.code == 2 and "unknown catalog version v0.1" in run.stderr


def test_catalog_lists_the_release_a_kubevirt_version_deploys():
    run = krmfn_process(["catalog", "--kubevirt-version", "v1.8", "--kind", "instancetypes"])
    assert run.code == 0 and run.stdout.startswith("common-instancetypes v1.6.0: VirtualMachineClusterInstancetype\n")
    v1_7 = krmfn_process(["catalog", "--kubevirt-version", "v1.7", "--kind", "instancetypes"]).stdout
    assert v1_7.startswith("common-instancetypes v1.5.1:") and "d1.large" not in v1_7
    explicit = krmfn_process(["catalog", "--kubevirt-version", "v1.7", "--catalog", "v1.7.0",
                              "--kind", "instancetypes"])
    assert explicit.stdout.startswith("common-instancetypes v1.7.0:") and "d1.large" in explicit.stdout
    assert krmfn_process(["catalog"]).stdout.startswith("common-instancetypes v1.7.0:")


def test_kubevirt_version_is_a_flag_of_every_mode_and_picks_the_catalog(tmp_path):
    """validate's catalog note names the catalog the release deploys."""
    path = tmp_path / "vm.yaml"
    path.write_text("apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata: {name: vm, namespace: lab}\n"
                    "spec:\n  runStrategy: Halted\n  instancetype: {name: d1.large}\n"
                    "  template: {spec: {domain: {devices: {}}}}\n")
    assert krmfn_process(["validate", "--no-config", "--kubevirt-version", "v1.8", str(path)]).code == 0
    old = krmfn_process(["validate", "--no-config", "--kubevirt-version", "v1.7", str(path)])
    assert old.code == 1 and 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "d1.large" not found' \
        in old.stdout
    assert krmfn_process(["inline", "--no-config", "--kubevirt-version", "v1.6", str(path)]).code == 2


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


def test_fatal_input_errors_stay_machine_readable_in_every_format(tmp_path):
    # an unreadable file is a finding (exit 1); a run that cannot read anything at all is fatal (exit 2)
    (tmp_path / "cm.yaml").write_text(CM.format(name="a"))
    env = {"KRMFN_MAX_DEPTH": "x"}
    line = "KRMFN_MAX_DEPTH='x': expected an integer from 1 to 10000"
    run = krmfn_process(["validate", str(tmp_path)], env={**env, "GITHUB_ACTIONS": "true"})
    assert (run.code, run.stdout, run.stderr) == (2, f"::error title=krmfn input::{line}\n", f"krmfn: {line}\n")
    run = krmfn_process(["validate", "--format", "text", str(tmp_path)], env=env)
    assert (run.code, run.stdout, run.stderr) == (2, "", f"krmfn: {line}\n")
    run = krmfn_process(["validate", "--format", "sarif", str(tmp_path)], env=env)
    [result] = json.loads(run.stdout)["runs"][0]["results"]
    assert (run.code, result["ruleId"], result["level"], result["message"]["text"]) == (2, "input", "error", line)
    run = krmfn_process(["validate", "--format", "junit", str(tmp_path)], env=env)
    assert run.code == 2 and f'<failure type="input" message="error [input] {line}">' in run.stdout


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


# --- one bad file never blinds the run (issue 15) ----------------------------------------------

BAD_FILES = {
    "dup.yaml": ("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n  name: e\n",
                 ':5:3: error [input] invalid YAML at line 5, column 3: duplicate key "name" in a mapping'),
    "syntax.yaml": ("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: s\n data: [\n",
                    ":5:1: error [input] invalid YAML at line 5, column 1: parse error: incorrect indentation?"),
    "chart/templates/deploy.yaml": (
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Values.name }}\n",
        ":4:10: error [input] invalid YAML at line 4, column 10: ryml trees cannot handle containers as keys; "
        "the file holds template markup ({{ }}): render it first (helm template) or leave it out with --exclude"),
    "playbook.yml": ("- hosts: all\n  tasks: []\n",
                     ":1:1: error [input] document 1 is not a mapping (a Kubernetes object): an Ansible playbook, "
                     "not Kubernetes YAML; leave it out with --exclude playbook.yml"),
    "values.yaml": ("replicaCount: 1\n",
                    ":1:1: error [input] document 1 is not a Kubernetes object: it has no apiVersion and no kind "
                    "(Helm values, not Kubernetes YAML; leave it out with --exclude values.yaml)"),
}


def bad_tree(tmp_path):
    for name, (text, _) in BAD_FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (tmp_path / "dangling.yaml").symlink_to(tmp_path / "gone.yaml")
    (tmp_path / "a.yaml").write_text(CM.format(name="a"))
    (tmp_path / "z.yaml").write_text(CM.format(name="b") + "---\n- not an object\n---\n" + CM.format(name="a"))
    return tmp_path


def test_validate_reports_each_bad_file_once_and_checks_the_rest(tmp_path):
    bad_tree(tmp_path)
    run = krmfn_process(["validate", "."], cwd=tmp_path)
    assert run.code == 1 and run.stderr == ""
    expected = sorted([f"./{name}{line}" for name, (_, line) in BAD_FILES.items()] + [
        f"./dangling.yaml: error [input] cannot read: No such file or directory "
        f"(a symbolic link to {tmp_path / 'gone.yaml'}, which does not exist)"]) + [
        "./z.yaml:9:1: error [input] document 2 is not a mapping (a Kubernetes object)",
        # the readable documents of every file are still validated together
        './z.yaml:14: error [duplicate-object] ConfigMap a metadata.name: ConfigMap "a" in namespace default '
        "is defined twice; kubectl apply applies both in turn, so this one overwrites the first and only the last "
        "definition stays in the cluster (first definition: ./a.yaml:4)",
    ]
    assert run.stdout.splitlines() == [*expected, "krmfn validate: 4 objects, 8 errors, 0 warnings, 0 infos"]


def test_validate_json_gives_file_line_and_column(tmp_path):
    (tmp_path / "dup.yaml").write_text(BAD_FILES["dup.yaml"][0])
    run = krmfn_process(["validate", "--format", "json", "dup.yaml"], cwd=tmp_path)
    assert json.loads(run.stdout)["results"] == [{
        "message": 'invalid YAML at line 5, column 3: duplicate key "name" in a mapping', "severity": "error",
        "file": {"path": "dup.yaml", "index": 0, "line": 5, "column": 3}, "tags": {"check": "input"}}]


def test_inline_writes_what_it_could_read_and_fails_on_the_rest(tmp_path):
    bad_tree(tmp_path)
    run = krmfn_process(["inline", "."], cwd=tmp_path)
    assert run.code == 1
    docs = [load12(doc) for doc in run.stdout.split("---\n")]
    # values.yaml is read (a mapping) and passes through; unreadable documents are left out
    assert [d.get("metadata", {}).get("name", "values") for d in docs] == ["a", "values", "b", "a"]
    errors = run.stderr.splitlines()
    assert "krmfn: ./dup.yaml:5:3: invalid YAML at line 5, column 3: duplicate key \"name\" in a mapping" in errors
    assert "krmfn: ./z.yaml:9:1: document 2 is not a mapping (a Kubernetes object)" in errors
    assert len(errors) == 7


def test_yaml_go_yaml_reads_is_read_and_passes_through_every_mode_as_written(tmp_path):
    # The issue's NetworkAttachmentDefinition: its quoted JSON closes with `  }'` at the key's
    # column, which YAML 1.2 refuses and kubectl, kustomize (go-yaml) and PyYAML read.
    (tmp_path / "nad.yaml").write_text(NAD)
    (tmp_path / "cm.yaml").write_text(CM.format(name="c"))
    run = krmfn_process(["validate", "."], cwd=tmp_path)
    assert (run.code, run.stdout) == (0, "krmfn validate: 2 objects, 0 errors, 0 warnings, 0 infos\n"), run.stderr
    run = krmfn_process(["inline", "."], cwd=tmp_path)
    assert (run.code, run.stderr) == (0, "")
    assert run.stdout == CM.format(name="c") + "---\n" + NAD
    items = resource_list("- " + NAD.replace("\n", "\n  ").rstrip() + "\n", VALIDATE)
    run = krmfn_process([], stdin=items)
    assert run.code == 0 and run.stdout.startswith(items.split("functionConfig:")[0]), run.stderr


def test_generate_reads_its_bundle_the_same_way(tmp_path):
    (tmp_path / "bad.yaml").write_text("a: [\n")
    run = krmfn_process(["generate", "--from", "u1.medium", "--name", "u1.x", "--vcpus", "3", "--memory", "5Gi",
                         "bad.yaml"],
                        cwd=tmp_path)
    assert run.code == 1 and load12(run.stdout)["metadata"]["name"] == "u1.x"
    assert run.stderr.endswith("\nkrmfn: bad.yaml:2:1: invalid YAML at line 2, column 1: missing terminating ]\n")


def test_exclude_globs_match_relative_paths_names_and_directories(tmp_path):
    bad_tree(tmp_path)
    run = krmfn_process(["validate", "--exclude", "chart", "--exclude", "*.yml", "--exclude", "d*.yaml",
                         "--exclude", "syntax.yaml", "--exclude", "values.yaml", "--exclude", "z.yaml", "."],
                        cwd=tmp_path)
    assert run.code == 0, run.stdout
    assert run.stdout == "krmfn validate: 1 object, 0 errors, 0 warnings, 0 infos\n"
    run = krmfn_process(["validate", "--exclude", "templates/*", str(tmp_path / "chart")])
    assert (run.code, run.stdout) == (2, "")  # everything left out: nothing checked must not look like success
    assert run.stderr == f"krmfn: nothing to check: no Kubernetes objects in {tmp_path / 'chart'}\n"
    run = krmfn_process(["inline", "--exclude", "z.yaml", str(tmp_path / "a.yaml"), str(tmp_path / "z.yaml")])
    assert run.code == 0 and load12(run.stdout)["metadata"]["name"] == "a"


# --- repositories laid out for kustomize ------------------------------------------------------

VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: db
spec:
  runStrategy: Always
  instancetype:
    name: {size}
  template:
    spec:
      domain:
        devices: {{}}
"""


def kustomize_repo(root):
    for folder in ("base", "overlays/prod", "overlays/broken", "loose"):
        (root / folder).mkdir(parents=True)
    (root / "base" / "kustomization.yaml").write_text("resources: [vm.yaml]\n")
    (root / "base" / "vm.yaml").write_text(VM.format(size="u1.medium"))
    (root / "overlays/prod/kustomization.yaml").write_text(
        "resources: [../../base]\nnamespace: prod\npatches:\n- path: size.yaml\n"
        "- path: labels.yaml\n  target: {kind: VirtualMachine, name: db}\n")
    (root / "overlays/prod/size.yaml").write_text(
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: db\nspec:\n  instancetype:\n"
        "    name: u1.huge\n")
    (root / "overlays/prod/labels.yaml").write_text("- op: add\n  path: /metadata/labels\n  value: {tier: db}\n")
    (root / "overlays/prod/unused-fragment.yaml").write_text("spec:\n  runStrategy: Halted\n")
    (root / "overlays/broken/kustomization.yaml").write_text("resources: [missing.yaml]\n")
    (root / "loose" / "vm.yaml").write_text(VM.format(size="u1.nope"))


NOT_FOUND = 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "{}" not found'


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_validate_builds_each_kustomization_as_a_bundle_of_its_own(tmp_path):
    kustomize_repo(tmp_path)
    run = krmfn_process(["validate", "--format", "json", "."], cwd=tmp_path)
    results = [r for r in json.loads(run.stdout)["results"] if r["tags"]["check"] != "catalog"]
    broken = results.pop(1)
    # on the entry that names the missing file, with kustomize's error (paths relative to the directory given)
    assert broken["file"] == {"path": "./overlays/broken/kustomization.yaml", "line": 1}
    assert broken["message"].startswith("kustomize build failed: accumulating resources: accumulation "
                                        "err='accumulating resources from 'missing.yaml': evalsymlink failure on "
                                        "'overlays/broken/missing.yaml'")
    assert "\n" not in broken["message"] and "E11" not in broken["message"] and str(tmp_path) not in broken["message"]
    # the overlay renders db with its patch: one bundle, its field located in the patch that sets it; the base
    # and the loose copy of db are other bundles (no duplicate-object), and no fragment is read on its own
    assert [(r["file"], r["message"]) for r in results] == [
        ({"path": "./loose/vm.yaml", "index": 0, "line": 8}, NOT_FOUND.format("u1.nope")),
        ({"path": "./overlays/prod/size.yaml", "index": 0, "line": 7}, NOT_FOUND.format("u1.huge")),
    ]
    assert results[1]["resourceRef"]["namespace"] == "prod"
    assert json.loads(run.stdout)["summary"]["objects"] == 3 and run.code == 1
    text = krmfn_process(["validate", "overlays/prod"], cwd=tmp_path).stdout.splitlines()
    assert text[0] == ("overlays/prod/size.yaml:7: error [reference] VirtualMachine prod/db spec.instancetype.name: "
                       + NOT_FOUND.format("u1.huge"))


def test_kustomize_off_reads_the_files_but_not_kustomize_configuration_as_objects(tmp_path):
    kustomize_repo(tmp_path)
    run = krmfn_process(["validate", "--kustomize", "off", "--format", "json", "."], cwd=tmp_path)
    results = [r for r in json.loads(run.stdout)["results"] if r["tags"]["check"] != "catalog"]
    files = {r["file"]["path"] for r in results}
    assert "./overlays/prod/unused-fragment.yaml" not in files and "./overlays/prod/labels.yaml" not in files
    assert not [r for r in results if r["tags"]["check"] == "input"]
    # kustomization files and the patches they name are kustomize's configuration, not objects
    assert files == {"./loose/vm.yaml"} and "./overlays/prod/size.yaml" not in run.stdout


def test_kustomize_auto_without_kubectl_reads_files_and_says_so(tmp_path):
    kustomize_repo(tmp_path)
    run = krmfn_process(["validate", "--format", "json", "."], cwd=tmp_path, env={"PATH": str(tmp_path / "loose")})
    results = json.loads(run.stdout)["results"]
    assert results[0] == {
        "message": "3 kustomization directories (./base, ./overlays/broken, ./overlays/prod) read file by file: "
                   "neither kubectl nor kustomize is on PATH (or pipe: kubectl kustomize DIR | krmfn validate -)",
        "severity": "info", "tags": {"check": "input"}}
    assert {r["file"]["path"] for r in results[1:]} == {"./base/vm.yaml", "./loose/vm.yaml"}  # db twice


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_a_component_with_a_patch_is_one_object_and_no_finding(tmp_path):
    for path, text in {
        "app/kustomization.yaml": "resources: [vm.yaml]\ncomponents: [../component]\n",
        "app/vm.yaml": VM.format(size="u1.medium"),
        "component/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n"
                                        "patches:\n- path: metadata.yaml\n  target: {kind: VirtualMachine}\n",
        "component/metadata.yaml": "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: metadata\n"
                                   "  annotations: {team: a}\n",
    }.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    run = krmfn_process(["validate", "."], cwd=tmp_path)
    assert run.stdout.splitlines()[-1] == "krmfn validate: 1 object, 0 errors, 0 warnings, 1 info", run.stdout
    assert "[schema]" not in run.stdout and "[duplicate-object]" not in run.stdout


def test_every_mode_that_reads_paths_builds_kustomizations_by_default():
    parser = build_parser()
    for args in (["validate"], ["inline"], ["generate"], ["normalize"], ["adopt"], ["explain", "x"], ["diff"],
                 ["fit"]):
        assert parser.parse_args(args).kustomize == "auto", args
        assert parser.parse_args([*args, "--kustomize", "off"]).kustomize == "off", args
    for mode in ("validate", "inline", "generate", "normalize", "adopt", "diff"):
        assert parser.parse_args([mode, "--kustomize-build-options=--enable-helm"]).kustomizeBuildOptions == (
            "--enable-helm"), mode


def test_kustomize_build_options_reach_the_build_and_bad_ones_are_a_config_error(tmp_path):
    (tmp_path / "app").mkdir()
    (tmp_path / "app/kustomization.yaml").write_text("resources: [cm.yaml]\n")
    (tmp_path / "app/cm.yaml").write_text(CM.format(name="a"))
    (tmp_path / "bin").mkdir()
    kubectl = tmp_path / "bin" / "kubectl"
    kubectl.write_text(f"#!/bin/sh\necho \"$@\" >> {tmp_path}/args\ncat {tmp_path}/app/cm.yaml\n")
    kubectl.chmod(0o755)
    (tmp_path / ".krmfn.yaml").write_text("kustomizeBuildOptions: --load-restrictor LoadRestrictionsNone\n")
    env = {"PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"}
    run = krmfn_process(["validate", "app"], cwd=tmp_path, env=env)
    assert run.code == 0, run.stdout + run.stderr
    assert (tmp_path / "args").read_text().startswith("kustomize --load-restrictor LoadRestrictionsNone ")
    run = krmfn_process(["inline", "--kustomize-build-options=--enable-helm", "app"], cwd=tmp_path, env=env)
    assert run.code == 0 and load12(run.stdout)["metadata"]["name"] == "a"
    assert (tmp_path / "args").read_text().splitlines()[1].startswith("kustomize --enable-helm ")  # the flag wins
    run = krmfn_process(["validate", "--kustomize-build-options=-o out.yaml", "app"], cwd=tmp_path, env=env)
    assert run.code == 2 and run.stderr == ("krmfn: kustomizeBuildOptions: -o: krmfn reads the build's output from "
                                            "stdout; leave it out\n")


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_inline_and_explain_read_what_a_kustomization_renders(tmp_path):
    kustomize_repo(tmp_path)
    (tmp_path / "overlays/broken/kustomization.yaml").unlink()
    (tmp_path / "dup.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  name: b\n")
    run = krmfn_process(["inline", "overlays/prod"], cwd=tmp_path)
    assert load12(run.stdout)["metadata"] == {"name": "db", "namespace": "prod", "labels": {"tier": "db"}}
    assert run.stderr.startswith("krmfn: overlays/prod/size.yaml:7: VirtualMachine prod/db spec.instancetype.name: ")
    # a file no kustomization renders that cannot be read is a finding; the VMs are still explained
    run = krmfn_process(["explain", "--format", "table", "overlays/prod", "base", "dup.yaml"], cwd=tmp_path)
    assert run.code == 1 and run.stdout.count("FIELD") == 2, run.stderr
    assert run.stderr == ('krmfn explain: dup.yaml:5:3: invalid YAML at line 5, column 3: duplicate key "name" in a '
                          "mapping\n")


def test_inline_stderr_names_lines_not_document_indexes(tmp_path):
    (tmp_path / "vms.yaml").write_text(CM.format(name="a") + "---\n" + VM.format(size="u1.nope"))
    run = krmfn_process(["inline", "vms.yaml"], cwd=tmp_path)
    assert run.code == 1
    assert run.stderr == ("krmfn: vms.yaml:16: VirtualMachine db spec.instancetype.name: "
                          + NOT_FOUND.format("u1.nope") + "\n")


def test_a_resource_list_among_objects_is_one_input_finding_not_an_object(tmp_path):
    (tmp_path / "rl.yaml").write_text("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: []\n")
    (tmp_path / "cm.yaml").write_text(CM.format(name="a"))
    run = krmfn_process(["validate", "."], cwd=tmp_path)
    assert run.code == 1
    assert run.stdout == ("./rl.yaml (document 1): error [input] a ResourceList is the input of krmfn as a KRM "
                          "function, not objects to check: pipe it to krmfn with no MODE (its functionConfig picks "
                          "the mode)\nkrmfn validate: 1 object, 1 error, 0 warnings, 0 infos\n")


def test_input_findings_follow_disable_severity_and_strict(tmp_path):
    (tmp_path / "bad.yaml").write_text("a: [\n")
    (tmp_path / "cm.yaml").write_text(CM.format(name="a"))
    run = krmfn_process(["validate", "--disable", "input", "."], cwd=tmp_path)
    assert (run.code, run.stdout) == (0, "krmfn validate: 1 object, 0 errors, 0 warnings, 0 infos\n")
    run = krmfn_process(["validate", "--severity", "input=warning", "."], cwd=tmp_path)
    assert run.code == 0 and run.stdout.startswith("./bad.yaml:2:1: warning [input] invalid YAML")
    run = krmfn_process(["validate", "--severity", "input=warning", "--strict", "."], cwd=tmp_path)
    assert run.code == 1 and run.stdout.startswith("./bad.yaml:2:1: error [input] invalid YAML")


@pytest.mark.parametrize("args,message", [
    (["inline", "--catalog", "v9"], '--catalog: unknown catalog version "v9"; embedded: v1.5.1, v1.6.0, v1.7.0; '
                                    "none turns it off"),
    (["validate", "--architecture", "foo"], '--architecture: "foo" is not one of KubeVirt\'s architectures: amd64, '
                                            "arm64, s390x"),
    (["normalize", "--cpu-request", "abc"], '--cpu-request: "abc" is not a quantity: quantities must match the '
                                            "regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"),
    (["adopt", "--eviction-strategy", "bogus"], '--eviction-strategy: "bogus" is not one of KubeVirt\'s eviction '
                                                "strategies: LiveMigrate, LiveMigrateIfPossible, None, External"),
    (["inline", "--feature-gates", "Sidecar", "--feature-gates", "NoSuchGate"],
     '--feature-gates: "NoSuchGate" is not a feature gate of KubeVirt v1.9 (v1.9.0)'),
    (["inline", "--kubevirt-version", "v1.7", "--feature-gates", "PasstBinding"],
     '--feature-gates: "PasstBinding" is not a feature gate of KubeVirt v1.7 (v1.7.4)'),
    (["validate", "--network-interface", "masq"],
     '--network-interface: "masq" is not one of bridge, masquerade, slirp (did you mean "masquerade"?)'),
    (["generate", "--from", "u1.medium", "--name", "u1.mine", "--vcpus", "two"],
     '--vcpus: vcpus must be a whole number of vCPUs, got "two"'),
])
def test_a_bad_option_value_is_a_usage_error(args, message):
    """Every option value is checked where options are read, in KubeVirt's vocabulary: exit 2, one
    line, nothing on stdout (docs/results.md)."""
    run = krmfn_process([args[0], "--no-config", *args[1:], "-"], CM.format(name="a"))
    assert (run.code, run.stdout, run.stderr) == (2, "", f"krmfn: {message}\n")


def test_diff_checks_each_side_of_a_catalog_range(tmp_path):
    (tmp_path / "cm.yaml").write_text(CM.format(name="a"))
    run = krmfn_process(["diff", "--catalog", "v1.6.0..v9", str(tmp_path)])
    assert (run.code, run.stdout) == (2, "")
    assert run.stderr == ('krmfn diff: --catalog: unknown catalog version "v9"; embedded: v1.5.1, v1.6.0, v1.7.0; '
                          "none turns it off\n")


def test_mode_help_loads_no_vocabulary():
    """Option values are checked when given: `krmfn MODE --help` pays nothing for KubeVirt's vocabularies."""
    code = ("import sys, contextlib, io, krmfn.cli.main as m\n"
            "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
            "    m.main(['validate', '--help'])\n"
            "print('krmfn.kubevirt.option_values' in sys.modules, 'krmfn.kio.config' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False True\n"


def test_no_parser_takes_an_abbreviated_option():
    """`--form json` is not `--format json`: adding an option must not change what a command line means."""
    parser = build_parser()
    assert [name for name, sub in {"krmfn": parser, **parser.subcommands}.items() if sub.allow_abbrev] == []
    run = krmfn_process(["validate", "--no-config", "--form", "json", "-"], CM.format(name="a"))
    assert run.code == 2 and run.stdout == ""
    assert run.stderr.startswith("usage: krmfn validate ")
    assert run.stderr.endswith("\nkrmfn validate: error: unrecognized arguments: --form\n")


@pytest.mark.parametrize("args,usage", [
    (["validate", "--bogus", "x"], "krmfn validate"),
    (["diff", "a", "b", "--bogus"], "krmfn diff"),
    (["catalog", "--bogus"], "krmfn catalog"),
    (["--bogus", "validate"], "krmfn"),  # before the mode: the top level's
])
def test_an_unknown_option_prints_the_usage_of_the_command_it_was_given_to(args, usage):
    run = krmfn_process(args)
    assert run.code == 2 and run.stdout == ""
    assert run.stderr.startswith(f"usage: {usage} [-h]")
    assert run.stderr.endswith(f"\n{usage}: error: unrecognized arguments: --bogus\n")


def test_catalog_takes_format_and_still_its_deprecated_output():
    yaml_out = krmfn_process(["catalog", "--format", "yaml", "--kind", "preferences"])
    assert yaml_out.code == 0 and yaml_out.stdout.startswith("apiVersion: instancetype.kubevirt.io/v1beta1\n")
    for flag in ("--output", "-o"):
        old = krmfn_process(["catalog", flag, "yaml", "--kind", "preferences"])
        assert (old.code, old.stdout) == (0, yaml_out.stdout)
        assert old.stderr == f"krmfn catalog: note: {flag} is deprecated; use --format\n"
    assert "--output" not in krmfn_process(["catalog", "--help"]).stdout


def test_inline_folds_the_catalog_infos_into_one_stderr_line_unless_verbose(tmp_path):
    """As validate's report: one line for the catalog's references, --verbose lists each."""
    vm = ("apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: web\n  namespace: lab\nspec:\n"
          "  runStrategy: Halted\n  instancetype:\n    name: u1.medium\n  preference:\n    name: fedora\n"
          "  template:\n    spec:\n      domain:\n        devices: {}\n")
    (tmp_path / "vm.yaml").write_text(vm)
    folded = krmfn_process(["inline", str(tmp_path / "vm.yaml")])
    assert folded.code == 0
    assert folded.stderr == ("krmfn: info [catalog] 2 references resolved from the embedded catalog v1.7.0 "
                             "(--verbose to list them)\n")
    listed = krmfn_process(["inline", "--verbose", str(tmp_path / "vm.yaml")])
    assert listed.stdout == folded.stdout
    path = tmp_path / "vm.yaml"
    assert listed.stderr == (
        f"krmfn: {path}:1: VirtualMachine lab/web: info: VirtualMachineClusterInstancetype u1.medium is not in the "
        "bundle: used the one of the embedded common-instancetypes catalog v1.7.0\n"
        f"krmfn: {path}:1: VirtualMachine lab/web: info: VirtualMachineClusterPreference fedora is not in the "
        "bundle: used the one of the embedded common-instancetypes catalog v1.7.0\n")
