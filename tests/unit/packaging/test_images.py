"""The image files' essentials (no container engine runs on the development machines)."""
from __future__ import annotations

import os
import re
import tomllib

import yaml

from tests.conftest import REPO


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


def test_no_network_at_run_time():
    final = final_stage(read("Dockerfile"))
    runs = " ".join(arg for op, arg in final if op == "RUN")
    assert "--no-index" in runs and "pip uninstall --yes pip" in runs
    assert not re.search(r"\b(curl|wget|apt-get)\b", runs)


def test_labels_name_source_and_version():
    text = read("Dockerfile")
    assert "org.opencontainers.image.source=" in text
    version = re.search(r"ARG VERSION=(\S+)", text).group(1)
    assert version == project()["version"]
    with open(os.path.join(REPO, "metadata.yaml")) as handle:
        assert yaml.safe_load(handle)["image"] == f"krmfn:{version}"


def test_test_image_runs_the_suite_as_nobody():
    text = read("Containerfile.test")
    assert ("USER", "65534:65534") in instructions(text)
    assert "pytest" in [arg for op, arg in instructions(text) if op == "CMD"][0]
    assert "'.[test]'" in text


def test_metadata_examples_exist():
    with open(os.path.join(REPO, "metadata.yaml")) as handle:
        metadata = yaml.safe_load(handle)
    for path in metadata["examplePackageURLs"]:
        assert os.path.exists(os.path.join(REPO, path, "kustomization.yaml")), path
    assert {"mutator", "validator", "generator"} <= set(metadata["tags"])
