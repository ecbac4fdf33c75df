"""krmfn.model.record: a FrozenRecord behaves as the frozen dataclass it replaces."""
from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import pytest

from krmfn.model.record import FrozenRecord


class Point(FrozenRecord):
    __slots__ = ("x", "y")
    x: int
    y: int

    def __init__(self, x: int, y: int = 0) -> None:
        self._set(x=x, y=y)


class Other(FrozenRecord):
    __slots__ = ("x", "y")

    def __init__(self, x: int, y: int = 0) -> None:
        self._set(x=x, y=y)


def test_equality_hash_and_repr_are_a_frozen_dataclasss() -> None:
    assert Point(1) == Point(1, 0) and Point(1) != Point(2)
    assert Point(1) != Other(1)  # another class is never equal, as with dataclasses
    assert len({Point(1), Point(1, 0), Point(2)}) == 2
    assert repr(Point(1, 2)) == "Point(x=1, y=2)"


def test_fields_cannot_change() -> None:
    point = Point(1)
    with pytest.raises(AttributeError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.y
    with pytest.raises(AttributeError):
        point.z = 3  # type: ignore[attr-defined]
    assert point == Point(1)


def test_copies_and_pickles() -> None:
    point = Point(1, [2])  # type: ignore[arg-type]
    assert copy.deepcopy(point) == point and copy.copy(point) == point
    assert pickle.loads(pickle.dumps(point)) == point


def test_help_loads_no_dataclasses(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``krmfn --help`` reads the modes, options and targets (FrozenRecords): ``dataclasses`` and
    what it loads (``inspect``, ``ast``), ``typing`` and ``difflib`` stay out of it."""
    code = ("import io, sys, contextlib\nfrom krmfn.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    try:\n        main(['--help'])\n    except SystemExit:\n        pass\n"
            "assert 'usage: krmfn' in out.getvalue()\n"
            "print(sorted({'dataclasses', 'typing', 'difflib', 'inspect'} & set(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, check=True, timeout=60, capture_output=True,
                          text=True)
    assert done.stdout.strip() == "[]"
