"""Machine preferences (docs/kubevirt/preference-apply.md#machine).

Mirrors `applyMachinePreferences` in KubeVirt's pkg/instancetype/preference/apply/machine.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child, str_set
from krmfn.kubevirt.instancetype.preference.apply._tree import domain_of, section


def apply_machine_preferences(pf_spec: dict, template_spec: dict) -> None:
    """Set T.domain.machine.type from a non-empty `preferredMachineType` when T's type is empty.

    `machine: {}` is created only when the preferred type is non-empty.
    """
    machine_type = (section(pf_spec, "machine") or {}).get("preferredMachineType")
    if not str_set(machine_type):
        return
    machine = child(domain_of(template_spec), "machine")
    if not str_set(machine.get("type")):
        machine["type"] = machine_type
