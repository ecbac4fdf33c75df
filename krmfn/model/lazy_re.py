"""Regular expressions compiled on first use.

No KubeVirt counterpart: Go compiles a package's ``regexp.MustCompile`` patterns when the binary
starts, which costs a server nothing; krmfn starts once per run, and most runs never use most
patterns (a disk serial, a PCI address, a port name, a YAML 1.1 keyword). ``LazyPattern`` holds
the pattern text until its first ``match``, ``fullmatch``, ``search``, ``sub``, ``finditer``,
``findall`` or ``split``; those are then the compiled pattern's own bound methods, so every later
call costs what a module-level ``re.compile``'s does. Every module-level pattern in krmfn is one:
compiling them all cost a one-VM run 3.8 ms, and it uses 8 of them.
"""
from __future__ import annotations

import re
from collections.abc import Callable

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

METHODS = ("match", "fullmatch", "search", "sub", "finditer", "findall", "split")


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled by the first call of one of its methods."""

    __slots__ = ("findall", "finditer", "flags", "fullmatch", "match", "pattern", "search", "split", "sub")

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self.match: Callable[..., Any] = self._compile_then("match")
        self.fullmatch: Callable[..., Any] = self._compile_then("fullmatch")
        self.search: Callable[..., Any] = self._compile_then("search")
        self.sub: Callable[..., Any] = self._compile_then("sub")
        self.finditer: Callable[..., Any] = self._compile_then("finditer")
        self.findall: Callable[..., Any] = self._compile_then("findall")
        self.split: Callable[..., Any] = self._compile_then("split")

    def _compile_then(self, method: str) -> Callable[..., Any]:
        def first_call(*args: Any, **kwargs: Any) -> Any:
            compiled = re.compile(self.pattern, self.flags)
            for name in METHODS:
                setattr(self, name, getattr(compiled, name))
            return getattr(compiled, method)(*args, **kwargs)
        return first_call
