"""Small dict helpers shared by the preference appliers (no KubeVirt counterpart).

KubeVirt works on typed Go structs, where `vmiSpec.Domain` and `Domain.Devices` are non-pointer
structs that always exist. On plain dicts we create them on demand with `gozero.child`, and only
in the steps that write into them.
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery.gozero import child, clone

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


def section(parent: dict | None, key: str) -> dict | None:
    """Return parent[key] when it is a dict (a set Go pointer to a struct), else None."""
    if not isinstance(parent, dict):
        return None
    value = parent.get(key)
    return value if isinstance(value, dict) else None


def domain_of(template_spec: dict) -> dict:
    """T.domain, created when absent (a non-pointer struct in Go)."""
    return child(template_spec, "domain")


def devices_of(template_spec: dict) -> dict:
    """T.domain.devices, created when absent (a non-pointer struct in Go)."""
    return child(domain_of(template_spec), "devices")


def deep_copy(value: Any) -> Any:
    """Go's DeepCopy(): the VM must never share objects with the preference."""
    return clone(value)
