"""Golden ResourceList cases: tests/krm_cases/<case>/input.yaml -> expected.yaml (exact bytes).

Each case may hold `exit` (the expected exit code, default 0) and `stderr` (exact). Regenerate
after an intended change with KRMFN_UPDATE_CASES=1 and review the diff.
"""
from __future__ import annotations

import os

import pytest

from tests.conftest import REPO, krm

CASES = os.path.join(REPO, "tests", "krm_cases")
UPDATE = os.environ.get("KRMFN_UPDATE_CASES") == "1"


def case_names() -> list[str]:
    return sorted(d for d in os.listdir(CASES) if os.path.isdir(os.path.join(CASES, d)))


def read(case: str, name: str, default: str | None = None) -> str | None:
    path = os.path.join(CASES, case, name)
    if not os.path.exists(path):
        return default
    with open(path) as handle:
        return handle.read()


def write(case: str, name: str, text: str) -> None:
    with open(os.path.join(CASES, case, name), "w") as handle:
        handle.write(text)


@pytest.mark.parametrize("case", case_names())
def test_case(case):
    with open(os.path.join(CASES, case, "input.yaml"), "rb") as handle:
        run = krm(handle.read())
    if UPDATE:
        write(case, "expected.yaml", run.stdout)
        write(case, "exit", f"{run.code}\n")
        write(case, "stderr", run.stderr)
    assert run.stdout == read(case, "expected.yaml")
    assert run.code == int(read(case, "exit", "0").strip())
    expected_stderr = read(case, "stderr")
    if expected_stderr is not None:
        assert run.stderr == expected_stderr
