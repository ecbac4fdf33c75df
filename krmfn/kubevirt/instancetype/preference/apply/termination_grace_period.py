"""`preferredTerminationGracePeriodSeconds` (docs/kubevirt/preference-apply.md#other-top-level-fields).

Mirrors `applyTerminationGracePeriodSeconds` in KubeVirt's
pkg/instancetype/preference/apply/termination.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import ptr_set


def apply_termination_grace_period_seconds(pf_spec: dict, template_spec: dict) -> None:
    """Copy the preferred grace period when T's is null; a T value of 0 is set and kept."""
    seconds = pf_spec.get("preferredTerminationGracePeriodSeconds")
    if ptr_set(seconds) and not ptr_set(template_spec.get("terminationGracePeriodSeconds")):
        template_spec["terminationGracePeriodSeconds"] = seconds
