"""The ``snapshot.kubevirt.io`` CRD schemas krmfn admits: VirtualMachineSnapshot and
VirtualMachineRestore.

Written from ``staging/src/kubevirt.io/api/snapshot/v1beta1/types.go`` (``VirtualMachineSnapshotSpec``,
``VirtualMachineRestoreSpec``, ``VolumeRestoreOverride``) and
``pkg/virt-operator/resource/generate/components/validations_generated.go`` (the CRDs' OpenAPI
validation: ``virtualmachinesnapshot``, ``virtualmachinerestore``), one schema for every served
version (``patchValidationForAllVersions``). Every spec field is modelled, so strict field
validation rejects unknown ones; ``status`` is opaque (the status subresource drops it on CREATE).

Served versions (``NewVirtualMachineSnapshotCrd``, ``NewVirtualMachineRestoreCrd`` of
``pkg/virt-operator/resource/generate/components/crds.go``): ``v1alpha1`` and ``v1beta1``, neither
deprecated, at d923fdb8, v1.8.4 and v1.7.4 alike (the move to ``v1beta1`` predates v1.7).

Release difference: ``spec.targetReadinessPolicy`` of a restore is an enum since v1.9
(``KubevirtVersion.restore_target_readiness_policy_enum``), a plain string before.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver.schema import OBJECT_META, STR, STR_MAP, ListOf, Obj, Scalar
from krmfn.kubevirt.apiserver.vm_schema import opaque
from krmfn.model.kubevirt_version import KubevirtVersion

SNAPSHOT_VERSIONS = frozenset({"v1alpha1", "v1beta1"})

# core/v1 TypedLocalObjectReference (kind and name required, apiGroup a pointer).
TYPED_LOCAL_OBJECT_REFERENCE = Obj("TypedLocalObjectReference", {
    "apiGroup": STR, "kind": STR, "name": STR,
}, required=("kind", "name"))

SNAPSHOT_SPEC = Obj("VirtualMachineSnapshotSpec", {
    "source": TYPED_LOCAL_OBJECT_REFERENCE,
    "deletionPolicy": STR,
    "failureDeadline": STR,  # a metav1.Duration: a string to the API server
}, required=("source",))

VIRTUAL_MACHINE_SNAPSHOT = Obj("VirtualMachineSnapshot", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": SNAPSHOT_SPEC,
    "status": opaque("VirtualMachineSnapshotStatus"),
}, required=("spec",))

TARGET_READINESS_POLICIES = ("StopTarget", "WaitGracePeriod", "FailImmediate", "WaitEventually")

VOLUME_RESTORE_OVERRIDE = Obj("VolumeRestoreOverride", {
    "volumeName": STR, "restoreName": STR, "labels": STR_MAP, "annotations": STR_MAP,
})


def _restore(target_readiness_policy: Scalar) -> Obj:
    spec = Obj("VirtualMachineRestoreSpec", {
        "target": TYPED_LOCAL_OBJECT_REFERENCE,
        "virtualMachineSnapshotName": STR,
        "targetReadinessPolicy": target_readiness_policy,
        "volumeRestorePolicy": STR,
        "volumeOwnershipPolicy": STR,
        "volumeRestoreOverrides": ListOf(VOLUME_RESTORE_OVERRIDE),
        "patches": ListOf(STR),
    }, required=("target", "virtualMachineSnapshotName"))
    return Obj("VirtualMachineRestore", {
        "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": spec,
        "status": opaque("VirtualMachineRestoreStatus"),
    }, required=("spec",))


VIRTUAL_MACHINE_RESTORE = _restore(Scalar("string", enum=TARGET_READINESS_POLICIES))
VIRTUAL_MACHINE_RESTORE_V1_8 = _restore(STR)


@cache
def restore_schema(version: KubevirtVersion) -> Obj:
    """The VirtualMachineRestore schema of a KubeVirt release."""
    return VIRTUAL_MACHINE_RESTORE if version.restore_target_readiness_policy_enum else VIRTUAL_MACHINE_RESTORE_V1_8
