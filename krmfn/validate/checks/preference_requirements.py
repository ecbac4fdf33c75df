"""preference-requirements: the VM or its instance type does not meet the preference's
requirements (CPU, memory, architecture; §6).

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      instancetype: {name: big}
      preference: {name: needs-2gi}
      template: {spec: {domain: {devices: {}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: big}
    spec: {cpu: {guest: 2}, memory: {guest: 4Gi}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: needs-2gi}
    spec: {requirements: {memory: {guest: 2Gi}}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      instancetype: {name: small}
      preference: {name: needs-2gi}
      template: {spec: {domain: {devices: {}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: small}
    spec: {cpu: {guest: 1}, memory: {guest: 1Gi}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: needs-2gi}
    spec: {requirements: {memory: {guest: 2Gi}}}
"""
from __future__ import annotations

from typing import Iterable

from krmfn.findings import Finding
from krmfn.instancetype.webhooks import STAGE_PREFERENCE_REQUIREMENTS
from krmfn.validate.checks._admission import rejections
from krmfn.validate.context import Context

ID = "preference-requirements"
SEVERITY = "error"
SUMMARY = "preference requirements (cpu, memory, architecture) the VM or instance type does not meet"
MIRRORS = "pkg/instancetype/preference/requirements, run by the VM validating webhook"


def run(ctx: Context) -> Iterable[Finding]:
    return rejections(ctx, ID, lambda _, stage: stage == STAGE_PREFERENCE_REQUIREMENTS)
