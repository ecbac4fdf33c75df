"""What the VM mutating webhook's own encoding changes in a VM it admits: its quantities.

The webhook answers with ``patch.WithReplace("/spec", vm.Spec)`` (``vm-mutator.go`` ``Mutate``):
the spec is decoded into KubeVirt's Go types and encoded again, so every ``resource.Quantity`` is
stored in its canonical form (semantics §9.5 and Appendix A): ``2048Mi`` becomes ``2Gi``, a YAML
integer ``1073741824`` the string ``1Gi``, ``0.5Gi`` ``512Mi``. The Quantity fields of a
``VirtualMachineSpec``, from ``staging/src/kubevirt.io/api/core/v1/schema.go`` (and the CDI
``DataVolumeSpec`` of ``dataVolumeTemplates``), are listed in ``QUANTITY_PATHS``.

Other artefacts of that encoding (empty structs Go always writes, such as ``resources: {}``, or
``features.acpi: {}``) only add fields the source does not have; they are left out.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from krmfn.instancetype import quantity

# Paths below `spec`; `*` is every entry of a list or every value of a map (a ResourceList).
QUANTITY_PATHS: tuple[tuple[str, ...], ...] = (
    ("template", "spec", "domain", "memory", "guest"),
    ("template", "spec", "domain", "memory", "maxGuest"),
    ("template", "spec", "domain", "memory", "reservedOverhead", "addedOverhead"),
    ("template", "spec", "domain", "resources", "requests", "*"),
    ("template", "spec", "domain", "resources", "limits", "*"),
    ("template", "spec", "volumes", "*", "emptyDisk", "capacity"),
    ("template", "spec", "volumes", "*", "hostDisk", "capacity"),
    ("dataVolumeTemplates", "*", "spec", "pvc", "resources", "requests", "*"),
    ("dataVolumeTemplates", "*", "spec", "pvc", "resources", "limits", "*"),
    ("dataVolumeTemplates", "*", "spec", "storage", "resources", "requests", "*"),
    ("dataVolumeTemplates", "*", "spec", "storage", "resources", "limits", "*"),
)


def canonical_quantities(spec: dict) -> None:
    """Write every quantity of a VM's ``spec`` (a private copy) in its canonical form; a value
    that is no quantity is left for admission to reject."""
    for path in QUANTITY_PATHS:
        for parent, key in _slots(spec, path):
            canonical = quantity.canonicalize(parent[key])
            if isinstance(canonical, str) and canonical != parent[key]:
                parent[key] = canonical


def _slots(node: object, path: tuple[str, ...]) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every value at ``path`` below ``node``: a dict and its key, or a list
    and an index."""
    step, rest = path[0], path[1:]
    keys: list[Any]
    if step == "*":
        keys = list(range(len(node))) if isinstance(node, list) else list(node) if isinstance(node, dict) else []
    else:
        keys = [step] if isinstance(node, dict) and node.get(step) is not None else []
    for key in keys:
        if not rest:
            yield node, key
        else:
            yield from _slots(node[key], rest)  # type: ignore[index]
