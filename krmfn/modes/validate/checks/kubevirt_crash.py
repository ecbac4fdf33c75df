"""kubevirt-crash: KubeVirt itself crashes on this VM instead of answering
([questions the source leaves open](../kubevirt/README.md#questions-the-source-leaves-open)).

A `spreadOptions.ratio` of 0 under a spread topology divides by zero, and `preferredCPUFeatures`
with neither an instance type nor `domain.cpu` dereferences a nil pointer. KubeVirt's admission
then fails with an internal error rather than a validation error, and expand returns nothing.
CDI's DataImportCron webhook panics the same way on a `TZ=` or `CRON_TZ=` schedule without a space
([CDI](../cdi.md#dataimportcron-webhook)). This is a warning by default, as the golden corpus
records no verdict for such VMs; make it an error with `severity: kubevirt-crash=error`. (inline
cannot expand the spread case and fails.)

Passing example::

    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: spread}
    spec: {cpu: {preferredCPUTopology: spread, spreadOptions: {ratio: 2}}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      instancetype: {name: four}
      preference: {name: spread0}
      template: {spec: {domain: {devices: {}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterInstancetype
    metadata: {name: four}
    spec: {cpu: {guest: 4}, memory: {guest: 1Gi}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: spread0}
    spec: {cpu: {preferredCPUTopology: spread, spreadOptions: {ratio: 0}}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.KUBEVIRT_CRASH
SEVERITY = "warning"
SUMMARY = ("inputs on which KubeVirt crashes (spread ratio 0; preferredCPUFeatures without domain.cpu), or CDI "
           "(a time zone schedule without a space)")
MIRRORS = ("KubeVirt panics in the VM webhook and in expand (a nil pointer dereference or a division by zero) "
           "instead of answering")
FIX = ("Set a spreadOptions.ratio other than 0, or give the VM domain.cpu (or an instance type) when the "
       "preference sets preferredCPUFeatures; write a DataImportCron's time zone as `TZ=<zone> <schedule>`.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
