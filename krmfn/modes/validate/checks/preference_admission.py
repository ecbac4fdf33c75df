"""preference-admission: KubeVirt's preference webhook rejects the object
([admission](../kubevirt/admission.md#preference-admission)).

An unknown `preferredCPUTopology`, an unsupported `spreadOptions.across`, or a ratio other than 2
when spreading over cores and threads.

Passing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: spread}
    spec: {cpu: {preferredCPUTopology: spread, spreadOptions: {across: SocketsCores, ratio: 2}}}

Failing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: spread}
    spec: {cpu: {preferredCPUTopology: spreadd}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.PREFERENCE_ADMISSION
SEVERITY = "error"
SUMMARY = "preference webhook rules (preferredCPUTopology values, spreadOptions)"
MIRRORS = "pkg/instancetype/preference/webhooks/admitter.go"
FIX = ("Use a preferredCPUTopology KubeVirt knows (sockets, cores, threads, spread, any) and a supported "
       "spreadOptions.across and ratio.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
