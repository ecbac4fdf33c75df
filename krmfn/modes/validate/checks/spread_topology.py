"""spread-topology: the instance type's vCPUs cannot be spread as the preference asks
([cpu topology](../kubevirt/cpu-topology.md#divisibility-check)).

The VM validating webhook rejects it; expand alone would silently drop vCPUs by integer
division. (A spreadOptions.ratio of 0, on which KubeVirt crashes, is the kubevirt-crash check.)

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
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
      runStrategy: Halted
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

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.SPREAD_TOPOLOGY
SEVERITY = "error"
SUMMARY = "the instance type's (or the VM's v1beta2 domain.cpu.guest) vCPUs cannot be spread as the preference asks"
MIRRORS = "VM validating webhook: spread divisibility check (vms-admitter.go)"
FIX = ("Pick an instance type whose vCPU count divides by the preference's spread (ratio and across), or "
       "change the preference's spreadOptions.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
