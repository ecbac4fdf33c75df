"""spread-topology: the instance type's vCPUs cannot be spread as the preference asks (§5.5).

The VM validating webhook rejects it; expand alone would silently drop vCPUs by integer
division. (A spreadOptions.ratio of 0, on which KubeVirt crashes, is the kubevirt-crash check.)

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      instancetype: {name: four}
      preference: {name: spread}
      template: {spec: {domain: {devices: {}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: four}
    spec: {cpu: {guest: 4}, memory: {guest: 1Gi}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: spread}
    spec: {cpu: {preferredCPUTopology: spread}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      instancetype: {name: three}
      preference: {name: spread}
      template: {spec: {domain: {devices: {}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: three}
    spec: {cpu: {guest: 3}, memory: {guest: 1Gi}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: spread}
    spec: {cpu: {preferredCPUTopology: spread}}
"""
from __future__ import annotations

from typing import Iterable

from krmfn.findings import Finding
from krmfn.instancetype.v1beta2 import VM_GUEST_PATH
from krmfn.instancetype.webhooks import STAGE_INSTANCETYPE_APPLY
from krmfn.validate.context import Context
from krmfn.validate.checks._admission import rejections

ID = "spread-topology"
SEVERITY = "error"
SUMMARY = "the instance type's (or the VM's v1beta2 domain.cpu.guest) vCPUs cannot be spread as the preference asks"
MIRRORS = "VM validating webhook: spread divisibility check (vms-admitter.go)"
SPREAD_FIELDS = ("instancetype.spec.cpu.guest", "preference.spec.cpu.spreadOptions")
NOT_DIVISIBLE = "vCPUs provided by the VirtualMachine are not divisible by"


def is_spread_cause(field: str | None, message: str = "") -> bool:
    return bool(field) and (field.startswith(SPREAD_FIELDS) or (field == VM_GUEST_PATH and NOT_DIVISIBLE in message))


def run(ctx: Context) -> Iterable[Finding]:
    for finding in rejections(ctx, ID, lambda _, stage: stage == STAGE_INSTANCETYPE_APPLY):
        if is_spread_cause(finding.path, finding.message):
            yield finding
