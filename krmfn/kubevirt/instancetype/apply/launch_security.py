"""Instance type ``launchSecurity`` (docs/kubevirt/instancetype-apply.md#field-table,
#iothreads-launchsecurity-gpus-and-host-devices).

Mirrors ``pkg/instancetype/apply/launchsecurity.go``. It runs before the preference's
``preferredLaunchSecurity``, so the instance type wins when both are set and T has none.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import child, clone, ptr_set


def apply_launch_security(base: Conflict, it_spec: dict, template_spec: dict) -> list[Conflict]:
    """Deep-copy ``IT.launchSecurity`` (even ``{}``); conflict when T already has one."""
    it_launch_security = it_spec.get("launchSecurity")
    if not ptr_set(it_launch_security):
        return []
    domain = child(template_spec, "domain")
    if ptr_set(domain.get("launchSecurity")):
        return [base.child("domain", "launchSecurity")]
    domain["launchSecurity"] = clone(it_launch_security)
    return []
