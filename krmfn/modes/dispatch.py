"""Mode dispatch on plain data: the I/O layer calls ``run``; the modes never see YAML.

Each mode gets the items' Python values and its options, and returns an ``Outcome``
(``krmfn.model.outcome``): the output values, where each came from (so unchanged items are
written verbatim), and findings. Each mode completes its options from the option table itself.
A mode's package is imported when the mode runs (``runner``), so a run pays for its own mode only.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from krmfn.model.embedded import rewrap, unwrap
from krmfn.model.outcome import Outcome

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

    Runner = Callable[[list[Any], dict[str, Any]], Outcome]


def _inline() -> Runner:
    from krmfn.modes.inline.mode import run_inline  # noqa: PLC0415
    return run_inline


def _validate() -> Runner:
    from krmfn.modes.validate.mode import run_validate  # noqa: PLC0415
    return run_validate


def _generate() -> Runner:
    from krmfn.modes.generate.mode import run_generate  # noqa: PLC0415
    return run_generate


def _normalize() -> Runner:
    from krmfn.modes.normalize.mode import run_normalize  # noqa: PLC0415
    return run_normalize


def _adopt() -> Runner:
    from krmfn.modes.adopt.mode import run_adopt  # noqa: PLC0415
    return run_adopt


def _process() -> Runner:
    from krmfn.modes.process.mode import run_process  # noqa: PLC0415
    return run_process


def _convert() -> Runner:
    from krmfn.modes.convert.mode import run_convert  # noqa: PLC0415
    return run_convert


# Each function mode's loader: its package is imported when the mode runs, not before.
RUNNERS: dict[str, Callable[[], Runner]] = {
    "inline": _inline, "validate": _validate, "generate": _generate, "normalize": _normalize, "adopt": _adopt,
    "process": _process, "convert": _convert,
}


def runner(mode: str, flags: bool = False) -> Runner:
    """The mode's entry point. ``flags``: generate's one size came from CLI flags, which its
    findings name (``--from``, not the ConfigMap's ``data.from``)."""
    if flags and mode == "generate":
        from krmfn.modes.generate.mode import run_generate  # noqa: PLC0415
        from krmfn.modes.generate.requests import FLAGS_PATH  # noqa: PLC0415
        return partial(run_generate, single_path=FLAGS_PATH)
    return RUNNERS[mode]()


def run(mode: str, values: list[Any], options: dict[str, Any]) -> Outcome:
    """The mode over the items, with the objects of Lists and the VMs of VirtualMachinePools as
    objects of their own (``krmfn.model.embedded``)."""
    return _run_flat(mode, runner(mode), values, options)


def run_flags(mode: str, values: list[Any], options: dict[str, Any]) -> Outcome:
    """``run`` for the CLI when its flags gave generate's one size: findings name the flags
    (``--from``), not the ConfigMap keys (``data.from``)."""
    return _run_flat(mode, runner(mode, flags=True), values, options)


def _run_flat(mode: str, run_mode: Runner, values: list[Any], options: dict[str, Any]) -> Outcome:
    flat = unwrap(values)
    if flat is None:
        return run_mode(values, options)
    if mode == "normalize":  # a pool is stored as written: its template is not normalized
        from krmfn.modes.normalize.mode import run_normalize  # noqa: PLC0415
        return rewrap(run_normalize(flat.values, options, flat.pool_members()), flat, values)
    return rewrap(run_mode(flat.values, options), flat, values)
