"""`preferredArchitecture` (docs/kubevirt/preference-apply.md#other-top-level-fields).

Mirrors `ApplyArchitecturePreferences` in KubeVirt's
pkg/instancetype/preference/apply/architecture.go. KubeVirt's VM mutating webhook calls it on its
own as well (docs/kubevirt/admission.md#preference-driven-mutations), hence the tolerance of a missing preference.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import str_set


def apply_architecture_preferences(pf_spec: dict | None, template_spec: dict) -> None:
    """Set T.architecture from a non-empty preferred architecture when T's is empty."""
    if not isinstance(pf_spec, dict):
        return
    architecture = pf_spec.get("preferredArchitecture")
    if str_set(architecture) and not str_set(template_spec.get("architecture")):
        template_spec["architecture"] = architecture
