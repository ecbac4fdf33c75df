"""preference-requirements: the VM or its instance type does not meet the preference's
requirements (CPU, memory, architecture; [requirements](../kubevirt/requirements.md#preference-requirements)).

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
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
      runStrategy: Halted
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

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.PREFERENCE_REQUIREMENTS
SEVERITY = "error"
SUMMARY = "preference requirements (cpu, memory, architecture) the VM or instance type does not meet"
MIRRORS = "pkg/instancetype/preference/requirements, run by the VM validating webhook"
FIX = ("Choose an instance type (or VM resources) with at least the CPU and memory the preference requires "
       "and the architecture it asks for, or use another preference.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
