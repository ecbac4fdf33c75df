"""The VirtualMachineTemplate API types the engine reads, on plain data.

Mirrors ``api/core/v1beta1/virtualmachinetemplate_types.go`` of virt-template (v0.2.2; v1alpha1 has
the same fields): ``Parameter`` (``name``, ``displayName``, ``description``, ``value``,
``generate``, ``from``, ``required``) and the ``VirtualMachineTemplateSpec`` fields
(``virtualMachine``, a ``runtime.RawExtension``; ``parameters``; ``message``). A field of another
JSON type than Go's is read as Go's zero value (the API server's schema has rejected it already).
"""
from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, NamedTuple

# (JSON name, Python attribute) in Go's field order: json.Marshal writes them in this order.
PARAMETER_FIELDS: tuple[tuple[str, str], ...] = (
    ("name", "name"), ("displayName", "display_name"), ("description", "description"),
    ("value", "value"), ("generate", "generate"), ("from", "from_"), ("required", "required"))


_STRING_FIELDS = tuple(key for key, _ in PARAMETER_FIELDS[:-1])


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


if TYPE_CHECKING:
    class _Fields(NamedTuple):
        name: str = ""
        display_name: str = ""
        description: str = ""
        value: str = ""
        generate: str = ""
        from_: str = ""
        required: bool = False
else:  # the same tuple without typing.NamedTuple, which loads typing (a template run's 3 to 5 ms)
    _Fields = namedtuple("Parameter", [attribute for _, attribute in PARAMETER_FIELDS],
                         defaults=("", "", "", "", "", "", False))


class Parameter(_Fields):
    """``v1beta1.Parameter`` (a tuple: built for every parameter of every template processed)."""

    __slots__ = ()

    @classmethod
    def from_plain(cls, plain: Any) -> Parameter:
        if not isinstance(plain, dict):
            return cls()
        get = plain.get
        fields = [get(key) for key in _STRING_FIELDS]
        return tuple.__new__(cls, [*(value if isinstance(value, str) else "" for value in fields),
                                   get("required") is True])

    def with_value(self, value: str) -> Parameter:
        return self._replace(value=value)

    def to_plain(self) -> dict[str, Any]:
        """``json.Marshal``'s fields: ``name`` always, the others when not empty (``omitempty``)."""
        plain: dict[str, Any] = {}
        for key, attribute in PARAMETER_FIELDS:
            value = getattr(self, attribute)
            if key == "name" or value:
                plain[key] = value
        return plain


def spec_of(template: Any) -> dict:
    spec = template.get("spec") if isinstance(template, dict) else None
    return spec if isinstance(spec, dict) else {}


def parameters_of(spec: dict) -> list[Parameter] | None:
    """``spec.parameters``; None when absent (Go's nil slice, which json.Marshal writes ``null``)."""
    plain = spec.get("parameters")
    if not isinstance(plain, list):
        return None
    return [Parameter.from_plain(entry) for entry in plain]


def message_of(spec: dict) -> str:
    return _str(spec.get("message"))
