"""Instance type ``annotations`` onto the VM template metadata (docs/kubevirt/instancetype-apply.md#annotations).

Mirrors ``pkg/instancetype/apply/annotations.go``.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.conflict import Conflict


def apply_instancetype_annotations(annotations: dict | None, template_metadata: dict) -> list[Conflict]:
    """Add each IT annotation missing from ``M.annotations``; a different value conflicts.

    The conflict path is ``annotations.<key>`` with no base path. KubeVirt iterates a Go map, so
    the order of several annotation conflicts is random there; krmfn sorts the keys
    (docs/kubevirt/instancetype-apply.md#annotations). KubeVirt also creates an empty ``M.annotations`` map when there
    is nothing to add; an empty map serialises to nothing, so krmfn only creates it when it adds a key.
    """
    conflicts: list[Conflict] = []
    if not annotations:
        return conflicts
    for key in sorted(annotations, key=str):
        value = annotations[key]
        existing = template_metadata.get("annotations")
        if isinstance(existing, dict) and key in existing:
            if existing[key] != value:
                conflicts.append(Conflict.new("annotations", str(key)))
            continue
        if not isinstance(existing, dict):
            existing = template_metadata["annotations"] = {}
        existing[key] = value
    return conflicts
