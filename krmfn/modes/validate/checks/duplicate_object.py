"""duplicate-object: the same object (kind, namespace, name) appears twice in the bundle.

`kubectl apply` applies both definitions, one after the other: the second updates the object
the first created, so the last definition wins and the first one's content does not stay in the
cluster (`kubectl create` would instead refuse the second with AlreadyExists, and `kubectl
kustomize` refuses to build a kustomization that renders the same object twice). The finding is
on the later definition and names the first one. Until the duplicate is fixed, krmfn's other
checks resolve references to that name against the first definition, as KubeVirt's admission of
an object applied between the two would.

Passing example::

    apiVersion: v1
    kind: ConfigMap
    metadata: {name: a, namespace: lab}
    ---
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: a, namespace: other}

Failing example::

    apiVersion: v1
    kind: ConfigMap
    metadata: {name: a, namespace: lab}
    ---
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: a, namespace: lab}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model import kinds
from krmfn.model.findings import ERROR, FIRST_ITEM, Finding
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ID = check_ids.DUPLICATE_OBJECT
SEVERITY = "error"
SUMMARY = "the same object (group, kind, namespace, name) twice in the bundle"
MIRRORS = ("none in KubeVirt: kubectl apply, whose second apply of the same object updates it, so the last "
           "definition wins")
FIX = "Keep one definition of the object (the message says where the first one is); rename or delete the other."
CLUSTER_KINDS = frozenset({*kinds.CLUSTER_DEFINITION_KINDS,
                           "Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition",
                           "StorageClass", "PersistentVolume", "Node", "PriorityClass"})


def identity(value: Any, namespace: str) -> tuple[str, str, str, str] | None:
    if not isinstance(value, dict) or not isinstance(value.get("metadata"), dict):
        return None
    name, kind = value["metadata"].get("name"), value.get("kind")
    if not isinstance(name, str) or not name or not isinstance(kind, str):
        return None
    api_version = value.get("apiVersion")
    group = api_version.split("/")[0] if isinstance(api_version, str) and "/" in api_version else ""
    ns = "" if kind in CLUSTER_KINDS else (value["metadata"].get("namespace") or namespace)
    if not isinstance(ns, str):
        return None  # a namespace of the wrong type: the schema check reports the object
    return group, kind, ns, name


def run(ctx: Context) -> Iterable[Finding]:
    namespace = ctx.options.expand.namespace
    first_seen: dict[tuple[str, str, str, str], int] = {}
    for index, value in enumerate(ctx.values[:ctx.own_items]):  # not the VMs templates yield
        key = identity(value, namespace)
        if key is None:
            continue
        if key in first_seen:
            group, kind, ns, name = key
            where = f" in namespace {ns}" if ns else ""
            yield Finding(ERROR, f'{kind} "{name}"{where} is defined twice; kubectl apply applies both in turn, so '
                                 "this one overwrites the first and only the last definition stays in the cluster",
                          item=index, path="metadata.name", check=ID, tags={FIRST_ITEM: str(first_seen[key])})
        else:
            first_seen[key] = index
