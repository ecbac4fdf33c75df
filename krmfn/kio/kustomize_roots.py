"""What the walk and the command line need of kustomize before any build: which directories are
kustomizations and which are Components, and the user's build options (docs/cli.md#kustomizations).

Kept apart from krmfn.kio.kustomize (the builds and what their errors say), which a run that meets
no kustomization does not load.
"""
from __future__ import annotations

import os
import re

from krmfn.model.lazy_re import LazyPattern

KUSTOMIZATION_FILES = ("kustomization.yaml", "kustomization.yml", "Kustomization")
# A kustomize Component is built only as part of a kustomization that names it.
_COMPONENT = LazyPattern(rb"^kind:[ \t]*['\"]?Component['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)
# Build options that would stop kustomize writing the objects on stdout.
_OUTPUT_OPTIONS = ("-o", "--output")


class BuildOptionsError(ValueError):
    """kustomizeBuildOptions cannot be used: not shell words, or an option that redirects the output."""


def build_options(text: str | None) -> list[str]:
    """``kustomizeBuildOptions`` as arguments (split as a shell would, as Argo CD's
    ``kustomize.buildOptions``)."""
    if not text:
        return []
    import shlex  # noqa: PLC0415 - only given options are split (bench/README.md, "Start-up")

    try:
        words = shlex.split(text)
    except ValueError as err:
        raise BuildOptionsError(f"{text!r} is not a list of options: {err}") from None
    for word in words:
        if word in _OUTPUT_OPTIONS or word.startswith(("--output=", "-o=")):
            raise BuildOptionsError(f"{word}: krmfn reads the build's output from stdout; leave it out")
    return words


# --- finding kustomizations ------------------------------------------------------------------


def kustomization_file(directory: str, files: list[str] | None = None) -> str | None:
    """The kustomization file of a directory, if it has one."""
    try:
        names = os.listdir(directory) if files is None else files
    except OSError:
        return None
    return next((name for name in KUSTOMIZATION_FILES if name in names), None)


def is_component(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return bool(_COMPONENT.search(handle.read(1 << 20)))
    except OSError:
        return False
