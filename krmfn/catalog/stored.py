"""The built catalog, stored: what ``krmfn.catalog.build`` makes of each embedded release, written
once to ``data/<version>.json`` and read from there at run time.

Building the 230-odd objects of a release from its compact definition takes about 30 ms (the
definitions, their model and the build); parsing the stored JSON about 2 ms, and a run that
consults the catalog (a VM naming ``u1.medium``) pays only that. The files hold the cluster kinds;
the namespaced kinds are the same objects with their own ``kind``
(docs/common-instancetypes.md#cluster-and-namespaced-kinds). ``python -m krmfn.catalog``
writes them after a change to a definition or to the build, ``--check`` fails when one is stale,
and a test runs that check.
"""
from __future__ import annotations

import os
from krmfn.model.kinds import (
    INSTANCETYPE_KINDS,
    VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
)

TYPE_CHECKING = False  # typing stays unloaded for `krmfn --help` (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

    from krmfn.catalog.model import CatalogDefinition

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
STORED_KINDS = (VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE, VIRTUAL_MACHINE_CLUSTER_PREFERENCE)


def path_of(version: str) -> str:
    return os.path.join(DATA, f"{version}.json")


def load(version: str) -> dict[str, list[dict[str, Any]]]:
    """The stored objects of ``version``, by cluster kind (OSError when it has no file)."""
    import json  # noqa: PLC0415 - `krmfn --help` loads this module, not the catalog
    with open(path_of(version), "rb") as handle:
        stored: dict[str, list[dict[str, Any]]] = json.load(handle)
    return stored


def as_kind(objects: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The stored objects of a cluster kind as ``kind`` (the same objects when it is that kind)."""
    return objects if objects and objects[0]["kind"] == kind else [{**obj, "kind": kind} for obj in objects]


def stored_kind(kind: str) -> str:
    """The cluster kind whose stored objects ``kind``'s are."""
    return VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE if kind in INSTANCETYPE_KINDS else VIRTUAL_MACHINE_CLUSTER_PREFERENCE


def rendered(definition: CatalogDefinition) -> str:
    """What ``data/<version>.json`` holds: the build of the release's definition."""
    from krmfn.catalog.build import build_instancetypes, build_preferences  # noqa: PLC0415 - writing only
    objects = {kind: (build_instancetypes if kind == VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE else build_preferences)(
        definition, kind) for kind in STORED_KINDS}
    import json  # noqa: PLC0415
    return json.dumps(objects, ensure_ascii=False, separators=(",", ":")) + "\n"
