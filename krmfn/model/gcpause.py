"""One switch for the cyclic garbage collector.

krmfn builds millions of small acyclic dicts and lists per run; the cyclic GC would rescan them
many times (0.5 s of 10,000 VMs' inline) and frees nothing. ``gc_paused()`` turns it off for a
block and restores the previous state, so nested uses are harmless.

The context managers on a one-VM run's path are classes: ``contextlib`` is not loaded for them
(bench/README.md, "Start-up").
"""
from __future__ import annotations

import gc


class gc_paused:  # lowercase: used as the function it was, `with gc_paused():`
    """The collector off within the block, then as it was."""

    __slots__ = ("was_enabled",)

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc_info: object) -> None:
        if self.was_enabled:
            gc.enable()
