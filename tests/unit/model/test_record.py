"""krmfn.model.record: a FrozenRecord behaves as the frozen dataclass it replaces."""
from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import pytest

from krmfn.model.record import COMPILE_AFTER, FrozenRecord, field, record, replace


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


# --- @record: a dataclass's declaration ----------------------------------------------------------


@record(frozen=True)
class Span:
    start: int
    end: int = 0
    notes: list[str] = field(default_factory=list, compare=False)
    size: int = field(init=False, default=-1)


@record
class Counter:
    name: str
    seen: dict[str, int] = field(default_factory=dict)
    total: int = field(init=False)

    def __post_init__(self) -> None:
        self.total = sum(self.seen.values())


def _built(make):  # type: ignore[no-untyped-def]
    """What ``make`` builds, or the error it raises, by the first __init__ and by the compiled one."""
    outcomes = []
    for _ in range(COMPILE_AFTER + 2):
        try:
            made = make()
            outcomes.append(("made", repr(made), list(vars(made).items())))
        except TypeError as err:
            outcomes.append(("error", type(err).__name__, ""))
    return outcomes


@pytest.mark.parametrize("make", [
    lambda: Span(1), lambda: Span(1, 2), lambda: Span(end=2, start=1), lambda: Span(1, notes=["a"]),
    Span, lambda: Span(1, 2, ["a"], 3), lambda: Span(1, start=2), lambda: Span(1, size=3),
    lambda: Counter("a"), lambda: Counter("a", {"x": 2, "y": 3}), lambda: Counter(name="b", seen={"z": 1}),
])
def test_the_first_instances_are_the_compiled_ones(make) -> None:  # type: ignore[no-untyped-def]
    """The first ``COMPILE_AFTER`` instances are built by reading the fields, the later ones by
    the compiled ``__init__``: the same fields in the same order, the same defaults, fresh
    factory values, ``__post_init__`` run, and a TypeError for the same wrong calls."""
    outcomes = _built(make)
    assert all(outcome == outcomes[0] for outcome in outcomes), outcomes


def test_a_factory_gives_each_instance_its_own_value() -> None:
    first, second = Span(1), Span(1)
    first.notes.append("x")
    assert second.notes == [] and first == second  # notes are not compared
    assert Span(1, 2) != Span(1, 3) and hash(Span(1, 2)) == hash(Span(1, 2, ["y"]))


def test_replace_and_frozen_records() -> None:
    span = Span(1, 2, ["a"])
    assert replace(span, end=5) == Span(1, 5) and replace(span, end=5).notes == ["a"]
    with pytest.raises(AttributeError):
        span.start = 3  # type: ignore[misc]
    counter = Counter("a", {"x": 1})
    counter.total = 7  # not frozen
    assert counter.total == 7 and Counter.__hash__ is None
    assert pickle.loads(pickle.dumps(span)) == span and copy.deepcopy(counter).seen == {"x": 1}


@record
class Odd:
    self: int  # a field may have any name a dataclass field may
    made: list[str] = field(init=False, default_factory=list)
    order: list[str] = field(default_factory=list)


def test_a_field_named_self_and_the_factories_order() -> None:
    calls: list[str] = []
    Odd.__record_fields__[1].default_factory = lambda: calls.append("made") or []  # type: ignore[attr-defined]
    Odd.__record_fields__[2].default_factory = lambda: calls.append("order") or []  # type: ignore[attr-defined]
    for _ in range(COMPILE_AFTER + 2):
        assert Odd(self=3).self == 3 and Odd(4).self == 4
    assert calls == ["made", "order"] * (2 * (COMPILE_AFTER + 2))  # field order, by both __init__s


def test_what_dataclasses_refuses_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match="non-default argument 'end2' follows default argument"):
        @record
        class Later(Span):  # noqa: F841 - made to be refused
            end2: int
    with pytest.raises(TypeError, match="non-frozen record from a frozen one"):
        @record
        class Thawed(Span):  # noqa: F841
            pass
    with pytest.raises(ValueError, match="mutable default"):
        @record
        class Shared:  # noqa: F841
            items: list[int] = []  # noqa: RUF012
    with pytest.raises(ValueError, match="init=False"):
        replace(Span(1), size=3)
