"""Instance type ``schedulerName`` (docs/kubevirt/instancetype-apply.md#field-table).

Mirrors ``pkg/instancetype/apply/scheduler.go``.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import str_set


def apply_scheduler_name(base: Conflict, it_spec: dict, template_spec: dict) -> list[Conflict]:
    """Copy a non-empty ``IT.schedulerName``; conflict when T has a non-empty one, even if equal."""
    it_scheduler = it_spec.get("schedulerName")
    if not str_set(it_scheduler):
        return []
    if str_set(template_spec.get("schedulerName")):
        return [base.child("schedulerName")]
    template_spec["schedulerName"] = it_scheduler
    return []
