"""reference: the VM cannot be expanded because of what it references
([resolution](../kubevirt/resolution.md#resolution-from-a-vms-matchers-to-an-instance-type-and-a-preference)).

A missing instance type or preference, an invalid `kind`, a dangling `revisionName` or status
ref, a ControllerRevision that cannot be decoded, an `inferFromVolume` matcher that was never
resolved. Since KubeVirt v1.6 such a VM is *admitted* (the webhook only logs the error) and fails
only when it starts, so this is the check that catches it before a cluster does. The message is
KubeVirt's expand error. KubeVirt stops at the instance type's; a missing preference behind it is
reported too, with the message KubeVirt gives once the instance type is found
([every missing reference](../kubevirt/expand.md#every-missing-reference)).

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
      instancetype: {name: huge}
      template: {spec: {domain: {devices: {}}}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.REFERENCE
SEVERITY = "error"
SUMMARY = ("missing instance type or preference, invalid kind, dangling revisionName or status ref, "
           "undecodable ControllerRevision, unresolved inferFromVolume")
MIRRORS = "expand (pkg/instancetype/find, compatibility); admission only logs these since KubeVirt v1.6"
FIX = ("Add the missing instance type or preference to the bundle, fix the name or kind in the VM's matcher "
       "(or the revisionName), or let it resolve from the embedded catalog (`catalog` option).")


def run(ctx: Context) -> Iterable[Finding]:
    for claim, finding in zip(ctx.claimed_by(ID), claimed_findings(ctx, ID, SEVERITY), strict=True):
        if claim.failure:
            finding.tags["cause"] = claim.failure
        yield finding
