"""Security (issue 8, README "Security"): safe YAML loading only, no code execution from input, no
network, no files read but the inputs named on the command line; the limits are adjustable.

The runtime checks run krmfn in a fresh process under a Python audit hook that records every file
opened, every socket, subprocess and exec event, and the test asserts on that record.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, krm

PACKAGE = Path(REPO) / "krmfn"
# (marshal is allowed: webhooks/vm.py deep-copies its own data with a dumps/loads round trip)
FORBIDDEN_IMPORTS = re.compile(r"^\s*(?:import|from)\s+(socket|ssl|urllib|http|requests|subprocess|pickle|"
                               r"shelve|ctypes|multiprocessing|ftplib|smtplib|telnetlib|xmlrpc)\b", re.M)
FORBIDDEN_CALLS = re.compile(r"(?<![\w.])(?:eval|exec|compile|__import__)\(|"
                             r"yaml\.(?:load|load_all|unsafe_load|full_load)\(|"
                             r"Loader=yaml\.(?:Loader|FullLoader|UnsafeLoader)|os\.(?:system|popen|exec\w*|spawn\w*)\(")


# The one subprocess: the CLI's modes build kustomization directories with kubectl kustomize
# (docs/security.md), unless --kustomize off; the KRM function never reaches it.
# The other: `krmfn diff --git REV` reads the paths at REV with `git archive` (read-only).
SUBPROCESS_ALLOWED = {PACKAGE / "kio" / "kustomize.py", PACKAGE / "kio" / "git.py"}
# The execs (docs/security.md), which no input reaches: krmfn.model.record compiles a record
# class's __init__ from the class's own field names, as dataclasses does; krmfn.cli.modulecache runs
# krmfn's own modules' code, which it took from their .pyc files (or compiled from their sources).
CODE_ALLOWED = {PACKAGE / "model" / "record.py": ["exec("],
                PACKAGE / "cli" / "modulecache.py": ["exec(", "compile("]}


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(REPO)))
def test_no_network_subprocess_or_code_loading_in_the_package(path: Path) -> None:
    text = path.read_text()
    if path in SUBPROCESS_ALLOWED:
        text = re.sub(r"^[ \t]*import subprocess\b[^\n]*\n", "", text, flags=re.M)  # at the top or where it builds
    for call in CODE_ALLOWED.get(path, []):
        assert len(re.findall(r"(?<![\w.])" + re.escape(call), text)) == 1, call
        text = re.sub(r"(?<![\w.])" + re.escape(call), "allowed_" + call, text)
    assert not FORBIDDEN_IMPORTS.search(text), FORBIDDEN_IMPORTS.search(text).group(0)
    assert not FORBIDDEN_CALLS.search(text), FORBIDDEN_CALLS.search(text).group(0)


DRIVER = r"""
import json, os, sys
events = []
def hook(event, args):
    if event == "open":
        events.append(["open", str(args[0]), str(args[1])])
    elif event.startswith(("socket.", "subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
                           "ctypes.", "urllib.", "http.", "import")) and event != "import":
        events.append([event, repr(args)[:200]])
sys.addaudithook(hook)
from krmfn.cli.main import main
try:
    code = main(sys.argv[1:])
finally:
    with open(os.environ["AUDIT_OUT"], "w") as handle:
        json.dump(events, handle)
sys.exit(code)
"""

RL = """apiVersion: config.kubernetes.io/v1
kind: ResourceList
items:
- apiVersion: instancetype.kubevirt.io/v1beta1
  kind: VirtualMachineClusterInstancetype
  metadata: {name: it}
  spec: {cpu: {guest: 2}, memory: {guest: 2Gi}}
- apiVersion: kubevirt.io/v1
  kind: VirtualMachine
  metadata: {name: vm}
  spec:
    instancetype: {name: it}
    preference: {name: fedora}
    template: {spec: {domain: {devices: {}}}}
  x: !!python/object/apply:os.system ["touch pwned"]
  y: !!python/name:os.system
"""


def _audited(args: list[str], stdin: str, tmp_path: Path) -> tuple[int, list[list[str]], str]:
    out = tmp_path / "audit.json"
    env = {**os.environ, "AUDIT_OUT": str(out), "PYTHONPATH": REPO}
    env.pop("KRMFN_MAX_DEPTH", None)
    proc = subprocess.run([sys.executable, "-c", DRIVER, *args], input=stdin.encode(), capture_output=True,
                          env=env, check=False, cwd=tmp_path, timeout=120)
    return proc.returncode, json.loads(out.read_text()), proc.stderr.decode()


def _code_or_data(path: str) -> bool:
    """Python's own files: modules, bytecode, metadata of installed packages, locale data."""
    prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix, str(PACKAGE), "/usr/lib/python", "/usr/local/lib/python"}
    return path.startswith(tuple(p for p in prefixes if p)) or path in ("/dev/null", os.devnull)


def _checked(events: list[list[str]], allowed: set[str]) -> None:
    assert not [e for e in events if e[0] != "open"], [e for e in events if e[0] != "open"]
    opened = {e[1] for e in events if e[0] == "open" and not _code_or_data(e[1])}
    assert opened <= allowed, opened - allowed
    assert not [e for e in events if e[0] == "open" and e[2] not in ("r", "rb") and not _code_or_data(e[1])
                and not e[1].endswith("audit.json")]


@pytest.mark.skipif(not hasattr(sys, "addaudithook"), reason="audit hooks are Python 3.8+")
@pytest.mark.parametrize("mode", ["inline", "validate", "generate"])
def test_krm_function_opens_nothing_and_runs_nothing(mode: str, tmp_path: Path) -> None:
    config = {"inline": "data: {mode: inline}", "validate": "data: {mode: validate}",
              "generate": "data: {mode: generate, from: u1.medium, name: u1.custom, vcpus: '3', memory: 3Gi}"}[mode]
    code, events, stderr = _audited([], RL + f"functionConfig: {{apiVersion: v1, kind: ConfigMap, metadata: "
                                             f"{{name: fn}}, {config}}}\n", tmp_path)
    assert code in (0, 1) and "Traceback" not in stderr, stderr
    _checked(events, {str(tmp_path / "audit.json")})
    assert not (tmp_path / "pwned").exists()


@pytest.mark.skipif(not hasattr(sys, "addaudithook"), reason="audit hooks are Python 3.8+")
def test_cli_reads_only_the_files_named(tmp_path: Path) -> None:
    work = tmp_path / "pkg"
    (work / "sub").mkdir(parents=True)
    (work / "vm.yaml").write_text(RL.split("items:\n", 1)[1].replace("- apiVersion", "---\napiVersion")
                                  .replace("\n  ", "\n"))
    (work / "sub" / "other.yml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n")
    (work / "notes.txt").write_text("not read")
    (tmp_path / "secret.yaml").write_text("apiVersion: v1\nkind: Secret\n")
    config = tmp_path / "fn.yaml"
    config.write_text("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: fn}\ndata: {mode: validate, strict: 'true'}\n")
    os.chdir(tmp_path)
    try:
        code, events, stderr = _audited(["validate", "--config", str(config), str(work)], "", tmp_path)
    finally:
        os.chdir(REPO)
    assert code in (0, 1) and "Traceback" not in stderr, stderr
    _checked(events, {str(config), str(work / "vm.yaml"), str(work / "sub" / "other.yml"),
                      str(tmp_path / "audit.json")})


@pytest.mark.skipif(not hasattr(sys, "addaudithook"), reason="audit hooks are Python 3.8+")
def test_cli_starts_kustomize_only_for_a_kustomization(tmp_path: Path) -> None:
    """The one process krmfn starts: the kustomize on PATH, on a kustomization directory found in
    the paths, with plugins off; `--kustomize off` starts nothing."""
    work = tmp_path / "pkg"
    work.mkdir()
    (work / "kustomization.yaml").write_text("resources: [cm.yaml]\n")
    (work / "cm.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n")
    fake = tmp_path / "bin" / "kubectl"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\nexec /bin/cat \"$2/cm.yaml\"\n")
    fake.chmod(0o755)
    path = os.environ["PATH"]
    os.environ["PATH"] = str(fake.parent)
    try:
        runs = {name: _audited([*args, str(work)], "", tmp_path) for name, args in (
            ("validate", ["validate"]), ("off", ["validate", "--kustomize=off"]), ("inline", ["inline"]),
            ("inline off", ["inline", "--kustomize=off"]))}
    finally:
        os.environ["PATH"] = path
    started = {name: [e for e in events if e[0] != "open"] for name, (_, events, _) in runs.items()}
    for name in ("validate", "inline"):
        assert [e[0] for e in started[name]] == ["subprocess.Popen"], started
        assert f"{fake}" in started[name][0][1] and "enable-alpha-plugins" not in started[name][0][1]
    assert started["off"] == [] and started["inline off"] == []
    assert [code for code, _, _ in runs.values()] == [0, 0, 0, 0]


def test_python_tags_are_values_not_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = krm(RL)
    assert "Traceback" not in run.stderr
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize("variable, value, data, message", [
    ("KRMFN_MAX_INPUT_BYTES", "100", RL, "input is larger than 100 bytes"),
    ("KRMFN_MAX_DEPTH", "3", RL, "nesting deeper than 3 levels"),
    ("KRMFN_MAX_ALIAS_NODES", "2", RL.replace("{cpu: {guest: 2}", "{cpu: &c {guest: 2}, x: [*c, *c]"),
     "aliases expand to more than 2 nodes"),
    ("KRMFN_MAX_DEPTH", "0", RL, "KRMFN_MAX_DEPTH='0': expected an integer from 1 to 10000"),
    ("KRMFN_MAX_DEPTH", "20000", RL, "expected an integer from 1 to 10000"),
    ("KRMFN_MAX_INPUT_BYTES", "1e6", RL, "KRMFN_MAX_INPUT_BYTES='1e6'"),
])
def test_limits_are_set_by_environment_variables(variable, value, data, message, monkeypatch) -> None:
    monkeypatch.setenv(variable, value)
    run = krm(data)
    assert (run.code, run.stdout) == (1, "")
    assert message in run.stderr


def test_raised_limits_let_more_through(monkeypatch: pytest.MonkeyPatch) -> None:
    deep = RL + "- {kind: A, metadata: {name: a}, d: " + "[" * 700 + "]" * 700 + "}\n"
    assert "nesting deeper than 500" in krm(deep).stderr
    monkeypatch.setenv("KRMFN_MAX_DEPTH", "1000")
    run = krm(deep)
    assert run.stdout and "nesting" not in run.stderr


def test_image_runs_as_nobody() -> None:
    dockerfile = (Path(REPO) / "Dockerfile").read_text()
    users = re.findall(r"^USER\s+(\S+)", dockerfile, re.M)
    assert users and users[-1] in ("65534:65534", "65534", "nobody")
