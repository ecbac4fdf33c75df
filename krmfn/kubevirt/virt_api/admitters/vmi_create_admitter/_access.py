"""Go-struct access for the validators: a missing or mistyped part reads as Go's zero value (the
schema stage has already rejected wrong JSON types; these keep a stray one from raising)."""
from __future__ import annotations

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any



def as_dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list:
    return value if isinstance(value, list) else []


def as_str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def as_int(value: Any) -> int:
    """A Go integer field (``int``, ``uint``, ``int32``...): a JSON integer, else the zero value."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def dicts(value: Any) -> list[dict]:
    """The entries of a list field, each as a dict (a stray non-object entry reads as ``{}``)."""
    return [entry if isinstance(entry, dict) else {} for entry in as_list(value)]


def domain(spec: dict) -> dict:
    return as_dict(spec.get("domain"))


def devices(spec: dict) -> dict:
    return as_dict(domain(spec).get("devices"))


def has_gpus_or_host_devices(spec: dict) -> bool:
    """Whether the spec lists a GPU or a host device (without one, the DRA and Grace I/O
    virtualization checks have nothing to check but resource claims)."""
    spec_devices = devices(spec)
    return bool(spec_devices.get("gpus") or spec_devices.get("hostDevices"))


def lookup_pod_network(spec: dict) -> dict | None:
    """``vmispec.LookupPodNetwork``: the first network with a ``pod`` source, or None."""
    for network in dicts(spec.get("networks")):
        if network.get("pod") is not None:
            return network
    return None
