"""A frozen record without ``dataclasses``, for the small tables the CLI's parser loads.

``krmfn --help`` and every run read the modes, the options and the KubeVirt targets at start-up.
As frozen dataclasses they cost about 0.7 ms each to create and need ``dataclasses`` (which loads
``inspect``, ``ast`` and ``dis``: about 6 ms), a third of ``--help``'s own time (bench/README.md,
"Start-up"). A ``FrozenRecord`` subclass names its fields in ``__slots__`` and sets them in a typed
``__init__`` with ``_set``; it compares, hashes, prints, copies and pickles as a frozen dataclass
does.

Passing (a subclass)::

    class Point(FrozenRecord):
        __slots__ = ("x", "y")

        def __init__(self, x: int, y: int = 0) -> None:
            self._set(x=x, y=y)

``Point(1) == Point(1, 0)``, ``{Point(1)}``, ``repr(Point(1))`` is ``Point(x=1, y=0)``; assigning
``point.x = 2`` raises ``AttributeError``, as a frozen dataclass's ``FrozenInstanceError`` (an
AttributeError) does.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing stays unloaded for `krmfn --help` (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


class FrozenRecord:
    __slots__: tuple[str, ...] = ()

    def _set(self, **values: Any) -> None:
        for name in self.__slots__:
            object.__setattr__(self, name, values[name])

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__qualname__}({fields})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return self.__class__, self._values()
