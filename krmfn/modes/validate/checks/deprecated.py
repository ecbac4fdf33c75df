"""deprecated: a deprecated spelling that KubeVirt still accepts (warnings, with the replacement
in `field.proposedValue`).

* deprecated `preferredCPUTopology` names (`preferSockets` → `sockets`, ...), which KubeVirt warns about;
* `launchSecurity` in an instance type (KubeVirt warns: use the preference);
* `kubevirt.io/v1alpha3` VirtualMachines and `spec.running` (KubeVirt warns) → `kubevirt.io/v1`, `runStrategy`;
* `instancetype.kubevirt.io/v1alpha1` and `v1alpha2` instance types and preferences, which krmfn
  reads as v1beta1 under `legacyApiVersions: convert` (KubeVirt up to v1.5 warned; since v1.6 it
  does not serve them) → `instancetype.kubevirt.io/v1beta1`.

Passing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: p}
    spec: {cpu: {preferredCPUTopology: sockets}, firmware: {preferredEfi: {secureBoot: true}}}

Failing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: p}
    spec: {cpu: {preferredCPUTopology: preferSockets}}

`firmware.preferredUseEfi` and `preferredUseSecureBoot` get no finding: KubeVirt admits them
without a warning (its preference webhook warns only about deprecated `preferredCPUTopology`
values, golden `admission/pf-firmware-deprecated-no-warning`), and a message that KubeVirt does
not give must not pretend to be its.
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.kubevirt.util.webhooks import REASON_LEGACY_API_VERSION, TEMPLATE_WEBHOOK_WARNINGS, AdmissionWarning
from krmfn.model.findings import WARNING, Finding
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.DEPRECATED
SEVERITY = "warning"
SUMMARY = ("deprecated topology names, launchSecurity in an instance type, kubevirt.io/v1alpha3 VMs, "
           "spec.running, v1alpha1/v1alpha2 instance types and preferences (KubeVirt's own warnings only)")
MIRRORS = ("the admission warnings of the preference and instance type webhooks and the VM webhook; the "
           "legacy instancetype CRD versions' warnings (KubeVirt up to v1.5); HCO's warnings on a "
           "HyperConverged's deprecated feature gates")
FIX = ("Use the replacement the result proposes (field.proposedValue): the current topology name, "
       "launchSecurity in the preference, kubevirt.io/v1 with runStrategy, instancetype.kubevirt.io/v1beta1.")
LEGACY_NOTE = (" KubeVirt stopped serving it in v1.6 and removed it in v1.7; krmfn read it as "
               "instancetype.kubevirt.io/v1beta1 (legacyApiVersions: convert).")


def run(ctx: Context) -> Iterable[Finding]:
    for index, verdict in enumerate(ctx.admissions):
        for warning in verdict.warnings if verdict is not None else []:
            if warning.reason not in TEMPLATE_WEBHOOK_WARNINGS:  # template-admission's
                yield _from_warning(warning, index)


def _from_warning(warning: AdmissionWarning, index: int) -> Finding:
    """The warning where it points (set where KubeVirt's warning is made)."""
    message = warning + LEGACY_NOTE if warning.reason == REASON_LEGACY_API_VERSION else str(warning)
    return Finding(WARNING, message, item=index, path=warning.path, check=ID, current=warning.current,
                   proposed=warning.proposed)
