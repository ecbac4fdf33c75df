"""conflict: the VM sets something its instance type owns
([instancetype apply](../kubevirt/instancetype-apply.md#applying-an-instance-type),
[conflicts](../kubevirt/conflicts.md#conflicts-and-how-they-are-reported)).

CPU topology, memory, dedicated CPUs, NUMA, GPUs, host devices, nodeSelector, schedulerName,
resource requests and limits, annotations: KubeVirt rejects the VM with
`VM field(s) ... conflicts with selected instance type`.

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      instancetype: {name: small}
      template: {spec: {domain: {devices: {}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: small}
    spec: {cpu: {guest: 1}, memory: {guest: 1Gi}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      instancetype: {name: small}
      template: {spec: {domain: {devices: {}, cpu: {sockets: 2}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: small}
    spec: {cpu: {guest: 1}, memory: {guest: 1Gi}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.CONFLICT
SEVERITY = "error"
SUMMARY = "VM fields that conflict with the selected instance type"
MIRRORS = "pkg/instancetype/apply (conflicts), reported by the VM validating webhook"
FIX = "Remove the field from the VM (its instance type owns it), or choose an instance type that leaves it to the VM."


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
