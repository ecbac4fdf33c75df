"""Building kustomization directories with the kustomize on PATH, for the CLI's validate.

`kubectl kustomize DIR`, or `kustomize build DIR` when kustomize is there and kubectl is not.
Plugins and KRM functions stay disabled (no --enable-alpha-plugins): a build runs no code from
the repository it reads.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass

KUSTOMIZATION_FILES = ("kustomization.yaml", "kustomization.yml", "Kustomization")
TIMEOUT_SECONDS = 300
# A kustomize Component is built only as part of a kustomization that names it.
_COMPONENT = re.compile(rb"^kind:[ \t]*['\"]?Component['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)
# kubectl writes errors through klog: `E1124 04:21:45.1 15187 run.go:72] "command failed" err="..."`.
_KLOG_ERR = re.compile(r'\berr="((?:[^"\\]|\\.)*)"')


@dataclass
class Build:
    output: bytes
    error: str | None = None  # kustomize's first error line when the build failed


def kustomization_file(directory: str, files: list[str] | None = None) -> str | None:
    """The kustomization file of a directory, if it has one."""
    names = os.listdir(directory) if files is None else files
    return next((name for name in KUSTOMIZATION_FILES if name in names), None)


def is_component(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return bool(_COMPONENT.search(handle.read(1 << 20)))
    except OSError:
        return False


def command() -> list[str] | None:
    """How to build a kustomization here, or None when neither kubectl nor kustomize is on PATH."""
    kubectl = shutil.which("kubectl")
    if kubectl:
        return [kubectl, "kustomize"]
    kustomize = shutil.which("kustomize")
    return [kustomize, "build"] if kustomize else None


def build(cmd: list[str], directory: str) -> Build:
    try:
        proc = subprocess.run([*cmd, directory], capture_output=True, stdin=subprocess.DEVNULL,
                              timeout=TIMEOUT_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        return Build(b"", f"{' '.join(cmd)} did not finish within {TIMEOUT_SECONDS} s")
    except OSError as err:
        return Build(b"", f"cannot run {cmd[0]}: {err.strerror}")
    if proc.returncode != 0:
        return Build(b"", first_error(proc.stderr.decode("utf-8", "replace")) or f"exit status {proc.returncode}")
    return Build(proc.stdout)


def first_error(stderr: str) -> str:
    """kustomize's first error line, without kubectl's log prefix."""
    line = next((line.strip() for line in stderr.splitlines() if line.strip()), "")
    match = _KLOG_ERR.search(line)
    if match:
        return match.group(1).replace('\\"', '"').replace("\\\\", "\\")
    return line.removeprefix("Error: ")
