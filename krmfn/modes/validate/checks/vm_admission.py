"""vm-admission: KubeVirt's general VM checks reject the VM (stage
`validating-webhook/remaining-vm-checks`).

After the instance type part, KubeVirt's VM validating webhook validates the VM with its instance
type and preference applied and its defaults set, as it will run: the feature gates in use, the
discontinued interface bindings, the template metadata, `ValidateVirtualMachineInstanceSpec`
(hostname, memory and hugepages, machine type, ACPI, CPU and NUMA, realtime, affinity, networks
and interfaces, DRA, boot order, input devices, IO threads, probes, disks and firmware, volumes,
container disks, access credentials, DNS, live migration, host devices and GPUs, sound, launch
security, VSOCK, persistent reservation, downward metrics, virtiofs, video, panic devices, reboot
policy, reserved overhead, service account), the dataVolumeTemplates, the run strategy, the live
update limits and the storage admitter. Each finding is tagged with its KubeVirt area
(`tags.area`: `cpu`, `memory`, `network`, `storage`, `devices`, `firmware`, ...); where a cluster
setting decides (a feature gate, the rollout strategy), the message says which option admits the
VM.

Passing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      template: {spec: {domain: {devices: {}}}}

Failing example::

    apiVersion: kubevirt.io/v1
    kind: VirtualMachine
    metadata: {name: vm, namespace: lab}
    spec:
      runStrategy: Halted
      template:
        spec:
          domain:
            devices: {}
            firmware: {bootloader: {efi: {secureBoot: true}}}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context
from krmfn.model import check_ids

ID = check_ids.VM_ADMISSION
SEVERITY = "error"
SUMMARY = ("KubeVirt's general VM checks on the VM with its instance type, preference and defaults applied "
           "(CPU, memory, network, storage, devices, firmware, launch security, scheduling, run strategy, feature "
           "gates...), tagged with their area; a VirtualMachinePool's own webhook (selector, maxUnavailable, "
           "strategies, its template as written)")
MIRRORS = ("VMsAdmitter.Admit after the instance type part (vms-admitter.go): ValidateFeatureGates, the network "
           "admitter, ValidateVirtualMachineSpec with ValidateVirtualMachineInstanceSpec (vmi-create-admitter.go), "
           "validateLiveUpdateFeatures, storageadmitters.Admit; VMPoolAdmitter.Admit (vmpool-admitter.go)")
FIX = ("Change the VM as KubeVirt's message says; where a cluster setting decides (a feature gate, the "
       "rollout strategy), set that option to the cluster's configuration if the cluster has it.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
