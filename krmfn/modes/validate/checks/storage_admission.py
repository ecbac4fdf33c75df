"""storage-admission: KubeVirt's webhooks reject a VirtualMachineSnapshot, VirtualMachineRestore,
VirtualMachineExport, VirtualMachineBackup, VirtualMachineBackupTracker or VirtualMachineClone.

Each is checked by its webhook in `pkg/storage/admitters`: a snapshot's source (its API group and
kind) and the Snapshot feature gate; a restore's target and snapshot, looked up in the bundle as
a cluster would find them (a missing snapshot lets the restore in; a missing target needs the
snapshot's content), its patches, volume overrides and policies, and a restore of the same target
already in progress; an export's source (a PVC, a VolumeSnapshot, a VM, a backup or a template,
each with its name and API group rules) and the feature gates of the release; a backup's source and
a backup of the same source already in progress (IncrementalBackup gate); a clone's source and
target kinds, its label and annotation filters, MAC addresses and patches (after the clone mutator
names a missing target). A missing required field (a snapshot without a source name) is the CRD
schema's, reported by `schema`.

Passing example::

    apiVersion: snapshot.kubevirt.io/v1beta1
    kind: VirtualMachineSnapshot
    metadata: {name: before-upgrade, namespace: lab}
    spec:
      source: {apiGroup: kubevirt.io, kind: VirtualMachine, name: db}

Failing example::

    apiVersion: snapshot.kubevirt.io/v1beta1
    kind: VirtualMachineSnapshot
    metadata: {name: before-upgrade, namespace: lab}
    spec:
      source: {apiGroup: kubevirt.io, kind: VirtualMachineInstance, name: db}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model import check_ids
from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context

ID = check_ids.STORAGE_ADMISSION
SEVERITY = "error"
SUMMARY = ("KubeVirt's VirtualMachineSnapshot, VirtualMachineRestore, VirtualMachineExport, "
           "VirtualMachineBackup(Tracker) and VirtualMachineClone webhooks (sources, targets looked up in the "
           "bundle, patches, policies, feature gates)")
MIRRORS = ("VMSnapshotAdmitter.Admit (vmsnapshot.go), VMRestoreAdmitter.Admit (vmrestore.go), "
           "VMExportAdmitter.Admit (vmexport.go) and the backup admitters (backup.go) in pkg/storage/admitters; "
           "the clone create mutator and VMCloneAdmitter.Admit (clone-create-mutator.go, vmclone-admitter.go)")
FIX = ("Change the object as KubeVirt's message says; where a feature gate decides, set the option to the "
       "cluster's configuration if the cluster has it.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
