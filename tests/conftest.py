"""Shared test helpers: run the KRM function in-process, YAML 1.2 reference loading."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

import pytest
from ruamel.yaml import YAML
from ruamel.yaml.constructor import SafeConstructor

from krmfn.cli.krm import run_krm
from krmfn.kio import tree as yaml_tree

# The reader raises the recursion limit on its first run; raising it once, up front, keeps
# Hypothesis from warning that a test changed it.
yaml_tree.recursion_headroom(yaml_tree.limits().max_depth)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("KRMFN_SHARED") or os.path.join(os.path.dirname(REPO), "shared")


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    def doc(self) -> Any:
        return load12(self.stdout)


VALIDATE = "  apiVersion: v1\n  kind: ConfigMap\n  data: {mode: validate}\n"
# A preference with a deprecated topology name (a `deprecated` warning), for the report tests.
DEPRECATED_PREFERENCE = """apiVersion: instancetype.kubevirt.io/v1beta1
kind: VirtualMachineClusterPreference
metadata:
  name: old
spec:
  cpu:
    preferredCPUTopology: preferCores
"""


def krm(data: str | bytes) -> Run:
    out, err = io.StringIO(), io.StringIO()
    raw = data.encode() if isinstance(data, str) else data
    code = run_krm(raw, out, err)
    return Run(code, out.getvalue(), err.getvalue())


def krmfn_process(args: list[str], stdin: str | bytes = b"", env: dict[str, str] | None = None,
                  cwd: str | os.PathLike[str] = REPO) -> Run:
    raw = stdin.encode() if isinstance(stdin, str) else stdin
    proc = subprocess.run([sys.executable, "-m", "krmfn", *args], input=raw, capture_output=True, check=False,
                          env={**os.environ, **(env or {})}, cwd=cwd)
    return Run(proc.returncode, proc.stdout.decode(), proc.stderr.decode())


def load12(text: str) -> Any:
    """The reading of a text by Go's yaml.v3 (kpt's and kustomize's), the oracle for fidelity tests:
    ruamel's YAML 1.2 safe loader, with two of yaml.v3's departures from YAML 1.2. Timestamps stay
    text (krmfn keeps a timestamp's text), and an integer is read as Go's ``strconv.ParseInt`` with
    base 0 reads it, underscores dropped: a leading ``0`` is YAML 1.1's octal, which yaml.v3 keeps.
    """
    yaml = YAML(typ="safe", pure=True)
    yaml.Constructor = _GoYamlConstructor
    return yaml.load(text)


class _GoYamlConstructor(SafeConstructor):
    """ruamel's safe constructor with load12's two readings (its own table: ruamel's stays as it is)."""


_GoYamlConstructor.add_constructor("tag:yaml.org,2002:timestamp", lambda loader, node: loader.construct_scalar(node))
_GoYamlConstructor.add_constructor("tag:yaml.org,2002:int", lambda loader, node: _go_int(node.value))


def _go_int(text: str) -> int:
    digits = text.replace("_", "")
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    if digits[:2].lower() in ("0x", "0o", "0b"):
        return sign * int(digits, 0)
    if len(digits) > 1 and digits[0] == "0" and set(digits) <= set("01234567"):
        return sign * int(digits, 8)
    return sign * int(digits, 10)


def resource_list(items_yaml: str, function_config: str = "") -> str:
    body = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n" + items_yaml
    return body + (("functionConfig:\n" + function_config) if function_config else "")


# ../shared (KubeVirt's golden corpus, the rendered upstream catalogs) is an extra: a clone without
# it passes, and the tests that need it skip with one reason, counted in the run's summary.
# KRMFN_REQUIRE_SHARED=1 (set by .ci/run wherever ../shared is present) makes its absence a failure.
REQUIRE_SHARED = os.environ.get("KRMFN_REQUIRE_SHARED") == "1"
SHARED_ABSENT = "../shared is absent: comparison with KubeVirt's golden corpus not run"


def requires_shared(path: str | os.PathLike[str]) -> pytest.MarkDecorator:
    """Skip where a ../shared path is missing; under KRMFN_REQUIRE_SHARED=1 the tests run, and fail."""
    return pytest.mark.skipif(not os.path.exists(path) and not REQUIRE_SHARED, reason=SHARED_ABSENT)


def shared_path(*parts: str) -> str:
    """A path under ../shared; skips where it is missing (fails under KRMFN_REQUIRE_SHARED=1)."""
    path = os.path.join(SHARED, *parts)
    if not os.path.exists(path):
        if REQUIRE_SHARED:
            pytest.fail(f"{path} is missing and KRMFN_REQUIRE_SHARED=1")
        pytest.skip(SHARED_ABSENT)
    return path


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say plainly how many tests did not compare with KubeVirt's corpus because ../shared is absent."""
    skipped = [report for report in terminalreporter.stats.get("skipped", [])
               if SHARED_ABSENT in str(getattr(report, "longrepr", ""))]
    if skipped:
        terminalreporter.write_line(f"{len(skipped)} tests skipped: {SHARED_ABSENT} (the project's own tests ran; "
                                    "see CONTRIBUTING.md, \"Tests\")")
