"""instancetype-admission: KubeVirt's instance type webhook rejects the object (§8.1).

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

from typing import Iterable

from krmfn.findings import Finding
from krmfn.instancetype.webhooks import STAGE_VALIDATING_WEBHOOK
from krmfn.validate.checks._admission import rejections
from krmfn.validate.checks.v1beta2_sizing import is_v1beta2_rule
from krmfn.validate.context import Context, kind_of

ID = "instancetype-admission"
SEVERITY = "error"
SUMMARY = "instance type webhook rules (overcommitPercent with hugepages, ...)"
MIRRORS = "pkg/instancetype/webhooks/admitter.go"


def run(ctx: Context) -> Iterable[Finding]:
    for finding in rejections(ctx, ID, lambda i, stage: stage == STAGE_VALIDATING_WEBHOOK
                              and kind_of(ctx.values[i]).endswith("Instancetype")):
        if not is_v1beta2_rule(finding.message):  # the v1beta2-sizing check reports those
            yield finding
