"""Rewriting a VM onto an instance type and preference: set the matchers, drop what they supply.

No KubeVirt counterpart: the inverse of ``ApplyToVMI`` (``pkg/instancetype/apply/vmi.go``), found
by running it. ``adopted`` sets the matchers and removes every field the instance type would
conflict with (``instancetype_conflicts``, the appliers of ``krmfn.kubevirt.instancetype.apply`` on a
scratch copy: sockets, cores and threads, the CPU and memory requests and limits, the guest
memory, and each fixed field the instance type sets); ``minimized`` then drops, top down, each
further field of the template whose removal the preference or the instance type fills back in
exactly (the caller's ``accept`` says so: ``krmfn.modes.adopt.verify``). Fields the cluster's defaults
supply (machine type, architecture, the default pod network) are never dropped: they are not the
instance type's or the preference's to give.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.modes.adopt.candidates import Definition
from krmfn.modes.adopt.compare import KRMFN_ANNOTATIONS
from krmfn.kubevirt.instancetype.apply.vmi import instancetype_conflicts
from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import clone

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

BASE_PATH = "spec.template.spec"
MAX_ROUNDS = 32  # memory conflicts come one at a time (validateMemory stops at the first)
Path = tuple[str | int, ...]
TEMPLATE_SPEC: Path = ("spec", "template", "spec")
TEMPLATE_ANNOTATIONS: Path = ("spec", "template", "metadata", "annotations")
GO_TO_JSON = {"dedicatedCPUPlacement": "dedicatedCpuPlacement"}


def adopted(vm: dict, instancetype: Definition | None, preference: Definition | None) -> dict | str:
    """``vm`` with the matchers and without what would conflict with the instance type; a
    message when a conflict is not a VM field (the instance type itself is invalid)."""
    out = clone(vm)
    _drop_krmfn_annotations(out)
    spec = out.setdefault("spec", {})
    for key, definition in (("instancetype", instancetype), ("preference", preference)):
        if definition is not None:
            spec[key] = definition.matcher()
    template = spec.setdefault("template", {})
    template_spec = template.setdefault("spec", {})
    if instancetype is None:
        return out
    for _ in range(MAX_ROUNDS):
        metadata = template.get("metadata") if isinstance(template.get("metadata"), dict) else {}
        conflicts = instancetype_conflicts(BASE_PATH, instancetype.spec, preference.spec if preference else None,
                                           template_spec, metadata)
        if not conflicts:
            return out
        for conflict in conflicts:
            path = _vm_path(conflict)
            if path is None:
                return conflict.message or ".".join(conflict.path)
            remove(out, path, prune=True)
    return "conflicts do not settle"


def _vm_path(conflict: Conflict) -> Path | None:
    if conflict.message:
        return None
    if conflict.path[:1] == ("annotations",) and len(conflict.path) == 2:
        return (*TEMPLATE_ANNOTATIONS, conflict.path[1])
    if tuple(conflict.path[:3]) != TEMPLATE_SPEC:
        return None
    return tuple(GO_TO_JSON.get(part, part) for part in conflict.path)


def remove(obj: dict, path: Path, prune: bool = False) -> None:
    """Remove ``path`` from ``obj`` in place; ``prune``: also the mappings that it leaves empty."""
    parents: list[tuple[Any, str | int]] = []
    node: Any = obj
    for key in path[:-1]:
        parents.append((node, key))
        node = node[key] if _has(node, key) else None
        if node is None:
            return
    if isinstance(node, dict):
        node.pop(path[-1], None)
    while prune and parents and node == {}:
        parent, key = parents.pop()
        if isinstance(parent, dict):
            del parent[key]
        node = parent


def without(obj: Any, path: Path) -> Any:
    """A copy of ``obj`` without ``path``, sharing every subtree off the path."""
    if not path:
        return obj
    key, rest = path[0], path[1:]
    if isinstance(obj, dict):
        if key not in obj:
            return obj
        if not rest:
            return {k: v for k, v in obj.items() if k != key}
        return {**obj, key: without(obj[key], rest)}  # type: ignore[index]
    if isinstance(obj, list) and isinstance(key, int) and 0 <= key < len(obj):
        copy = list(obj)
        copy[key] = without(obj[key], rest)
        return copy
    return obj


def minimized(vm: dict, accept: Callable[[dict], bool]) -> tuple[dict, list[str]]:
    """``vm`` without every template field ``accept`` lets go, top down (module doc), and the
    dotted paths dropped. List entries are kept (their order is the guest's), and so are their
    names."""
    dropped: list[str] = []
    state = {"vm": vm}

    def walk(path: Path, node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in list(items):
            child = (*path, key)
            if isinstance(node, dict) and not (isinstance(key, str) and key == "name" and isinstance(path[-1], int)):
                candidate = without(state["vm"], child)
                if accept(candidate):
                    state["vm"] = candidate
                    dropped.append(dotted(child))
                    continue
            if isinstance(value, (dict, list)):
                walk(child, value)

    template = vm.get("spec", {}).get("template", {})
    walk(TEMPLATE_SPEC, template.get("spec", {}))
    metadata = template.get("metadata") if isinstance(template.get("metadata"), dict) else {}
    if isinstance(metadata.get("annotations"), dict):
        walk(TEMPLATE_ANNOTATIONS[:-1], {"annotations": metadata["annotations"]})
        if state["vm"]["spec"]["template"].get("metadata") == {}:  # expand reads none as empty
            state["vm"] = without(state["vm"], TEMPLATE_ANNOTATIONS[:-1])
    return state["vm"], dropped


def dotted(path: Path) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _drop_krmfn_annotations(vm: dict) -> None:
    """inline's record of what it applied is no longer true of a VM with matchers."""
    metadata = vm.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    if isinstance(annotations, dict) and any(key in annotations for key in KRMFN_ANNOTATIONS):
        kept = {k: v for k, v in annotations.items() if k not in KRMFN_ANNOTATIONS}
        if kept:
            metadata["annotations"] = kept  # type: ignore[index]
        else:
            del metadata["annotations"]  # type: ignore[union-attr]


def _has(node: Any, key: str | int) -> bool:
    if isinstance(node, dict):
        return key in node
    return isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node)
