"""krmfn.model.gcpause: one switch for the cyclic GC, restored after the block."""
from __future__ import annotations

import gc

import pytest

from krmfn.model.gcpause import gc_paused


def test_paused_inside_and_restored_after() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block restores the outer state, not "enabled"
    assert gc.isenabled()


def test_restored_after_an_exception() -> None:
    with pytest.raises(KeyError), gc_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_a_disabled_collector_stays_disabled() -> None:
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
