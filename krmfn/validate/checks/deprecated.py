"""deprecated: a deprecated spelling that KubeVirt still accepts (warnings, with the replacement
in `field.proposedValue`).

* deprecated `preferredCPUTopology` names (`preferSockets` → `sockets`, ...), which KubeVirt warns about;
* `launchSecurity` in an instance type (KubeVirt warns: use the preference);
* `firmware.preferredUseEfi` / `preferredUseSecureBoot` (deprecated in KubeVirt's API docs, though
  KubeVirt itself does not warn) → `preferredEfi`;
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
    spec: {cpu: {preferredCPUTopology: preferSockets}, firmware: {preferredUseEfi: true}}
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from krmfn.instancetype.webhooks.response import REASON_LEGACY_API_VERSION, AdmissionWarning
from krmfn.model.findings import WARNING, Finding
from krmfn.model.kinds import PREFERENCE_KINDS, kind_of
from krmfn.validate.context import Context

ID = "deprecated"
SEVERITY = "warning"
SUMMARY = ("deprecated topology names, launchSecurity in an instance type, preferredUseEfi/"
           "preferredUseSecureBoot, kubevirt.io/v1alpha3 VMs, spec.running, v1alpha1/v1alpha2 instance types "
           "and preferences")
MIRRORS = ("the admission warnings of the preference and instance type webhooks and the VM webhook; the "
           "legacy instancetype CRD versions' warnings (KubeVirt up to v1.5)")
LEGACY_NOTE = (" KubeVirt stopped serving it in v1.6 and removed it in v1.7; krmfn read it as "
               "instancetype.kubevirt.io/v1beta1 (legacyApiVersions: convert).")


def run(ctx: Context) -> Iterable[Finding]:
    for index, verdict in enumerate(ctx.admissions):
        for warning in verdict.warnings if verdict is not None else []:
            yield _from_warning(warning, index)
    for index, value in enumerate(ctx.values):
        if kind_of(value) in PREFERENCE_KINDS:
            yield from _legacy_efi(value, index)


def _from_warning(warning: AdmissionWarning, index: int) -> Finding:
    """The warning where it points (set where KubeVirt's warning is made)."""
    message = warning + LEGACY_NOTE if warning.reason == REASON_LEGACY_API_VERSION else str(warning)
    return Finding(WARNING, message, item=index, path=warning.path, check=ID, current=warning.current,
                   proposed=warning.proposed)


def _legacy_efi(value: dict, index: int) -> Iterable[Finding]:
    firmware = (value.get("spec") or {}).get("firmware") if isinstance(value.get("spec"), dict) else None
    if not isinstance(firmware, dict):
        return
    legacy = {k: firmware[k] for k in ("preferredUseEfi", "preferredUseSecureBoot") if k in firmware}
    if not legacy:
        return
    proposed: dict[str, Any] = {}
    if legacy.get("preferredUseEfi") or legacy.get("preferredUseSecureBoot"):
        proposed = {"preferredEfi": {"secureBoot": True} if legacy.get("preferredUseSecureBoot") else {}}
    names = " and ".join(legacy)
    yield Finding(WARNING, f"{names} {'is' if len(legacy) == 1 else 'are'} deprecated; use preferredEfi",
                  item=index, path="spec.firmware", check=ID, current=legacy, proposed=proposed)
