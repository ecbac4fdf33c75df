"""A LazyPattern answers as the compiled pattern does, compiles once, and only when first used."""
from __future__ import annotations

import re

import pytest

from krmfn.model.lazy_re import METHODS, LazyPattern


@pytest.mark.parametrize("method, args", [("match", ("ab12",)), ("fullmatch", ("AB12",)), ("search", ("x ab1",)),
                                          ("sub", ("-", "ab1 ab2"))])
def test_each_method_answers_as_re_compile_and_compiles_once(method, args, monkeypatch):
    compiled_patterns = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda *a: compiled_patterns.append(a) or real(*a))
    lazy = LazyPattern(r"[a-z]+\d", re.IGNORECASE)
    assert compiled_patterns == []  # nothing at definition
    expected = getattr(real(r"[a-z]+\d", re.IGNORECASE), method)(*args)
    for _ in range(3):
        got = getattr(lazy, method)(*args)
        assert (got.group() if isinstance(got, re.Match) else got) == (
            expected.group() if isinstance(expected, re.Match) else expected)
    assert compiled_patterns == [(r"[a-z]+\d", re.IGNORECASE)]
    assert all(getattr(lazy, name).__self__.pattern == r"[a-z]+\d" for name in METHODS)  # the compiled methods now


def test_a_non_match_is_none():
    assert LazyPattern(r"\d+").fullmatch("12a") is None
