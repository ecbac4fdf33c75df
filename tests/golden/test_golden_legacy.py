"""`legacyApiVersions`: `reject` (the default) reproduces the golden corpus; `convert` differs there.

The option changes only how instancetype.kubevirt.io/v1alpha1 and v1alpha2 objects and
ControllerRevision payloads are read, so the cases concerned are those whose input names such an
apiVersion; they must be exactly `legacy.LEGACY_CASES`. Each is run through the real function,
with the comparison functions of ../shared/tools/golden_compare.py and golden_validate_compare.py
(loaded with importlib) and the option set explicitly in their functionConfig, and with `convert`,
which reads them as KubeVirt up to v1.5 did. Skipped when ../shared is absent.
"""
from __future__ import annotations

import importlib.util
import os
import pathlib
import sys

import pytest

from tests.conftest import krm, shared_path
from tests.golden.legacy import LEGACY_CASES

REJECT = {"legacyApiVersions": "reject"}
CONVERT = {"legacyApiVersions": "convert"}


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, shared_path("tools", f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def legacy_input_cases() -> set[str]:
    corpus = shared_path("golden")
    found = set()
    for category in sorted(os.listdir(corpus)):
        if not os.path.isdir(os.path.join(corpus, category)):
            continue
        for case in sorted(os.listdir(os.path.join(corpus, category))):
            path = os.path.join(corpus, category, case, "input.yaml")
            if os.path.isfile(path) and "instancetype.kubevirt.io/v1alpha" in pathlib.Path(path).read_text():
                found.add(f"{category}/{case}")
    return found


def test_the_deliberate_cases_are_exactly_those_with_legacy_api_versions():
    assert legacy_input_cases() == set(LEGACY_CASES)


@pytest.mark.parametrize("case", sorted(LEGACY_CASES))
def test_inline_with_reject_matches_kubevirt_expand(case):
    tool = load_tool("golden_compare")
    tool.FUNCTION_CONFIG = {**tool.FUNCTION_CONFIG, "data": {**tool.FUNCTION_CONFIG["data"], **REJECT}}
    result = tool.run_case(os.path.join(shared_path("golden"), case), [sys.executable, "-m", "krmfn"], 120)
    assert result["ok"], result


def test_validate_with_reject_matches_kubevirt_admission(tmp_path, monkeypatch, capsys):
    tool = load_tool("golden_validate_compare")
    tool.FC = {**tool.FC, "data": {**tool.FC["data"], **REJECT}}
    for case in LEGACY_CASES:  # a corpus of just these cases
        category, name = case.split("/")
        (tmp_path / category).mkdir(exist_ok=True)
        (tmp_path / category / name).symlink_to(os.path.join(shared_path("golden"), case))
    monkeypatch.setattr(sys, "argv", ["golden_validate_compare.py", str(tmp_path), "--show", "10",
                                      "--", sys.executable, "-m", "krmfn"])
    with pytest.raises(SystemExit) as exit_info:
        tool.main()
    out = capsys.readouterr().out
    assert f"validate-parity: {len(LEGACY_CASES)}/{len(LEGACY_CASES)}" in out, out
    assert exit_info.value.code == 0


@pytest.mark.parametrize("case", sorted(LEGACY_CASES))
def test_inline_with_convert_expands_the_vm(case):
    tool = load_tool("golden_compare")
    tool.FUNCTION_CONFIG = {**tool.FUNCTION_CONFIG, "data": {**tool.FUNCTION_CONFIG["data"], **CONVERT}}
    inputs = tool.load_docs(os.path.join(shared_path("golden"), case, "input.yaml"))
    run = krm(tool.resource_list(inputs))
    assert run.code == 0, run.stdout
    vm = next(item for item in run.doc()["items"] if item["kind"] == "VirtualMachine")
    assert "instancetype" not in vm["spec"] and "krmfn.dev/inlined-from" in vm["metadata"]["annotations"]
