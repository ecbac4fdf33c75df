"""Every list of modes is read from the registry (``krmfn.model.modes``), and each mode has its
homes: a runner (function modes), a CLI subcommand, a functionConfig kind, a page in docs/modes/."""
from __future__ import annotations

import os
import re

from krmfn.cli.parser import build_parser
from krmfn.kio import config as cfg
from krmfn.model.modes import FUNCTION_MODES, KIND_TO_MODE, REGISTRY
from krmfn.model.options import MODES, OPTIONS
from krmfn.modes.dispatch import RUNNERS
from tests.conftest import REPO


def test_every_function_mode_has_a_runner_and_nothing_else_does() -> None:
    assert tuple(RUNNERS) == FUNCTION_MODES


def test_the_option_table_and_the_config_reader_read_the_registry() -> None:
    assert MODES == FUNCTION_MODES
    assert {mode for option in OPTIONS for mode in option.modes} <= set(FUNCTION_MODES)
    assert cfg.KIND_TO_MODE == KIND_TO_MODE == {mode.config_kind: mode.name for mode in REGISTRY if mode.is_function}


def test_every_mode_is_a_cli_subcommand_with_the_registry_summary() -> None:
    subparsers = next(action for action in build_parser()._actions if action.dest == "mode")
    helps = {choice.dest: choice.help for choice in subparsers._choices_actions}
    assert {mode.name: mode.summary for mode in REGISTRY} == {name: helps[name] for name in (m.name for m in REGISTRY)}


def test_every_mode_has_a_page() -> None:
    pages = sorted(name[:-3] for name in os.listdir(os.path.join(REPO, "docs", "modes")) if name.endswith(".md"))
    assert pages == sorted(mode.name for mode in REGISTRY)


def test_every_mode_page_has_the_catalog_shape_and_real_examples() -> None:
    """Overview / Usage / FunctionConfig / Examples, in that order (as kpt's function catalog has
    them); every example a page names is a directory of kustomize-examples/ (an end-to-end test)."""
    for mode in REGISTRY:
        with open(os.path.join(REPO, "docs", "modes", f"{mode.name}.md"), encoding="utf-8") as handle:
            page = handle.read()
        headings = [line[3:] for line in page.splitlines() if line.startswith("## ")]
        assert headings[:4] == ["Overview", "Usage", "FunctionConfig", "Examples"], mode.name
        examples = set(re.findall(r"kustomize-examples/([a-z0-9-]+)", page))
        assert examples, mode.name
        assert all(os.path.isdir(os.path.join(REPO, "kustomize-examples", name, ".expected")) for name in examples)
