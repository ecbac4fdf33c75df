"""Size requests: what the functionConfig asks generate for, as configured (not yet validated).

The typed form lists them under ``spec.sizes`` (``size_requests``: ``generate-sizes-shape``
errors for entries that are not maps or have unknown keys); the ConfigMap and the CLI carry one
size as the ``from``, ``name``, ``vcpus``, ``memory``, ``custom``, ``patch`` and ``set`` options
(``size_request_from_data``). ``custom: true`` asks for the custom size (no vCPUs and memory);
without it, what the request leaves out is kept from the source. A size's ``patches`` is a list
of JSON Patch operations (the ConfigMap's and CLI's ``patch``: that list as a JSON string) and
its ``set`` a list of ``path=value`` strings.

Findings name a request's field as ``field_path`` spells it: ``spec.sizes[0].vcpus`` and
``data.vcpus`` in a functionConfig, the flag (``--vcpus``) for a size given by CLI flags
(request path ``FLAGS_PATH``).
"""
from __future__ import annotations

import difflib
from collections.abc import Mapping

from krmfn.model.record import record
from krmfn.modes.generate.findings import SIZES_SHAPE, error
from krmfn.model.findings import Finding

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

SIZE_KEYS = ("from", "name", "vcpus", "memory", "custom", "patches", "set")
SIZES_PATH = "spec.sizes"
SINGLE_SIZE_PATH = "data"
FLAGS_PATH = "--"  # a size given by CLI flags: its fields are named by their flags
# The option (ConfigMap key, CLI flag without "--") that carries each key of the one size.
SINGLE_SIZE_OPTIONS = {"from": "from", "name": "name", "vcpus": "vcpus", "memory": "memory", "custom": "custom",
                       "patches": "patch", "set": "set"}


@record(frozen=True)
class SizeRequest:
    """One requested size. Values are as configured (validated by ``generate``).

    ``path`` is where the request sits in the functionConfig (``spec.sizes[0]``, ``data``);
    findings name ``<path>.<key>``. None means ``spec.sizes[<index>]``.
    """

    from_: Any
    name: Any
    vcpus: Any
    memory: Any
    path: str | None = None
    patches: Any = None
    set: Any = None
    custom: Any = None  # true: the custom size (``krmfn.modes.generate.sizing.CustomSize``)


def field_path(request_path: str, key: str) -> str:
    """How findings name a request's field: ``<request path>.<key>``, or the CLI flag."""
    if request_path == FLAGS_PATH:
        return "--" + SINGLE_SIZE_OPTIONS[key]
    if request_path == SINGLE_SIZE_PATH:
        return f"{request_path}.{SINGLE_SIZE_OPTIONS[key]}"
    return f"{request_path}.{key}"


def request_location(request_path: str) -> str | None:
    """How findings about a whole request name it: its path; nothing for CLI flags (there is one)."""
    return None if request_path == FLAGS_PATH else request_path


def size_requests(value: Any, path: str = SIZES_PATH) -> tuple[list[SizeRequest], list[Finding]]:
    """The typed form's ``spec.sizes`` list as requests; findings for entries of the wrong shape."""
    if value is None:
        return [], []
    if not isinstance(value, list):
        return [], [error(f"{path} must be a list of sizes ({', '.join(SIZE_KEYS)})", path, SIZES_SHAPE)]
    requests: list[SizeRequest] = []
    findings: list[Finding] = []
    for index, entry in enumerate(value):
        entry_path = f"{path}[{index}]"
        if not isinstance(entry, Mapping):
            findings.append(error(f"{entry_path} must be a map with keys {', '.join(SIZE_KEYS)}", entry_path,
                                  SIZES_SHAPE))
            continue
        findings.extend(_unknown_keys(entry, entry_path))
        requests.append(size_request_from_data(entry, entry_path))
    return requests, findings


def size_request_from_data(data: Mapping[str, Any], path: str = SINGLE_SIZE_PATH) -> SizeRequest:
    """One request from a map with keys ``from``, ``name``, ``vcpus``, ``memory``, ``custom``, ``patches``
    and ``set``."""
    return SizeRequest(data.get("from"), data.get("name"), data.get("vcpus"), data.get("memory"), path,
                       data.get("patches"), data.get("set"), data.get("custom"))


def requests_from_options(options: Mapping[str, Any],
                          single_path: str = SINGLE_SIZE_PATH) -> tuple[list[SizeRequest], list[Finding]]:
    """The typed ``sizes`` list, plus the one size of the ConfigMap/CLI keys when any is given
    (``single_path``: ``data``, or ``FLAGS_PATH`` when the CLI's flags gave it).

    ``options`` is complete (``krmfn.model.options.complete``): every key is there.
    """
    requests, findings = size_requests(options["sizes"] or [])
    single = {key: options[option] for key, option in SINGLE_SIZE_OPTIONS.items()
              if options[option] is not False and options[option] not in (None, "", [])}
    if single:
        requests.append(size_request_from_data(single, single_path))
    return requests, findings


def _unknown_keys(entry: Mapping[str, Any], path: str) -> list[Finding]:
    findings = []
    for key in entry:
        if key in SIZE_KEYS:
            continue
        close = difflib.get_close_matches(str(key), SIZE_KEYS, n=1)
        hint = f'; did you mean "{close[0]}"?' if close else f"; known keys: {', '.join(SIZE_KEYS)}"
        findings.append(error(f'unknown key "{key}" in a size{hint}', f"{path}.{key}", SIZES_SHAPE))
    return findings
