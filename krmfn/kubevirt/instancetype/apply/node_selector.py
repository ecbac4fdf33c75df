"""Instance type ``nodeSelector`` (docs/kubevirt/instancetype-apply.md#field-table).

Mirrors ``pkg/instancetype/apply/nodeselector.go``.
"""
from __future__ import annotations


from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import map_set

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


def apply_node_selector(base: Conflict, it_spec: dict, template_spec: dict) -> list[Conflict]:
    """Copy ``IT.nodeSelector`` into T (replacing, never merging); conflict when T has one.

    An IT ``nodeSelector: {}`` is set (Go: a non-nil map) and writes an empty map. A VM
    ``nodeSelector: {}`` does not conflict: virtctl and the API server re-encode the VM, which
    drops the empty map before KubeVirt sees it (golden ``conflicts/node-selector-vm-empty-map``,
    which overrides the "offline" remark of docs/kubevirt/instancetype-apply.md#field-table).
    """
    it_selector: Any = it_spec.get("nodeSelector")  # decoded JSON; map_set is Go's != nil
    if not map_set(it_selector):
        return []
    if _vm_node_selector_set(template_spec.get("nodeSelector")):
        return [base.child("nodeSelector")]
    template_spec["nodeSelector"] = dict(it_selector)
    return []


def _vm_node_selector_set(value: object) -> bool:
    return map_set(value) and value != {}
