"""v1beta2-sizing: krmfn's `instancetype.kubevirt.io/v1beta2` rules on who supplies the vCPUs and
the memory (README "v1beta2: optional guest and instance type topology").

v1beta2 is served by krmfn only (the design proposals were never merged): an instance type may
leave `cpu.guest` and `memory.guest` to the VM, or give `cpu.topology` instead of `cpu.guest`.
This check reports every broken rule: `cpu.guest` together with `cpu.topology`; a VM
`domain.cpu.guest` beside an instance type's vCPUs or beside `domain.cpu.sockets`/`cores`/
`threads`; a missing VM `domain.cpu.guest` or `domain.memory.guest` where the instance type leaves
them to the VM. (`domain.cpu.guest` with no v1beta2 instance type or preference is KubeVirt's
unknown field, the unknown-field check.)

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      instancetype: {name: dedicated.custom}
      template: {spec: {domain: {devices: {}, cpu: {guest: 4}, memory: {guest: 8Gi}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta2
    kind: VirtualMachineClusterInstancetype
    metadata: {name: dedicated.custom}
    spec: {cpu: {dedicatedCPUPlacement: true}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      instancetype: {name: dedicated.custom}
      template: {spec: {domain: {devices: {}, cpu: {guest: 4}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta2
    kind: VirtualMachineClusterInstancetype
    metadata: {name: dedicated.custom}
    spec: {cpu: {dedicatedCPUPlacement: true}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.V1BETA2_SIZING
SEVERITY = "error"
SUMMARY = ("krmfn's instancetype.kubevirt.io/v1beta2 rules: cpu.guest or cpu.topology; the VM's domain.cpu.guest "
           "and domain.memory.guest where the instance type leaves them out")
MIRRORS = "none: KubeVirt has no v1beta2 (design proposals for optional guests and instance type topology)"
FIX = ("Give the vCPUs and memory exactly once: in the v1beta2 instance type (cpu.guest or cpu.topology, "
       "memory.guest) or in the VM (domain.cpu.guest, domain.memory.guest).")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
