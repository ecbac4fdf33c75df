"""The schemas of the two migration kinds: ``migrations.kubevirt.io`` MigrationPolicy and
``kubevirt.io`` VirtualMachineInstanceMigration.

Written from the Go types (``staging/src/kubevirt.io/api/migrations/v1alpha1/types.go``, and
``VirtualMachineInstanceMigration``, ``ExperimentalMigrationOptions``, ``StallDetectorOptions``,
``DowntimeTuningOptions`` of ``staging/src/kubevirt.io/api/core/v1/types.go``) and from
``pkg/virt-operator/resource/generate/components/validations_generated.go`` (the CRDs' OpenAPI
validation: ``migrationpolicy``, ``virtualmachineinstancemigration``), at d923fdb8. Every field of
both specs is modelled, so strict field validation rejects unknown ones; the migration's ``status``
is left open (the CRD's status subresource drops it on a CREATE), the policy's is its empty Go
struct (``MigrationPolicyStatus{}``: any field in it is unknown).

Served versions (``pkg/virt-operator/resource/generate/components/crds.go``):
``NewMigrationPolicyCrd`` serves ``migrations.kubevirt.io/v1alpha1`` only (cluster-scoped);
``NewVirtualMachineInstanceMigrationCrd`` serves ``newCRDVersions()``, ``kubevirt.io/v1`` and the
deprecated ``v1alpha3`` (namespaced). Both CRDs have a status subresource.

Releases: v1.9.0's ``experimental`` has no ``downtimeTuning``
(``KubevirtVersion.has_migration_downtime_tuning``) and its stall detector's factors are strings
and its timeouts ``uint64`` without a minimum
(``KubevirtVersion.stall_detector_factors_are_quantities``); v1.8.4 and v1.7.4's
MigrationPolicySpec lacks ``maxDowntimeMs`` and ``experimental``
(``KubevirtVersion.has_migration_policy_tuning``); the migration's type is the same in all four.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver.schema import (
    BOOL,
    INT64,
    OBJECT_META,
    QUANTITY,
    STR,
    STR_MAP,
    Obj,
    Scalar,
    empty,
    with_props,
    without_fields,
)
from krmfn.kubevirt.apiserver.vm_schema import opaque
from krmfn.model.kubevirt_version import KubevirtVersion

MIGRATION_POLICY_VERSIONS = frozenset({"v1alpha1"})
MIGRATION_VERSIONS = frozenset({"v1", "v1alpha3"})

# core/v1 ExperimentalMigrationOptions (also in the KubeVirt CR's migrations configuration).
STALL_DETECTOR_OPTIONS = Obj("StallDetectorOptions", {
    "stallMargin": Scalar("integer", go="int64", minimum=0, maximum=100),
    "ewmaAlpha": QUANTITY,
    "stallProgressTimeout": Scalar("integer", go="int64", minimum=0),
    "switchoverTimeout": Scalar("integer", go="int64", minimum=0),
    "precopyPossibleFactor": QUANTITY,
    "patienceWindowDecayFactor": QUANTITY,
    "searchLocalMinima": BOOL,
    "completionTimeoutFactor": QUANTITY,
})
DOWNTIME_TUNING_OPTIONS = Obj("DowntimeTuningOptions", {
    "initialMs": Scalar("integer", go="int64", minimum=1),
    "steps": Scalar("integer", go="int32", minimum=1),
    "startAfterIteration": Scalar("integer", go="int64", minimum=1),
    "cooldownSeconds": Scalar("integer", go="int32", minimum=1),
})
EXPERIMENTAL_MIGRATION_OPTIONS = Obj("ExperimentalMigrationOptions", {
    "stallDetector": STALL_DETECTOR_OPTIONS,
    "downtimeTuning": DOWNTIME_TUNING_OPTIONS,
    "compression": Scalar("string", enum=("none", "zstd")),
})

# migrations.kubevirt.io/v1alpha1
MIGRATION_POLICY_SPEC = Obj("MigrationPolicySpec", {
    "selectors": Obj("Selectors", {"namespaceSelector": STR_MAP, "virtualMachineInstanceSelector": STR_MAP}),
    "allowAutoConverge": BOOL,
    "bandwidthPerMigration": QUANTITY,
    "completionTimeoutPerGiB": INT64,
    # uint64 in Go; the CRD bounds it to [1, 2000000], so Go's decoding never fails on it.
    "maxDowntimeMs": Scalar("integer", minimum=1, maximum=2000000),
    "allowPostCopy": BOOL,
    "allowWorkloadDisruption": BOOL,
    "experimental": EXPERIMENTAL_MIGRATION_OPTIONS,
}, required=("selectors",))
MIGRATION_POLICY = Obj("MigrationPolicy", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": MIGRATION_POLICY_SPEC,
    "status": empty("MigrationPolicyStatus"),  # nullable in the CRD: null counts as absent
}, required=("spec",))

# The MigrationPolicySpec fields v1.8.4 and v1.7.4 lack (PR #17544 maxDowntimeMs; PRs #17480 and
# #18240 experimental).
POLICY_TUNING_FIELDS = ("spec.maxDowntimeMs", "spec.experimental")

# v1.9.0's stall detector (before 8bd6eba4e1): the factors are ``*string`` and the timeouts
# ``*uint64`` without a CRD minimum; and no ``downtimeTuning`` (PR #18240).
STALL_DETECTOR_FACTOR_FIELDS = ("ewmaAlpha", "precopyPossibleFactor", "patienceWindowDecayFactor",
                                "completionTimeoutFactor")
STALL_DETECTOR_OPTIONS_V1_9 = with_props(STALL_DETECTOR_OPTIONS, {
    **{name: STR for name in STALL_DETECTOR_FACTOR_FIELDS},
    "stallProgressTimeout": Scalar("integer", go="uint64"),
    "switchoverTimeout": Scalar("integer", go="uint64"),
})
MIGRATION_POLICY_V1_9 = with_props(MIGRATION_POLICY, {
    "spec": with_props(MIGRATION_POLICY_SPEC, {
        "experimental": with_props(EXPERIMENTAL_MIGRATION_OPTIONS, {
            "stallDetector": STALL_DETECTOR_OPTIONS_V1_9, "downtimeTuning": None}),
    }),
})

# kubevirt.io/v1 VirtualMachineInstanceMigration
MIGRATION_SOURCE = Obj("VirtualMachineInstanceMigrationSource", {"migrationID": STR, "connectURL": STR},
                       required=("connectURL", "migrationID"))
MIGRATION_TARGET = Obj("VirtualMachineInstanceMigrationTarget", {"migrationID": STR}, required=("migrationID",))
MIGRATION_SPEC = Obj("VirtualMachineInstanceMigrationSpec", {
    "vmiName": STR,
    "addedNodeSelector": STR_MAP,
    "sendTo": MIGRATION_SOURCE,
    "receive": MIGRATION_TARGET,
    "priority": STR,  # no enum in the CRD nor in the OpenAPI definitions
})
VIRTUAL_MACHINE_INSTANCE_MIGRATION = Obj("VirtualMachineInstanceMigration", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": MIGRATION_SPEC,
    "status": opaque("VirtualMachineInstanceMigrationStatus"),
}, required=("spec",))


@cache
def migration_policy_schema(version: KubevirtVersion) -> Obj:
    """The MigrationPolicy schema of a KubeVirt release (v1.9.0's stall detector and no
    ``downtimeTuning``; without ``POLICY_TUNING_FIELDS`` before v1.9)."""
    if version.has_migration_downtime_tuning:
        return MIGRATION_POLICY
    if version.has_migration_policy_tuning:
        return MIGRATION_POLICY_V1_9
    return without_fields(MIGRATION_POLICY, *POLICY_TUNING_FIELDS)


def migration_schema(version: KubevirtVersion) -> Obj:
    """The VirtualMachineInstanceMigration schema (the same in every supported release)."""
    del version
    return VIRTUAL_MACHINE_INSTANCE_MIGRATION
