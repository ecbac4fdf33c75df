"""Go zero-value semantics on plain dicts (docs/kubevirt/README.md#set-and-unset-go-zero-values).

KubeVirt decodes JSON into Go structs, so "is the user value set?" means "is the Go field
non-zero?". Every rule of the contract names one of these checks.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any, TypeGuard



def ptr_set(value: Any) -> bool:
    """A pointer / optional object field: set unless absent or null ({}, false, 0, "" are set)."""
    return value is not None


def str_set(value: Any) -> bool:
    """A non-pointer string: set unless absent, null or ""."""
    return value is not None and value != ""


def int_set(value: Any) -> bool:
    """A non-pointer integer: set unless absent, null or 0."""
    return value is not None and value != 0 and value is not False


def bool_set(value: Any) -> bool:
    """A non-pointer bool: only true counts; false is indistinguishable from unset."""
    return value is True


def list_set(value: Any) -> TypeGuard[list[Any]]:
    """A list checked with len(x) > 0."""
    return isinstance(value, list) and len(value) > 0


def map_set(value: Any) -> bool:
    """A map checked with x != nil (only nodeSelector): present, including {}."""
    return value is not None


def child(parent: dict, key: str) -> dict:
    """Return parent[key] as a dict, creating it (Go: allocate the struct pointer) when unset."""
    value = parent.get(key)
    if not isinstance(value, dict):
        value = {}
        parent[key] = value
    return value


def clone(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars), as Go's DeepCopy of a decoded
    struct; much faster than copy.deepcopy. Strings and numbers are immutable and shared (a
    marshal round trip is faster but duplicates every string: 36 MB more for 10,000 VMs). A
    plain dict is copied in C and only its containers replaced: the leaves, most of the values,
    cost no call."""
    if type(value) is dict:
        out = value.copy()
        for key, item in out.items():
            kind = type(item)
            if kind is dict or kind is list or (kind is not str and isinstance(item, (dict, list))):
                out[key] = clone(item)
        return out
    if isinstance(value, list):
        return [clone(item) if isinstance(item, (dict, list)) else item for item in value]
    if isinstance(value, dict):
        return {key: clone(item) for key, item in value.items()}
    return value


def unmarshal_type_name(value: Any) -> str:
    """What Go's ``encoding/json`` calls a JSON value of the wrong kind in an
    ``UnmarshalTypeError`` (``json: cannot unmarshal <this> into Go ...``)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"
