"""catalog: a VM uses a cluster instance type or preference of the embedded common-instancetypes
catalog, because the bundle has none of that name (information, not a problem).

virt-operator deploys the common-instancetypes cluster objects by default, so a VM that names
`u1.medium` finds it in a cluster; krmfn resolves it against the catalog version of the `catalog`
option (`none` turns this off, and such a VM then fails the reference check).

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
      instancetype: {name: u1.medium}
      template: {spec: {domain: {devices: {}}}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.CATALOG
SEVERITY = "info"
SUMMARY = "a VM resolved an instance type or preference from the embedded common-instancetypes catalog"
MIRRORS = "virt-operator's default deployment of common-instancetypes (cluster kinds)"
FIX = ("Nothing to fix: the cluster's common-instancetypes provide the object. To check against the bundle "
       "only, set `catalog: none`; to pin the objects, add them to the bundle (`krmfn catalog --format yaml`).")


def run(ctx: Context) -> Iterable[Finding]:
    for note in ctx.expand_notes:
        if note.check == ID:
            yield note
