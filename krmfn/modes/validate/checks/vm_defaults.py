"""vm-defaults: KubeVirt cannot apply its defaults to the VM
([expand](../kubevirt/expand.md#spec-defaults)), for example the default bridge interface on the
pod network when the cluster does not permit it.

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      preference: {name: linux}
      template: {spec: {domain: {devices: {interfaces: [{name: default, masquerade: {}}]}},
                        networks: [{name: default, pod: {}}]}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: linux}
    spec: {}

Failing example (with the option networkInterface=slirp)::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      preference: {name: linux}
      template: {spec: {domain: {devices: {}}}}
    ---
    apiVersion: instancetype.kubevirt.io/v1beta1
    kind: VirtualMachineClusterPreference
    metadata: {name: linux}
    spec: {}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.VM_DEFAULTS
SEVERITY = "error"
SUMMARY = "KubeVirt cannot apply its defaults (default network binding not permitted, slirp)"
MIRRORS = "SetDefaultVirtualMachineInstanceSpec in the VM validating webhook"
FIX = ("Name the VM's network interface binding explicitly (for example masquerade on the pod network), or "
       "set the cluster facts (networkInterface, permitBridgeInterfaceOnPodNetwork) to the cluster's.")
EXAMPLE_OPTIONS = {"networkInterface": "slirp"}


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
