"""matcher: the VM mutating webhook rejects the VM's matchers, or inferring them fails
([admission](../kubevirt/admission.md#vm-mutating-webhook)).

Matcher validation (a matcher with neither name nor inferFromVolume, both together, an unknown
failure policy) and `inferFromVolume` that the bundle's volumes cannot answer.

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
      instancetype: {name: small, inferFromVolume: root}
      template: {spec: {domain: {devices: {}}}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.MATCHER
SEVERITY = "error"
SUMMARY = "VM matchers KubeVirt's mutating webhook rejects, and inferFromVolume it cannot resolve"
MIRRORS = "pkg/instancetype/webhooks/vm/mutator.go (matcher validation, inference)"
FIX = ("Give each matcher either name or inferFromVolume (not both), a known inferFromVolumeFailurePolicy, "
       "and point inferFromVolume at a volume whose DataVolume, PVC or DataSource names an instance type or "
       "preference.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
