"""The built image as users run it (issue 16), under the real kustomize and kpt.

`tests/container/run.sh` builds the function image and the test image and runs this file with
KRMFN_IMAGE and KRMFN_TEST_IMAGE naming them; without those the tests skip. Each asserts the real
output and exit code against the same expectations as the rest of the suite:

* every example under `kubectl kustomize --enable-alpha-plugins`, the function running as the
  container its config names (kustomize's `docker` is podman: `docker` in this directory, first
  on PATH), against `.expected/kustomize*.yaml`;
* `kpt fn eval --image` and `kpt fn render` with a Kptfile `image:` (kpt runs podman itself,
  KPT_FN_RUNTIME=podman), against `.expected/kpt-eval.yaml` and `.expected/kpt-render.yaml`;
* the image as nobody with a read-only root, no network and no capabilities, on every case of
  tests/krm_cases; bad input; `--version`; the OCI labels and tags;
* the test image's own suite.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tomllib

import pytest

from krmfn import __version__
from tests.conftest import REPO
from tests.e2e.test_examples import EXAMPLES, examples, krmfn_stderr, kustomize_targets, read, snapshot

IMAGE = os.environ.get("KRMFN_IMAGE", "")
TEST_IMAGE = os.environ.get("KRMFN_TEST_IMAGE", "")
ENGINE = os.environ.get("KRMFN_ENGINE", "podman")
HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(REPO, "tests", "krm_cases")
# kustomize's and kpt's own arguments for a container function, plus what the README promises on top.
LOCKED_DOWN = ["--network", "none", "--user", "nobody", "--read-only", "--cap-drop=all",
               "--security-opt=no-new-privileges"]

pytestmark = pytest.mark.skipif(not IMAGE, reason="no image built: tests/container/run.sh sets KRMFN_IMAGE")


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed (tests/container/run.sh installs what the image tests need)")
    return path


def run(cmd: list[str], cwd: str = REPO, stdin: bytes = b"", env: dict[str, str] | None = None,
        ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, check=False,
                          env={**os.environ, **(env or {})})


def in_image(args: list[str], stdin: bytes = b"", options: list[str] | None = None,
             ) -> subprocess.CompletedProcess[bytes]:
    return run([tool(ENGINE), "run", "--rm", "-i", *(options or LOCKED_DOWN), IMAGE, *args], stdin=stdin)


def expected(example: str, name: str) -> str:
    return read(os.path.join(EXAMPLES, example, ".expected", name))


def expected_exit(example: str, name: str) -> int:
    path = os.path.join(EXAMPLES, example, ".expected", f"{name}.exit")
    return int(read(path)) if os.path.exists(path) else 0


def project_version() -> str:
    with open(os.path.join(REPO, "pyproject.toml"), "rb") as handle:
        return tomllib.load(handle)["project"]["version"]


def test_the_examples_name_the_image_under_test():
    """The examples' function configs name the release image; run.sh must have built exactly that."""
    assert IMAGE == f"ghcr.io/krmfn/krmfn:v{project_version()}"
    assert f"image: {IMAGE}\n" in read(os.path.join(EXAMPLES, "quickstart", "krmfn.yaml"))


def test_version():
    result = in_image(["--version"])
    assert (result.returncode, result.stdout.decode()) == (0, f"krmfn {__version__}\n")


def test_tags_and_labels():
    """vX.Y.Z plus the floating vX.Y and vX, no latest; the OCI labels name the source and version."""
    listed = run([tool(ENGINE), "images", "--format", "{{.Repository}}:{{.Tag}}", IMAGE.rsplit(":", 1)[0]])
    major, minor, _ = project_version().split(".")
    repository = IMAGE.rsplit(":", 1)[0]
    tags = set(listed.stdout.decode().split())
    assert {f"{repository}:v{project_version()}", f"{repository}:v{major}.{minor}", f"{repository}:v{major}"} <= tags
    assert f"{repository}:latest" not in tags
    inspected = run([tool(ENGINE), "image", "inspect", IMAGE])
    labels = json.loads(inspected.stdout)[0]["Labels"]
    assert labels["org.opencontainers.image.source"] == "https://github.com/krmfn/krmfn"
    assert labels["org.opencontainers.image.version"] == project_version()
    assert re.fullmatch(r"[0-9a-f]{40}", labels["org.opencontainers.image.revision"])
    config = json.loads(inspected.stdout)[0]["Config"]
    assert (config["User"], config["Entrypoint"]) == ("65534:65534", ["krmfn"])


@pytest.mark.parametrize("case", sorted(os.listdir(CASES)) if os.path.isdir(CASES) else [])
def test_krm_cases_locked_down(case):
    """As nobody, read-only, no network, no capabilities: the same bytes as tests/krm_cases expects."""
    if not os.path.exists(os.path.join(CASES, case, "input.yaml")):
        pytest.skip("not a case")
    with open(os.path.join(CASES, case, "input.yaml"), "rb") as handle:
        result = in_image([], handle.read())
    assert result.returncode == int(read(os.path.join(CASES, case, "exit")))
    assert result.stdout.decode() == read(os.path.join(CASES, case, "expected.yaml"))
    assert result.stderr.decode() == read(os.path.join(CASES, case, "stderr"))


@pytest.mark.parametrize("stdin", [b"apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: [\n",
                                   b"\xff\xfe", b"kind: ConfigMap\n"], ids=["invalid-yaml", "not-utf8", "not-a-list"])
def test_bad_input(stdin):
    result = in_image([], stdin)
    assert (result.returncode, result.stdout) == (1, b"")
    assert result.stderr.startswith(b"krmfn: ")


def test_writes_nothing_outside_tmp():
    """A CLI run in the locked-down image: the mode reads a mounted directory and writes only stdout."""
    mount = ["-v", f"{os.path.join(EXAMPLES, 'quickstart', 'resources')}:/in:ro,Z"]
    result = in_image(["inline", "/in"], options=[*LOCKED_DOWN, *mount])
    assert result.returncode == 0
    assert result.stdout.decode() == expected("quickstart", "cli.yaml")


@pytest.mark.parametrize("example, target", kustomize_targets())
def test_kustomize_runs_the_image(example, target, tmp_path):
    kubectl = tool("kubectl")
    log = tmp_path / "docker.log"
    env = {"PATH": f"{HERE}:{os.environ['PATH']}", "KRMFN_DOCKER_LOG": str(log)}
    directory = os.path.normpath(os.path.join(EXAMPLES, example, target))
    result = run([kubectl, "kustomize", "--enable-alpha-plugins", directory], env=env)
    name = "kustomize" if target == "." else f"kustomize-{target.replace('/', '-')}"
    assert result.returncode == expected_exit(example, name), result.stderr.decode()
    assert result.stdout.decode() == expected(example, f"{name}.yaml")
    assert krmfn_stderr(result.stderr.decode()) == expected(example, f"{name}.stderr")
    runs = [line.split() for line in read(str(log)).splitlines() if line.startswith("run ")]
    assert runs and all(IMAGE in words and "--network" in words for words in runs), runs


def package_copy(example: str, tmp_path, kptfile_image: bool = False) -> str:
    """The example as it is in the repository, `.expected/` included (`.krmignore` hides it)."""
    package = tmp_path / example
    shutil.copytree(os.path.join(EXAMPLES, example), package)
    if kptfile_image:
        kptfile = package / "Kptfile"
        kptfile.write_text(kptfile.read_text().replace("- exec: krmfn", f"- image: {IMAGE}"))
    return str(package)


KPT_ENV = {"KPT_FN_RUNTIME": ENGINE}


@pytest.mark.parametrize("example", examples(os.path.join(".expected", "kpt-eval.args")))
def test_kpt_eval_image(example, tmp_path):
    kpt = tool("kpt")
    package = package_copy(example, tmp_path)
    args = expected(example, "kpt-eval.args").split()
    result = run([kpt, "fn", "eval", package, "--image", IMAGE, "--", *args], str(tmp_path), env=KPT_ENV)
    assert result.returncode == expected_exit(example, "kpt-eval"), result.stderr.decode()
    assert snapshot(package) == expected(example, "kpt-eval.yaml")


@pytest.mark.parametrize("example", examples("Kptfile"))
def test_kpt_render_image(example, tmp_path):
    """The Kptfile's `exec: krmfn` replaced by `image:` the release image: the same render."""
    kpt = tool("kpt")
    package = package_copy(example, tmp_path, kptfile_image=True)
    result = run([kpt, "fn", "render", package], str(tmp_path), env=KPT_ENV)
    assert result.returncode == expected_exit(example, "kpt-render"), result.stderr.decode()
    rendered = snapshot(package).replace(f"- image: {IMAGE}", "- exec: krmfn")
    assert rendered == expected(example, "kpt-render.yaml")


@pytest.mark.skipif(not TEST_IMAGE, reason="no test image built")
def test_the_test_image_suite_passes_as_nobody():
    result = run([tool(ENGINE), "run", "--rm", "--network", "none", TEST_IMAGE])
    out = result.stdout.decode()
    summary = out.rstrip().splitlines()[-1] if out.strip() else ""
    assert result.returncode == 0, out[-3000:]
    # "1 xfailed" is a strict expected failure (a documented difference), not a failure
    assert re.search(r"\d+ passed", summary) and not re.search(r"\d+ failed", summary), summary
    assert "warning" not in summary, summary
