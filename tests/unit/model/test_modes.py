"""Every list of modes is read from the registry (``krmfn.model.modes``), and each mode has its
homes: a runner (function modes), a CLI subcommand, a functionConfig kind, a page in docs/modes/."""
from __future__ import annotations

import os

from krmfn.cli.main import build_parser
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
