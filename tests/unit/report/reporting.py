"""Helpers for the report tests: run `krmfn validate` in-process on files written to a directory."""
from __future__ import annotations

import io
from pathlib import Path

from krmfn.cli.commands import run_cli
from krmfn.cli.parser import build_parser
from tests.conftest import DEPRECATED_PREFERENCE

VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: {name}
  namespace: lab
spec:
  runStrategy: Halted
  instancetype:
    name: {instancetype}
  preference:
    name: fedora
  template:
    spec:
      domain:
        devices: {{}}
"""
CONFLICT_VM = """apiVersion: kubevirt.io/v1
kind: VirtualMachine
metadata:
  name: db
  namespace: lab
spec:
  runStrategy: Halted
  instancetype:
    name: u1.large
  template:
    spec:
      domain:
        devices: {}
        cpu:
          sockets: 2
"""
DEPRECATED = DEPRECATED_PREFERENCE
FILES = {
    "vms/web.yaml": VM.format(name="web", instancetype="u1.medium") + "---\n" + VM.format(name="api",
                                                                                          instancetype="u1.small"),
    "vms/db.yaml": CONFLICT_VM,
    "prefs/old.yaml": DEPRECATED,
}


def write(directory: Path, files: dict[str, str] | None = None) -> None:
    for name, text in (FILES if files is None else files).items():
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
        (directory / name).write_text(text)


def validate(args: list[str]) -> tuple[int, str, str]:
    """`krmfn validate ARGS` in-process (the caller chdirs to the files' directory)."""
    out, err = io.StringIO(), io.StringIO()
    code = run_cli(build_parser().parse_args(["validate", *args]), out, err)
    return code, out.getvalue(), err.getvalue()
