"""`preferredLaunchSecurity` (docs/kubevirt/preference-apply.md#other-top-level-fields).

Mirrors `applyLaunchSecurityPreferences` in KubeVirt's
pkg/instancetype/preference/apply/launchsecurity.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import ptr_set
from krmfn.kubevirt.instancetype.preference.apply._tree import deep_copy, domain_of, section


def apply_launch_security_preferences(pf_spec: dict, template_spec: dict) -> None:
    """Copy the preferred launch security when T's is null (a value set by the IT counts as set)."""
    launch_security = pf_spec.get("preferredLaunchSecurity")
    if not ptr_set(launch_security):
        return
    if ptr_set((section(template_spec, "domain") or {}).get("launchSecurity")):
        return
    domain_of(template_spec)["launchSecurity"] = deep_copy(launch_security)
