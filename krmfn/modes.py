"""Mode dispatch on plain data: the I/O layer calls ``run``; the modes never see YAML.

Each mode gets the items' Python values and its options, and returns an ``Outcome``
(``krmfn.model.outcome``): the output values, where each came from (so unchanged items are
written verbatim), and findings. Each mode completes its options from the option table itself.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from krmfn.adopt import run_adopt
from krmfn.generate import FLAGS_PATH, run_generate
from krmfn.inline import run_inline
from krmfn.model.embedded import rewrap, unwrap
from krmfn.model.outcome import Outcome
from krmfn.normalize import run_normalize
from krmfn.validate import run_validate
from krmfn.validate.checks import CHECK_IDS

RUNNERS: dict[str, Callable[[list[Any], dict[str, Any]], Outcome]] = {
    "inline": run_inline, "validate": run_validate, "generate": run_generate, "normalize": run_normalize,
    "adopt": run_adopt,
}
__all__ = ["CHECK_IDS", "RUNNERS", "run", "run_flags"]


def run(mode: str, values: list[Any], options: dict[str, Any]) -> Outcome:
    """The mode over the items, with the objects of Lists and the VMs of VirtualMachinePools as
    objects of their own (``krmfn.model.embedded``)."""
    return _run_flat(RUNNERS[mode], values, options)


def run_flags(mode: str, values: list[Any], options: dict[str, Any]) -> Outcome:
    """``run`` for the CLI when its flags gave generate's one size: findings name the flags
    (``--from``), not the ConfigMap keys (``data.from``)."""
    if mode != "generate":
        return run(mode, values, options)
    return _run_flat(partial(run_generate, single_path=FLAGS_PATH), values, options)


def _run_flat(runner: Callable[[list[Any], dict[str, Any]], Outcome], values: list[Any],
              options: dict[str, Any]) -> Outcome:
    flat = unwrap(values)
    if flat is None:
        return runner(values, options)
    if runner is run_normalize:  # a pool is stored as written: its template is not normalized
        return rewrap(run_normalize(flat.values, options, flat.pool_members()), flat, values)
    return rewrap(runner(flat.values, options), flat, values)
