"""instancetype-admission: KubeVirt's instance type webhook rejects the object
([admission](../kubevirt/admission.md#instance-type-admission)).

For example `overcommitPercent` together with `hugepages`.

Passing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: big}
    spec: {cpu: {guest: 2}, memory: {guest: 2Gi, hugepages: {pageSize: 2Mi}}}

Failing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: big}
    spec: {cpu: {guest: 2}, memory: {guest: 2Gi, overcommitPercent: 10, hugepages: {pageSize: 2Mi}}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.INSTANCETYPE_ADMISSION
SEVERITY = "error"
SUMMARY = "instance type webhook rules (overcommitPercent with hugepages, ...)"
MIRRORS = "pkg/instancetype/webhooks/admitter.go"
FIX = ("Change the instance type as KubeVirt's message says, for example drop overcommitPercent when the "
       "instance type asks for hugepages.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
