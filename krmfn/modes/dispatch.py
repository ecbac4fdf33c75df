"""Mode dispatch on plain data: the I/O layer calls ``run``; the modes never see YAML.

Each mode gets the items' Python values and its options, and returns an ``Outcome``
(``krmfn.model.outcome``): the output values, where each came from (so unchanged items are
written verbatim), and findings. Each mode completes its options from the option table itself.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from krmfn.modes.adopt.mode import run_adopt
from krmfn.modes.generate.requests import FLAGS_PATH
from krmfn.modes.generate.mode import run_generate
from krmfn.modes.inline.mode import run_inline
from krmfn.model.embedded import rewrap, unwrap
from krmfn.model.outcome import Outcome
from krmfn.modes.normalize.mode import run_normalize
from krmfn.modes.validate.mode import run_validate

RUNNERS: dict[str, Callable[[list[Any], dict[str, Any]], Outcome]] = {
    "inline": run_inline, "validate": run_validate, "generate": run_generate, "normalize": run_normalize,
    "adopt": run_adopt,
}


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
