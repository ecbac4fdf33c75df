"""What a YAML document that is not a Kubernetes object is, for the hint of its `input` finding.

A repository holds other tools' YAML beside its manifests: Artifact Hub metadata, Ansible
playbooks and requirements, GitHub workflows, Helm values, Docker Compose files, cloud-init user
data. `krmfn validate DIR` reads every *.yaml and *.yml, so such a file is one `input` finding;
its hint says what the file is and how to leave it out, decided here from the file's name, its
directory and its shape (where the finding is made, krmfn.kio.files), never from a message.
Only a mapping that looks like part of a Kubernetes object (`metadata`, `spec`, `data`, ...)
gets the hint that a patch fragment belongs in a kustomization directory.
"""
from __future__ import annotations

import fnmatch
import os
import re

from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


@record(frozen=True)
class Shape:
    """A kind of file that is not Kubernetes YAML: what it is, and the `--exclude` glob that
    leaves it out."""

    what: str
    exclude: str


# Files known by their name (matched case-insensitively against the file name).
_NAMES: tuple[tuple[str, str], ...] = (
    ("artifacthub-pkg.y*ml", "Artifact Hub package metadata"),
    ("artifacthub-repo.y*ml", "Artifact Hub repository metadata"),
    ("galaxy.y*ml", "an Ansible collection's galaxy.yml"),
    ("requirements.y*ml", "Ansible Galaxy requirements"),
    ("docker-compose*.y*ml", "a Docker Compose file"),
    ("compose.y*ml", "a Docker Compose file"),
    ("compose.*.y*ml", "a Docker Compose file"),
    ("values.y*ml", "Helm values"),
    ("values-*.y*ml", "Helm values"),
    ("values.*.y*ml", "Helm values"),
    ("*-values.y*ml", "Helm values"),
    ("*.values.y*ml", "Helm values"),
    ("*_values.y*ml", "Helm values"),
    ("helmfile*.y*ml", "a helmfile"),
    ("action.y*ml", "a GitHub Action's metadata"),
    (".gitlab-ci.y*ml", "a GitLab CI pipeline"),
    ("azure-pipelines*.y*ml", "an Azure Pipelines pipeline"),
    ("bitbucket-pipelines.y*ml", "a Bitbucket Pipelines pipeline"),
    ("cloudbuild*.y*ml", "a Cloud Build configuration"),
    ("buildspec*.y*ml", "an AWS CodeBuild buildspec"),
    (".pre-commit-config.y*ml", "pre-commit's configuration"),
    (".pre-commit-hooks.y*ml", "pre-commit hook definitions"),
    ("mkdocs.y*ml", "MkDocs' configuration"),
    ("codecov.y*ml", "Codecov's configuration"),
    (".codecov.y*ml", "Codecov's configuration"),
    (".golangci.y*ml", "golangci-lint's configuration"),
    (".goreleaser.y*ml", "GoReleaser's configuration"),
    (".yamllint.y*ml", "yamllint's configuration"),
    (".readthedocs.y*ml", "Read the Docs' configuration"),
    (".travis.y*ml", "a Travis CI configuration"),
    ("taskfile.y*ml", "a Taskfile"),
    ("environment.y*ml", "a conda environment"),
    ("pnpm-lock.yaml", "pnpm's lock file"),
    ("pnpm-workspace.yaml", "pnpm's workspace file"),
    ("pubspec.y*ml", "a Dart pubspec"),
    ("openapi*.y*ml", "an OpenAPI document"),
    ("swagger*.y*ml", "an OpenAPI document"),
)
# Files known by a directory on their path: (the directories, what the files are, the directory to exclude).
_DIRECTORIES: tuple[tuple[tuple[str, ...], str, str], ...] = (
    ((".github", "workflows"), "a GitHub Actions workflow", ".github"),
    ((".github",), "GitHub's configuration", ".github"),
    ((".circleci",), "a CircleCI configuration", ".circleci"),
    (("group_vars",), "Ansible variables", "group_vars"),
    (("host_vars",), "Ansible variables", "host_vars"),
)
_ROLE_PARTS = frozenset({"tasks", "handlers", "defaults", "vars", "meta"})  # roles/<name>/<part>/main.yml
# Top-level keys of a Kubernetes object: a mapping with one of these is a piece of an object.
_OBJECT_KEYS = frozenset({"apiVersion", "kind", "metadata", "spec", "data", "stringData", "binaryData", "status",
                          "items", "rules", "subjects", "roleRef", "webhooks"})
_CLOUD_CONFIG = LazyPattern(rb"\A(?:\xef\xbb\xbf)?#cloud-config[ \t]*\r?$", re.MULTILINE)
# a play's `hosts:` (or an import), first in its list item or below it
_PLAYBOOK = LazyPattern(rb"^(?:-[ \t]+|  )(?:hosts|import_playbook|ansible\.builtin\.import_playbook)[ \t]*:",
                       re.MULTILINE)
_COMPOSE_KEYS = frozenset({"services", "version", "volumes", "networks", "configs", "secrets", "name"})


def known_shape(path: str, value: Any, data: bytes = b"") -> Shape | None:
    """What the document ``value`` (None when it is not a mapping) of the file at ``path``
    (with the file's bytes ``data``) is, when it is another tool's YAML; else None."""
    name = os.path.basename(path)
    parts = os.path.normpath(path).replace(os.sep, "/").split("/")[:-1]
    for pattern, what in _NAMES:
        if fnmatch.fnmatch(name.lower(), pattern):
            return Shape(what, name)
    for directories, what, exclude in _DIRECTORIES:
        if _has_run(parts, directories):
            return Shape(what, exclude)
    if "roles" in parts[:-2] and parts and parts[-1] in _ROLE_PARTS:
        return Shape("an Ansible role's file", "roles")
    if _CLOUD_CONFIG.search(data[:64]):
        return Shape("cloud-init user data", name)  # a VM's cloudInitNoCloud volume takes it
    if value is None:
        return Shape("an Ansible playbook", name) if _PLAYBOOK.search(data) else None
    if not isinstance(value, dict):
        return None
    keys = {key for key in value if isinstance(key, str)}
    if {"on", "jobs"} <= keys:
        return Shape("a GitHub Actions workflow", name)
    if "openapi" in keys or "swagger" in keys:
        return Shape("an OpenAPI document", name)
    if "services" in keys and keys <= _COMPOSE_KEYS:
        return Shape("a Docker Compose file", name)
    return None


def is_object_part(value: Any) -> bool:
    """A mapping with a Kubernetes object's top-level keys: a patch fragment, or an object
    missing its apiVersion or kind."""
    return isinstance(value, dict) and any(key in _OBJECT_KEYS for key in value)


def not_an_object_hint(path: str, value: Any, data: bytes = b"") -> str:
    """The hint of a mapping without apiVersion or kind outside a kustomization: what the file is
    when it is another tool's, that a patch fragment belongs in a kustomization directory when it
    looks like part of an object, else how to leave it out."""
    shape = known_shape(path, value, data)
    if shape is not None:
        return shape_hint(shape)
    if is_object_part(value):
        return "a patch fragment belongs in a kustomization directory"
    return f"if it is not meant for Kubernetes, leave it out with --exclude {_quoted(os.path.basename(path))}"


def not_a_mapping_hint(path: str, data: bytes = b"") -> str:
    """The hint of a document that is not a mapping, when the file is another tool's; else ""."""
    shape = known_shape(path, None, data)
    return shape_hint(shape) if shape is not None else ""


def shape_hint(shape: Shape) -> str:
    return f"{shape.what}, not Kubernetes YAML; leave it out with --exclude {_quoted(shape.exclude)}"


def _has_run(parts: list[str], run: tuple[str, ...]) -> bool:
    return any(tuple(parts[i:i + len(run)]) == run for i in range(len(parts) - len(run) + 1))


def _quoted(glob: str) -> str:
    """A glob as a shell word (quoted when it has characters the shell would read)."""
    return glob if re.fullmatch(r"[\w.@%+=:,/-]+", glob) else "'" + glob.replace("'", "'\\''") + "'"
