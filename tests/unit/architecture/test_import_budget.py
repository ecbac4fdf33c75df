"""A small run imports what it uses: a budget of modules for one-VM runs (a count, not a time).

Most runs are small (kustomize and kpt start the function once per build, pre-commit lints a few
files), and nearly all of their time is importing modules (bench/startup.py, bench/README.md
"Start-up"). Each run here is a fresh interpreter in a scratch directory (no kustomization, no
.krmfn.yaml around it); the count is of the modules the run adds to ``sys.modules``, the
interpreter's own start-up left out. A change that makes a one-VM run import more than its budget
fails here: load the new code through a registry (``dispatch.RUNNERS``, ``admit.CHAINS``), a
function-level import listed in test_import_graph.py, or a ``LazyPattern``
(CONTRIBUTING.md, "Where a change goes"), or raise the budget saying why.
"""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

# Measured when the budgets were set (Python 3.11): validate of one VM file with its types 225
# modules, with catalog types 225, the function's validate 218, inline of the file 204 (since the
# last budgets: argparse without gettext and locale, no contextlib, the writers and the network
# checks a plainly valid spec does not need left out). The budgets leave about 3% for growth.
BUDGETS = {"validate-files": 232, "validate-catalog": 232, "function-validate": 225, "inline-files": 210}

VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: web
  namespace: lab
spec:
  runStrategy: Halted
  instancetype:
    name: {instancetype}
  preference:
    name: {preference}
  template:
    spec:
      domain:
        devices: {{}}
"""
TYPES = """---
apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachineClusterInstancetype
metadata:
  name: small
spec:
  cpu:
    guest: 1
  memory:
    guest: 1Gi
---
apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachineClusterPreference
metadata:
  name: linux
spec:
  devices:
    preferredDiskBus: virtio
"""
# What an editable install's import finder loads at start-up and a regular install does not: loaded
# before counting, so that both count the same (CI installs krmfn as a wheel, a developer may not).
PRELOADED = ("__future__, copyreg, enum, errno, fnmatch, importlib.machinery, ipaddress, ntpath, pathlib, re, "
             "urllib.parse, warnings")
DRIVER = """
import io, json, sys
import """ + PRELOADED + """
before = set(sys.modules)
from krmfn.cli.main import main
args = json.loads(sys.argv[1])
if not args:
    sys.stdin = io.TextIOWrapper(io.BytesIO(open(sys.argv[2], "rb").read()))
code = main(args)
print(json.dumps([code, sorted(set(sys.modules) - before)]))
"""


def _resource_list(text: str) -> str:
    items = "".join("- " + doc.strip().replace("\n", "\n  ") + "\n" for doc in text.split("---") if doc.strip())
    return ("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n" + items +
            "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: krmfn\n"
            "  data:\n    mode: validate\n")


def _imported(tmp_path: pathlib.Path, args: list[str], stdin: str = "") -> list[str]:
    done = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(args), stdin], cwd=tmp_path,
                          capture_output=True, text=True, check=True, timeout=120)
    code, names = json.loads(done.stdout.splitlines()[-1])
    assert code == 0, done.stderr
    return list(names)


def _one_vm_run(tmp_path: pathlib.Path, run: str) -> list[str]:
    """The modules a one-VM run imports."""
    (tmp_path / ".git").mkdir()  # the repository root: no .krmfn.yaml is looked for above it
    own = VM.format(instancetype="small", preference="linux") + TYPES
    (tmp_path / "own.yaml").write_text(own)
    (tmp_path / "catalog.yaml").write_text(VM.format(instancetype="u1.medium", preference="fedora"))
    (tmp_path / "rl.yaml").write_text(_resource_list(own))
    args = {"validate-files": (["validate", "own.yaml"], ""), "validate-catalog": (["validate", "catalog.yaml"], ""),
            "function-validate": ([], str(tmp_path / "rl.yaml")), "inline-files": (["inline", "own.yaml"], "")}[run]
    return _imported(tmp_path, *args)


@pytest.mark.parametrize("run", sorted(BUDGETS))
def test_a_one_vm_run_imports_within_its_budget(tmp_path: pathlib.Path, run: str) -> None:
    count = len(_one_vm_run(tmp_path, run))
    assert count <= BUDGETS[run], f"{run}: {count} modules imported, budget {BUDGETS[run]}"
    assert count >= BUDGETS[run] * 0.5, f"{run}: {count} modules: is the run still running the mode?"


# Standard library modules a one-VM run does without (bench/README.md, "Start-up"): records are not
# dataclasses, typing is for the type checker, PyYAML loads for a kustomization or a `file:line`,
# the others where the one check that uses each runs; argparse is imported without gettext and
# locale (krmfn.cli.main); the context managers on the path are classes, without contextlib.
NOT_AT_START_UP = {"dataclasses", "inspect", "ast", "typing", "difflib", "datetime", "copy", "struct", "unicodedata",
                   "shlex", "yaml", "gettext", "locale", "contextlib"}


@pytest.mark.parametrize("run", ["function-validate", "validate-files"])
def test_a_one_vm_run_does_without_these_modules(tmp_path: pathlib.Path, run: str) -> None:
    assert sorted(NOT_AT_START_UP & set(_one_vm_run(tmp_path, run))) == []


def test_rapidyaml_loads_without_the_deprecation_module(tmp_path: pathlib.Path) -> None:
    """krmfn.kio imports rapidyaml with a stand-in for ``deprecation`` (``krmfn/kio/__init__.py``):
    neither it nor ``packaging`` is loaded, rapidyaml works, and the real module stays importable."""
    code = ("import sys, krmfn.kio.tree as tree\n"
            "assert 'deprecation' not in sys.modules and 'packaging' not in sys.modules, sorted(sys.modules)\n"
            "assert tree.to_python(tree.parse(b'a: [1, b]'), tree.documents(tree.parse(b'a: [1, b]'))[0]) "
            "== {'a': [1, 'b']}\n"
            "import deprecation\n"
            "assert hasattr(deprecation, 'fail_if_not_removed')\n")
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True, timeout=60)


def test_argparse_loads_without_gettext_and_speaks_english(tmp_path: pathlib.Path) -> None:
    """The command imports argparse with a stand-in for ``gettext`` (``krmfn/cli/main.py``): neither
    it nor ``locale`` is loaded, argparse's own words are its English ones (a plural included), and
    the real module stays importable."""
    code = ("import sys\n"
            "from krmfn.cli import main\n"
            "main._import_argparse_untranslated()\n"
            "import argparse\n"
            "assert 'gettext' not in sys.modules and 'locale' not in sys.modules, sorted(sys.modules)\n"
            "parser = argparse.ArgumentParser(prog='p')\n"
            "parser.add_argument('--two', nargs=2)\n"
            "assert parser.format_usage() == 'usage: p [-h] [--two TWO TWO]\\n', parser.format_usage()\n"
            "try:\n"
            "    parser.parse_args(['--two', 'x'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "import gettext\n"
            "assert hasattr(gettext, 'translation')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr.endswith("p: error: argument --two: expected 2 arguments\n"), done.stderr
