"""migration-admission: KubeVirt's webhooks reject a MigrationPolicy or a
VirtualMachineInstanceMigration.

A MigrationPolicy's webhook refuses negative or out-of-range tuning values (bandwidth, completion
timeout, downtime, the experimental stall detection). A VirtualMachineInstanceMigration is first
labelled with its VMI by the migration mutator, then its webhook looks the VMI up in the bundle: a
missing `vmiName`, a VMI that does not exist or has finished, one that is not live-migratable, a
second migration of the same VMI while one is in flight, and the migration options behind their
feature gates are refused. Each finding is KubeVirt's own message.

Passing example::

    apiVersion: migrations.kubevirt.io/v1alpha1
    kind: MigrationPolicy
    metadata: {name: limited}
    spec:
      bandwidthPerMigration: 64Mi
      selectors:
        namespaceSelector: {team: a}

Failing example::

    apiVersion: migrations.kubevirt.io/v1alpha1
    kind: MigrationPolicy
    metadata: {name: limited}
    spec:
      bandwidthPerMigration: -5Mi
      selectors:
        namespaceSelector: {team: a}
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model import check_ids
from krmfn.model.findings import Finding
from krmfn.modes.validate.checks._claims import claimed_findings
from krmfn.modes.validate.context import Context

ID = check_ids.MIGRATION_ADMISSION
SEVERITY = "error"
SUMMARY = ("KubeVirt's MigrationPolicy webhook (tuning values) and the VirtualMachineInstanceMigration mutator and "
           "webhook (the VMI it migrates, looked up in the bundle; options behind feature gates)")
MIRRORS = ("MigrationPolicyAdmitter.Admit (migrationpolicy-admitter.go); the migration create mutator "
           "(migration-create-mutator.go) and MigrationCreateAdmitter.Admit (migration-create-admitter.go)")
FIX = ("Change the object as KubeVirt's message says; for a migration, name a VMI of the bundle that can be "
       "live-migrated.")


def run(ctx: Context) -> Iterable[Finding]:
    return claimed_findings(ctx, ID, SEVERITY)
