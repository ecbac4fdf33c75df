"""Every example in kustomize-examples/ is an end-to-end test, run with the real tools.

* `kubectl kustomize --enable-alpha-plugins`, with the function declared as a container and a
  test-only `docker` first on PATH that runs the installed krmfn (conventions doc
  docs/kubevirt/cpu-topology.md#cpu-topology);
* `kpt fn render --allow-exec` on a copy of the example as it is in the repository, `.expected/`
  included (its Kptfile pipeline uses `exec: krmfn`; `.krmignore` keeps `.expected/` out);
* the CLI on the example's resources.

Each runs twice: the output must match `.expected/` and a second run must change nothing.
Regenerate `.expected/` after an intended change with KRMFN_UPDATE_CASES=1 and review the diff.
"""
from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sysconfig

import pytest

from tests.conftest import REPO

EXAMPLES = os.path.join(REPO, "kustomize-examples")
HERE = os.path.dirname(os.path.abspath(__file__))
UPDATE = os.environ.get("KRMFN_UPDATE_CASES") == "1"
BIN = sysconfig.get_path("scripts")  # where pip put the console scripts, in a venv or not
KRMFN = os.path.join(BIN, "krmfn")


def examples(with_file: str) -> list[str]:
    return sorted(d for d in os.listdir(EXAMPLES) if os.path.exists(os.path.join(EXAMPLES, d, with_file)))


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed")
    return path


def run(cmd: list[str], cwd: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False, env={**os.environ, **(env or {})})


def read(path: str | os.PathLike[str]) -> str:
    with open(path) as handle:
        return handle.read()


def expect_text(example: str, name: str, actual: str) -> None:
    path = os.path.join(EXAMPLES, example, ".expected", name)
    if UPDATE:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(actual)
    with open(path) as handle:
        assert actual == handle.read(), f"{example}: {name} differs"


def expected_exit(example: str, runner: str) -> int:
    path = os.path.join(EXAMPLES, example, ".expected", f"{runner}.exit")
    if UPDATE or not os.path.exists(path):
        return -1
    with open(path) as handle:
        return int(handle.read().strip())


def record_exit(example: str, runner: str, code: int) -> None:
    expected = expected_exit(example, runner)
    if UPDATE:
        os.makedirs(os.path.join(EXAMPLES, example, ".expected"), exist_ok=True)
        with open(os.path.join(EXAMPLES, example, ".expected", f"{runner}.exit"), "w") as handle:
            handle.write(f"{code}\n")
    else:
        assert code == (expected if expected >= 0 else 0), f"{example}: {runner} exited {code}"


def kustomize_targets() -> list[tuple[str, str]]:
    """(example, kustomization dir relative to it): the example root, plus the directories named
    in `.expected/kustomize-also` (one per line)."""
    targets = []
    for example in examples("kustomization.yaml"):
        targets.append((example, "."))
        also = os.path.join(EXAMPLES, example, ".expected", "kustomize-also")
        if os.path.exists(also):
            targets.extend((example, line.strip()) for line in read(also).split("\n") if line.strip())
    return targets


def krmfn_stderr(text: str) -> str:
    """The function's own stderr lines (kustomize adds timestamped lines of its own)."""
    return "".join(line + "\n" for line in text.splitlines() if line.startswith("krmfn:"))


@pytest.mark.parametrize("example, target", kustomize_targets())
def test_kustomize_with_container_function(example, target, tmp_path):
    kubectl = tool("kubectl")
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    shutil.copy(os.path.join(HERE, "fake-docker"), fake_bin / "docker")
    env = {"PATH": f"{fake_bin}:{os.environ['PATH']}", "FAKE_DOCKER_CMD": KRMFN,
           "FAKE_DOCKER_LOG": str(tmp_path / "log")}
    directory = os.path.normpath(os.path.join(EXAMPLES, example, target))
    first = run([kubectl, "kustomize", "--enable-alpha-plugins", directory], REPO, env)
    second = run([kubectl, "kustomize", "--enable-alpha-plugins", directory], REPO, env)
    name = "kustomize" if target == "." else f"kustomize-{target.replace('/', '-')}"
    record_exit(example, name, first.returncode)
    expect_text(example, f"{name}.yaml", first.stdout)
    expect_text(example, f"{name}.stderr", krmfn_stderr(first.stderr))
    assert (second.stdout, krmfn_stderr(second.stderr)) == (first.stdout, krmfn_stderr(first.stderr))
    argv = [read(tmp_path / "log" / f).split("\n") for f in os.listdir(tmp_path / "log") if f.endswith(".argv")]
    assert argv and all("--network" in a and "none" in a and "nobody" in a for a in argv if a[0] == "run")


@pytest.mark.parametrize("example", examples("Kptfile"))
def test_kpt_render_with_exec(example, tmp_path):
    kpt = tool("kpt")
    package = tmp_path / example
    shutil.copytree(os.path.join(EXAMPLES, example), package)
    env = {"PATH": f"{BIN}:{os.environ['PATH']}"}
    first = run([kpt, "fn", "render", str(package), "--allow-exec"], str(tmp_path), env)
    record_exit(example, "kpt-render", first.returncode)
    expect_text(example, "kpt-render.yaml", snapshot(package))
    before = tmp_path / "before"
    shutil.copytree(package, before)
    second = run([kpt, "fn", "render", str(package), "--allow-exec"], str(tmp_path), env)
    assert second.returncode == first.returncode
    diff = filecmp.dircmp(package, before)
    assert not diff.diff_files and not diff.left_only and not diff.right_only, "second render changed files"


def snapshot(package) -> str:
    """Every file of a package but its README and `.expected/`, each under a `# path` line."""
    rendered = {}
    for folder, dirs, files in os.walk(package):
        dirs[:] = [d for d in dirs if d != ".expected"]
        for name in sorted(f for f in files if f != "README.md"):
            path = os.path.join(folder, name)
            rendered[os.path.relpath(path, package)] = read(path)
    return "".join(f"# {p}\n{rendered[p]}---\n" for p in sorted(rendered))


@pytest.mark.parametrize("example", examples(os.path.join(".expected", "kpt-eval.args")))
def test_kpt_eval_with_exec(example, tmp_path):
    kpt = tool("kpt")
    package = tmp_path / example
    shutil.copytree(os.path.join(EXAMPLES, example), package, ignore=shutil.ignore_patterns(".expected"))
    args = read(os.path.join(EXAMPLES, example, ".expected", "kpt-eval.args")).split()
    env = {"PATH": f"{BIN}:{os.environ['PATH']}"}
    first = run([kpt, "fn", "eval", str(package), "--exec", "krmfn", "--", *args], str(tmp_path), env)
    record_exit(example, "kpt-eval", first.returncode)
    expect_text(example, "kpt-eval.yaml", snapshot(package))
    second = run([kpt, "fn", "eval", str(package), "--exec", "krmfn", "--", *args], str(tmp_path), env)
    assert second.returncode == first.returncode and snapshot(package) == read(
        os.path.join(EXAMPLES, example, ".expected", "kpt-eval.yaml"))


def cli_args(example: str) -> list[str]:
    """`.expected/cli.args` (the arguments, one line), else `.expected/cli.mode` + `resources`."""
    expected = os.path.join(EXAMPLES, example, ".expected")
    if os.path.exists(os.path.join(expected, "cli.args")):
        return read(os.path.join(expected, "cli.args")).split()
    mode = "inline"
    if os.path.exists(os.path.join(expected, "cli.mode")):
        mode = read(os.path.join(expected, "cli.mode")).strip()
    return [mode, "resources"]


@pytest.mark.parametrize("example", examples("resources"))
def test_cli(example, tmp_path):
    args = cli_args(example)
    # a copy outside any git repository, as for the report formats: validate names files from the
    # repository root when there is one (krmfn.report.paths), here the example's directory
    copy = tmp_path / "example"
    shutil.copytree(os.path.join(EXAMPLES, example), copy, ignore=shutil.ignore_patterns(".expected"))
    first = run([KRMFN, *args], str(copy))
    record_exit(example, "cli", first.returncode)
    expect_text(example, "cli.yaml", first.stdout)
    if args[0] == "inline":
        out = tmp_path / "out.yaml"
        out.write_text(first.stdout)
        second = run([KRMFN, "inline", str(out)], str(tmp_path))
        assert second.stdout == first.stdout, "inlining the inlined output changed it"
    else:
        assert run([KRMFN, *args], str(copy)).stdout == first.stdout


def report_runs() -> list[tuple[str, str]]:
    """(example, name) for each `.expected/cli-<name>.args`: another CLI run of the example (a
    report format, say), expected in `.expected/cli-<name>.out` with its exit code."""
    runs = []
    for example in examples(".expected"):
        for file in sorted(os.listdir(os.path.join(EXAMPLES, example, ".expected"))):
            if file.startswith("cli-") and file.endswith(".args"):
                runs.append((example, file[len("cli-"):-len(".args")]))
    return runs


@pytest.mark.parametrize("example, name", report_runs())
def test_cli_report_formats(example, name, tmp_path):
    needs = os.path.join(EXAMPLES, example, ".expected", "needs")  # tools the runs need, one per line
    for name_of_tool in read(needs).split() if os.path.exists(needs) else []:
        tool(name_of_tool)
    args = read(os.path.join(EXAMPLES, example, ".expected", f"cli-{name}.args")).split()
    # a copy outside any git repository: SARIF's URIs are relative to the repository root when there is one
    copy = tmp_path / example
    shutil.copytree(os.path.join(EXAMPLES, example), copy, ignore=shutil.ignore_patterns(".expected"))
    first = run([KRMFN, *args], str(copy), {"GITHUB_ACTIONS": "", "NO_COLOR": ""})
    record_exit(example, f"cli-{name}", first.returncode)
    expect_text(example, f"cli-{name}.out", first.stdout)
