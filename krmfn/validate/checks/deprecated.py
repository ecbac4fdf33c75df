"""deprecated: a deprecated spelling that KubeVirt still accepts (warnings, with the replacement
in `field.proposedValue`).

* deprecated `preferredCPUTopology` names (`preferSockets` → `sockets`, ...), which KubeVirt warns about;
* `launchSecurity` in an instance type (KubeVirt warns: use the preference);
* `firmware.preferredUseEfi` / `preferredUseSecureBoot` (deprecated in KubeVirt's API docs, though
  KubeVirt itself does not warn) → `preferredEfi`;
* `kubevirt.io/v1alpha3` VirtualMachines and `spec.running` (KubeVirt warns) → `kubevirt.io/v1`, `runStrategy`.

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

import re
from typing import Any, Iterable

from krmfn.findings import WARNING, Finding
from krmfn.validate.context import Context, kind_of

ID = "deprecated"
SEVERITY = "warning"
SUMMARY = ("deprecated topology names, launchSecurity in an instance type, preferredUseEfi/"
           "preferredUseSecureBoot, kubevirt.io/v1alpha3 VMs, spec.running")
MIRRORS = "the admission warnings of the preference and instance type webhooks and the VM webhook"

_TOPOLOGY = re.compile(r"PreferredCPUTopology (\w+) is deprecated .* please use (\w+) instead")


def run(ctx: Context) -> Iterable[Finding]:
    for index, verdict in enumerate(ctx.admissions):
        for warning in verdict.warnings if verdict is not None else []:
            yield _from_warning(warning, index, ctx.values[index])
    for index, value in enumerate(ctx.values):
        if kind_of(value).endswith("Preference"):
            yield from _legacy_efi(value, index)


def _from_warning(warning: str, index: int, value: Any) -> Finding:
    finding = Finding(WARNING, warning, item=index, check=ID)
    topology = _TOPOLOGY.search(warning)
    if topology:
        finding.path, finding.current, finding.proposed = "spec.cpu.preferredCPUTopology", topology[1], topology[2]
    elif warning.startswith("launchSecurity"):
        finding.path = "spec.launchSecurity"
    elif "v1alpha3" in warning:
        finding.path, finding.current, finding.proposed = "apiVersion", value.get("apiVersion"), "kubevirt.io/v1"
    elif "spec.running" in warning:
        running = (value.get("spec") or {}).get("running")
        finding.path, finding.current = "spec.running", running
        finding.proposed = {"runStrategy": "Always" if running else "Halted"}
    return finding


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
