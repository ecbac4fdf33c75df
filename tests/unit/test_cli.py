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
    assert run.code == 1 and run.stdout == ""
    assert run.stderr.startswith(f"krmfn: {bad}: invalid YAML") and "Traceback" not in run.stderr


def test_file_mode_missing_file(tmp_path):
    run = krmfn_process(["validate", str(tmp_path / "nope.yaml")])
    assert run.code == 1 and "cannot read" in run.stderr


def test_file_mode_config_file(tmp_path):
    config = tmp_path / "fn.yaml"
    config.write_text("apiVersion: krmfn.dev/v1alpha1\nkind: Validate\nmetadata:\n  name: v\nspec:\n  bogus: 1\n")
    run = krmfn_process(["validate", "--config", str(config), "-"], CM.format(name="x"))
    assert run.code == 1 and 'unknown option "bogus"' in run.stderr


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
    assert run.stdout == "krmfn validate: 2 objects, 0 errors, 0 warnings\n"


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
