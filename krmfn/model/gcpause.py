"""One switch for the cyclic garbage collector.

krmfn builds millions of small acyclic dicts and lists per run; the cyclic GC would rescan them
many times (0.5 s of 10,000 VMs' inline) and frees nothing. ``gc_paused()`` turns it off for a
block and restores the previous state, so nested uses are harmless.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
