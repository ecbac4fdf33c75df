"""The image files' essentials (no container engine runs on the development machines)."""
from __future__ import annotations

import os
import re
import tomllib

import yaml

from tests.conftest import REPO


IMAGE = "ghcr.io/krmfn/krmfn"


def read(name: str) -> str:
    with open(os.path.join(REPO, name)) as handle:
        return handle.read()


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, argument) pairs, continuation lines joined, comments dropped."""
    joined = re.sub(r"\\\n", " ", "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")))
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line.strip() else "")
            for line in joined.splitlines() if line.strip()]


def final_stage(text: str) -> list[tuple[str, str]]:
    steps = instructions(text)
    last_from = max(i for i, (op, _) in enumerate(steps) if op == "FROM")
    return steps[last_from:]


def project() -> dict:
    with open(os.path.join(REPO, "pyproject.toml"), "rb") as handle:
        return tomllib.load(handle)["project"]


def test_dockerfile_is_multistage_on_a_slim_python():
    froms = [arg for op, arg in instructions(read("Dockerfile")) if op == "FROM"]
    assert len(froms) == 2 and all(arg.startswith("python:3.11-slim") for arg in froms)


def test_runs_as_nobody():
    users = [arg for op, arg in final_stage(read("Dockerfile")) if op == "USER"]
    assert users == ["65534:65534"]
    steps = final_stage(read("Dockerfile"))
    user_at = next(i for i, (op, _) in enumerate(steps) if op == "USER")
    assert not [op for op, _ in steps[user_at:] if op == "RUN"], "nothing may run after dropping to nobody"


def test_entrypoint_is_the_installed_console_script():
    (entry,) = [arg for op, arg in final_stage(read("Dockerfile")) if op == "ENTRYPOINT"]
    assert entry == '["krmfn"]' and "krmfn" in project()["scripts"]


def test_final_stage_is_the_base_plus_the_copied_environment():
    """No RUN in the final stage: nothing installed there, so no wheel, cache or installer can be
    left in a layer; the build stage's virtual environment comes over whole, without its pip."""
    final = final_stage(read("Dockerfile"))
    assert not [op for op, _ in final if op in ("RUN", "ADD")]
    assert [arg for op, arg in final if op == "COPY"] == ["--from=build /opt/krmfn /opt/krmfn"]
    assert "/opt/krmfn/bin" in next(arg for op, arg in final if op == "ENV")
    build = instructions(read("Dockerfile"))[:len(instructions(read("Dockerfile"))) - len(final)]
    runs = " ".join(arg for op, arg in build if op == "RUN")
    assert "pip uninstall --yes pip setuptools" in runs
    assert not re.search(r"\b(curl|wget|apt-get)\b", runs)


def test_dockerignore_sends_only_what_the_images_copy():
    ignore = read(".dockerignore").splitlines()
    assert ignore[ignore.index("**") + 1:].count("!krmfn/") == 1
    copied = {arg.split()[-2] if arg.split()[-1].startswith(("/", ".")) else arg
              for name in ("Dockerfile", "Containerfile.test")
              for op, arg in instructions(read(name)) if op == "COPY" and not arg.startswith("--from")}
    assert copied and all(os.path.exists(os.path.join(REPO, path.split()[0])) for path in copied)


def test_labels_name_source_and_version():
    text = read("Dockerfile")
    assert "org.opencontainers.image.source=" in text
    version = re.search(r"ARG VERSION=(\S+)", text).group(1)
    assert version == project()["version"]
    with open(os.path.join(REPO, "metadata.yaml")) as handle:
        assert yaml.safe_load(handle)["image"] == IMAGE


def test_test_image_runs_the_suite_as_nobody():
    text = read("Containerfile.test")
    assert ("USER", "65534:65534") in instructions(text)
    assert "pytest" in [arg for op, arg in instructions(text) if op == "CMD"][0]
    assert '["optional-dependencies"]["test"]' in text
    env = " ".join(arg for op, arg in instructions(text) if op == "ENV")
    assert "HOME=/tmp" in env and "HYPOTHESIS_STORAGE_DIRECTORY=/tmp/" in env


def test_metadata_lists_every_example_at_the_release_tag():
    with open(os.path.join(REPO, "metadata.yaml")) as handle:
        metadata = yaml.safe_load(handle)
    tree = f"https://github.com/krmfn/krmfn/tree/v{project()['version']}"
    assert metadata["sourceURL"] == tree
    examples = sorted(os.listdir(os.path.join(REPO, "kustomize-examples")))
    assert sorted(metadata["examplePackageURLs"]) == [f"{tree}/kustomize-examples/{name}" for name in examples]
    assert {"mutator", "validator", "generator"} <= set(metadata["tags"])


def test_every_function_config_names_the_release_image():
    """kpt rewrites a bare image name to gcr.io/kpt-fn/NAME: every image reference is fully qualified,
    with a release tag (vX.Y.Z, or the floating vX.Y and vX)."""
    version = project()["version"]
    tags = {f"{IMAGE}{test}:v{v}" for test in ("", "-test") for v in (version, version.rsplit(".", 1)[0], version[0])}
    found = []
    for folder, _, files in os.walk(REPO):
        if os.sep + "." in folder.removeprefix(REPO) and ".expected" not in folder:
            continue
        for name in files:
            if name.endswith((".yaml", ".md")) or name in ("Dockerfile", "Containerfile.test"):
                with open(os.path.join(folder, name)) as handle:
                    for image in re.findall(r"(?:image: |\s)((?:[\w.-]+/)*krmfn(?:-test)?:[\w.-]+)", handle.read()):
                        found.append((os.path.relpath(os.path.join(folder, name), REPO), image))
    assert found and [f for f in found if f[1] not in tags] == []


def test_every_kpt_package_ignores_its_expected_output():
    """`kpt fn render kustomize-examples/NAME` (as the READMEs give it) must not read `.expected/`."""
    root = os.path.join(REPO, "kustomize-examples")
    for name in os.listdir(root):
        if os.path.exists(os.path.join(root, name, "Kptfile")):
            with open(os.path.join(root, name, ".krmignore")) as handle:
                assert ".expected" in handle.read().split(), name
