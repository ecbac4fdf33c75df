"""Regular expressions compiled on first use.

No KubeVirt counterpart: Go compiles a package's ``regexp.MustCompile`` patterns when the binary
starts, which costs a server nothing; krmfn starts once per run, and most runs never use most
patterns (a disk serial, a PCI address, a port name, a YAML 1.1 keyword). ``LazyPattern`` holds
the pattern text until its first ``match``, ``fullmatch``, ``search`` or ``sub``; those are then
the compiled pattern's own bound methods, so every later call costs what a module-level
``re.compile``'s does.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

METHODS = ("match", "fullmatch", "search", "sub")


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled by the first call of one of its methods."""

    __slots__ = ("flags", "fullmatch", "match", "pattern", "search", "sub")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self.match: Callable[..., Any] = self._compile_then("match")
        self.fullmatch: Callable[..., Any] = self._compile_then("fullmatch")
        self.search: Callable[..., Any] = self._compile_then("search")
        self.sub: Callable[..., Any] = self._compile_then("sub")

    def _compile_then(self, method: str) -> Callable[..., Any]:
        def first_call(*args: Any, **kwargs: Any) -> Any:
            compiled = re.compile(self.pattern, self.flags)
            for name in METHODS:
                setattr(self, name, getattr(compiled, name))
            return getattr(compiled, method)(*args, **kwargs)
        return first_call
