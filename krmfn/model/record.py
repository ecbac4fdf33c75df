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

The other records are ``@record`` classes: a dataclass's declaration (annotated fields, defaults,
``field(default_factory=..., init=..., repr=..., compare=...)``, ``frozen``, ``eq``,
``__post_init__``) without the ``dataclasses`` module. A class's first instances are built by
reading its fields; from the ninth on, by its own compiled ``__init__`` (compiling costs 0.05-0.2
ms, against 0.3-0.6 ms for a dataclass's five methods when the class is made). Equality, hashing
and ``repr`` are shared methods that read the class's field names. ``replace`` is
``dataclasses.replace``.

Passing::

    @record(frozen=True)
    class Span:
        start: int
        notes: list[str] = field(default_factory=list, compare=False)

``Span(1) == Span(1, ["x"])``, ``replace(Span(1), start=2)``; ``Span()`` raises ``TypeError``.
"""
from __future__ import annotations

from operator import attrgetter

TYPE_CHECKING = False  # typing stays unloaded for `krmfn --help` (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, dataclass_transform

    RecordT = TypeVar("RecordT")
else:
    def dataclass_transform(**_: object) -> Callable[[Any], Any]:
        return lambda function: function


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


_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "MISSING"})()


class Field:
    """One field of a ``record`` class, as ``dataclasses.Field``."""

    __slots__ = ("name", "default", "default_factory", "init", "repr", "compare")

    def __init__(self, default: Any, default_factory: Any, init: bool, repr: bool, compare: bool) -> None:
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare


def field(*, default: Any = _MISSING, default_factory: Any = _MISSING, init: bool = True, repr: bool = True,
          compare: bool = True) -> Any:
    """A field's options, as ``dataclasses.field``."""
    return Field(default, default_factory, init, repr, compare)


@dataclass_transform(field_specifiers=(field,))
def record(cls: Any = None, /, *, frozen: bool = False, eq: bool = True) -> Any:
    """The class with a dataclass's ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__``, as
    ``dataclasses.dataclass(cls, frozen=frozen, eq=eq)`` makes them."""
    def make(cls: Any) -> Any:
        return _make_record(cls, frozen, eq)
    return make if cls is None else make(cls)


def replace(obj: RecordT, /, **changes: Any) -> RecordT:
    """A copy of a record with ``changes``, as ``dataclasses.replace``."""
    for one in obj.__record_fields__:  # type: ignore[attr-defined]
        if not one.init and one.name in changes:
            raise ValueError(f"field {one.name} is declared with init=False, it cannot be specified with replace()")
        if one.init and one.name not in changes:
            changes[one.name] = getattr(obj, one.name)
    return obj.__class__(**changes)


def _fields(cls: Any) -> list[Field]:
    inherited: dict[str, Field] = {}
    for base in cls.__mro__[-1:0:-1]:
        for one in base.__dict__.get("__record_fields__", ()):
            inherited[one.name] = one
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if isinstance(annotation, str) and annotation.startswith(("ClassVar", "typing.ClassVar")):
            continue
        value = getattr(cls, name, _MISSING)  # a base's default, as dataclasses reads it
        one = value if isinstance(value, Field) else Field(value, _MISSING, True, True, True)
        one.name = name
        if isinstance(one.default, (list, dict, set)):
            raise ValueError(f"mutable default {type(one.default)} for field {name} is not allowed: "
                             "use default_factory")
        if isinstance(value, Field):
            if value.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
        inherited.pop(name, None)
        inherited[name] = one
    return list(inherited.values())


def _init_function(cls: Any, fields: tuple[Field, ...], frozen: bool) -> Any:
    """``__init__`` for ``fields``: parameters in field order, defaults as ``__defaults__``, a
    frozen record's fields set in one ``__dict__.update`` (about a third of the text to compile,
    and faster to call, than one ``object.__setattr__`` a field)."""
    names: dict[str, Any] = {"_MISSING": _MISSING}
    parameters, defaults, body, values = [], [], [], []
    for one in fields:  # in field order, factories included, as the first instances' __init__
        name = one.name
        if one.default_factory is not _MISSING:
            names[f"_f_{name}"] = one.default_factory
        if one.init:
            parameters.append(name)
            if one.default is not _MISSING:
                defaults.append(one.default)
            elif one.default_factory is not _MISSING:
                defaults.append(_MISSING)
                body.append(f"if {name} is _MISSING: {name} = _f_{name}()")
        elif one.default_factory is not _MISSING:
            body.append(f"{name} = _f_{name}()")
        elif one.default is not _MISSING:
            names[f"_d_{name}"] = one.default
            body.append(f"{name} = _d_{name}")
        else:
            continue
        values.append(name)
    if frozen and values:
        body.append(f"__record_self__.__dict__.update({', '.join(f'{name}={name}' for name in values)})")
    elif values:
        body.extend(f"__record_self__.{name} = {name}" for name in values)
    if hasattr(cls, "__post_init__"):
        body.append("__record_self__.__post_init__()")
    exec(f"def __init__(__record_self__, {', '.join(parameters)}):\n    " + "\n    ".join(body or ["pass"]), names)
    init = names["__init__"]
    init.__defaults__ = tuple(defaults) or None
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


# Instances a class's first __init__ builds by reading its fields, before the class's own is
# compiled: a one-VM run builds most record classes' instances a few times (compiling each
# __init__ would cost 4 ms of it), a 10,000-VM run the hot ones thousands of times.
COMPILE_AFTER = 8


def _reading_fields(cls: Any, fields: tuple[Field, ...], frozen: bool) -> Any:
    """The class's first ``__init__``: it binds the arguments as the compiled one would (the same
    values, defaults, factories and ``__post_init__``) by reading the fields, and after
    ``COMPILE_AFTER`` instances compiles the class's own and hands over to it."""
    parameters = tuple(one for one in fields if one.init)
    names = frozenset(one.name for one in parameters)
    made = 0

    def __init__(__record_self__: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal made
        made += 1
        if made > COMPILE_AFTER:
            init = _init_function(cls, fields, frozen)
            cls.__init__ = init
            init(__record_self__, *args, **kwargs)
            return
        if len(args) > len(parameters):
            raise TypeError(f"{cls.__qualname__}.__init__() takes {len(parameters) + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        given = dict(zip((one.name for one in parameters), args, strict=False))  # fewer args: the rest by name
        for name, value in kwargs.items():
            if name not in names:
                raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument {name!r}")
            if name in given:
                raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for argument {name!r}")
            given[name] = value
        values = {}
        for one in fields:
            if one.init and one.name in given:
                values[one.name] = given[one.name]
            elif one.default_factory is not _MISSING:
                values[one.name] = one.default_factory()
            elif one.default is not _MISSING:
                values[one.name] = one.default
            elif one.init:
                raise TypeError(f"{cls.__qualname__}.__init__() missing 1 required positional argument: {one.name!r}")
        __record_self__.__dict__.update(values)
        if post_init:
            __record_self__.__post_init__()

    post_init = hasattr(cls, "__post_init__")
    return __init__


def _make_record(cls: Any, frozen: bool, eq: bool) -> Any:
    fields = tuple(_fields(cls))
    _check(cls, fields, frozen)
    cls.__record_fields__ = fields
    cls.__record_frozen__ = frozen
    own = cls.__dict__
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if "__init__" not in own:
        cls.__init__ = _reading_fields(cls, fields, frozen)
    if "__repr__" not in own:
        cls.__record_shown__ = tuple(one.name for one in fields if one.repr)
        cls.__repr__ = _repr
    if eq:
        compared = [one.name for one in fields if one.compare]
        cls.__record_key__ = staticmethod(attrgetter(*compared) if len(compared) > 1 else lambda obj: tuple(
            getattr(obj, name) for name in compared))
        if "__eq__" not in own:
            cls.__eq__ = _eq
        if not explicit_hash:
            cls.__hash__ = _hash if frozen else None
    if frozen:
        cls.__setattr__ = _frozen_setattr
        cls.__delattr__ = _frozen_delattr
    return cls


def _check(cls: Any, fields: tuple[Field, ...], frozen: bool) -> None:
    """What ``dataclasses`` refuses when the class is made: a field without a default after one
    with, a name that is not an identifier (the ``__init__`` is compiled from the names), and
    frozen and not frozen records inheriting from each other."""
    defaulted = False
    for one in fields:
        if not one.name.isidentifier() or one.name.startswith("__record_"):
            raise TypeError(f"record field {one.name!r} is not a name a record can have")
        if one.init and one.default is _MISSING and one.default_factory is _MISSING and defaulted:
            raise TypeError(f"non-default argument {one.name!r} follows default argument")
        defaulted = defaulted or one.init and (one.default is not _MISSING or one.default_factory is not _MISSING)
    for base in cls.__mro__[1:]:
        if "__record_frozen__" in base.__dict__ and base.__record_frozen__ != frozen:
            raise TypeError("cannot inherit non-frozen record from a frozen one" if not frozen
                            else "cannot inherit frozen record from a non-frozen one")


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_shown__)
    return f"{self.__class__.__qualname__}({shown})"


def _eq(self: Any, other: Any) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = self.__record_key__
    return bool(key(self) == key(other))


def _hash(self: Any) -> int:
    return hash(self.__record_key__(self))


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise AttributeError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise AttributeError(f"cannot delete field {name!r}")
