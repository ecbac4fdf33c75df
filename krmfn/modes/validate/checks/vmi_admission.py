"""vmi-admission: KubeVirt's VirtualMachineInstance webhooks reject the VMI.

A VMI is created as written, not from a template: KubeVirt's VMI mutating webhook first applies
the namespace's VirtualMachineInstancePresets and KubeVirt's defaults (a preset that conflicts
with the VMI is rejected there), then the VMI validating webhook checks the defaulted VMI: the
feature gates in use, `ValidateVirtualMachineInstanceSpec` (the checks `vm-admission` runs on a
VM's template: disks and volumes, firmware, CPU, memory, networks, devices, scheduling...), the
mandatory fields, the metadata, the Hyper-V features and the architecture's own rules. A
VirtualMachineInstanceReplicaSet's webhook checks its selector against its template's labels and
the template's VMI spec as written; a VirtualMachineInstancePreset's, its domain's disks and
firmware (a preset its webhook rejects is never applied). Each finding is tagged with its KubeVirt
area where it has one.

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachineInstance
    metadata: {name: vmi, namespace: lab}
    spec:
      domain:
        devices:
          disks: [{name: rootdisk, disk: {bus: virtio}}]
        resources: {requests: {memory: 1Gi}}
      volumes:
      - {name: rootdisk, containerDisk: {image: quay.io/containerdisks/fedora:latest}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachineInstance
    metadata: {name: vmi, namespace: lab}
    spec:
      domain:
        devices:
          disks: [{name: rootdisk, disk: {bus: virtio}}]
        resources: {requests: {memory: 1Gi}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model import check_ids
from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context

ID = check_ids.VMI_ADMISSION
SEVERITY = "error"
SUMMARY = ("KubeVirt's VirtualMachineInstance webhooks: presets and defaults, then the VMI checks (the VM template "
           "checks of vm-admission, mandatory fields, metadata, Hyper-V, the architecture's rules, feature gates); "
           "the VirtualMachineInstanceReplicaSet and VirtualMachineInstancePreset webhooks")
MIRRORS = ("VMIsMutator.Mutate (vmi-mutator.go, preset.go, pkg/defaults) and VMICreateAdmitter.Admit "
           "(vmi-create-admitter.go, pkg/virt-api/webhooks hyperv.go, amd64.go, arm64.go, s390x.go); "
           "VMIRSAdmitter.Admit (vmirs-admitter.go), VMIPresetAdmitter.Admit (vmi-preset-admitter.go)")
FIX = ("Change the VMI as KubeVirt's message says; where a cluster setting decides (a feature gate), set that "
       "option to the cluster's configuration if the cluster has it.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
