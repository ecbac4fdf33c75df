"""The ``backup.kubevirt.io`` CRD schemas krmfn admits: VirtualMachineBackup and
VirtualMachineBackupTracker.

Written from ``staging/src/kubevirt.io/api/backup/v1alpha1/types.go`` (``VirtualMachineBackupSpec``,
``VirtualMachineBackupTrackerSpec``) and
``pkg/virt-operator/resource/generate/components/validations_generated.go`` (the CRDs' OpenAPI
validation: ``virtualmachinebackup``, ``virtualmachinebackuptracker``). Every spec field is
modelled, so strict field validation rejects unknown ones; ``status`` is opaque (the status
subresource drops it on CREATE).

The CRDs also carry CEL rules (``x-kubernetes-validations``), which the API server evaluates after
the OpenAPI schema, at the same stage; ``BACKUP_SOURCE_RULES``, ``BACKUP_SPEC_RULES`` and
``TRACKER_SOURCE_RULES`` hold them as (message, predicate) pairs on plain dicts. The spec's
``self == oldSelf`` (immutability) is a transition rule: never evaluated on CREATE.

Served versions (``NewVirtualMachineBackupCrd``, ``NewVirtualMachineBackupTrackerCrd`` of
``pkg/virt-operator/resource/generate/components/crds.go``): ``v1alpha1`` at d923fdb8 and v1.8.4;
v1.7.4 has no ``backup.kubevirt.io`` group (``KubevirtVersion.serves_backup_group``). The spec
schemas and rules are the same in v1.8.4 and d923fdb8 (only the status changed).
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.kubevirt.apiserver.schema import BOOL, OBJECT_META, STR, Obj, Scalar
from krmfn.kubevirt.apiserver.snapshot_schema import TYPED_LOCAL_OBJECT_REFERENCE
from krmfn.kubevirt.apiserver.vm_schema import opaque
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion

BACKUP_VERSIONS = frozenset({"v1alpha1"})
NO_VERSIONS: frozenset[str] = frozenset()
BACKUP_MODES = ("Push", "Pull")

BACKUP_SPEC = Obj("VirtualMachineBackupSpec", {
    "source": TYPED_LOCAL_OBJECT_REFERENCE,
    "mode": Scalar("string", enum=BACKUP_MODES),
    "pvcName": STR,
    "skipQuiesce": BOOL,
    "forceFullBackup": BOOL,
    "tokenSecretRef": STR,
    "ttlDuration": STR,  # a metav1.Duration: a string to the API server
}, required=("source",))

VIRTUAL_MACHINE_BACKUP = Obj("VirtualMachineBackup", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": BACKUP_SPEC,
    "status": opaque("VirtualMachineBackupStatus"),
}, required=("spec",))

TRACKER_SPEC = Obj("VirtualMachineBackupTrackerSpec", {
    "source": TYPED_LOCAL_OBJECT_REFERENCE,
}, required=("source",))

VIRTUAL_MACHINE_BACKUP_TRACKER = Obj("VirtualMachineBackupTracker", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": TRACKER_SPEC,
    "status": opaque("VirtualMachineBackupTrackerStatus"),
}, required=("spec",))

Rule = tuple[str, Callable[[dict], bool]]


def _has(obj: dict, key: str) -> bool:
    """CEL's ``has(self.<key>)``: the field is present (nulls are pruned before CEL runs)."""
    return obj.get(key) is not None


def _backup_kind_matches_group(source: dict) -> bool:
    group, kind = source.get("apiGroup"), source.get("kind")
    return ((group == kinds.KUBEVIRT_GROUP and kind == kinds.VIRTUAL_MACHINE)
            or (group == kinds.BACKUP_GROUP and kind == kinds.VIRTUAL_MACHINE_BACKUP_TRACKER))


# spec.source of a VirtualMachineBackup, in the CRD's order.
BACKUP_SOURCE_RULES: tuple[Rule, ...] = (
    ("apiGroup is required", lambda source: _has(source, "apiGroup")),
    ("apiGroup must be kubevirt.io or backup.kubevirt.io",
     lambda source: not _has(source, "apiGroup") or source["apiGroup"] in (kinds.KUBEVIRT_GROUP, kinds.BACKUP_GROUP)),
    ("kind must be VirtualMachine for kubevirt.io or VirtualMachineBackupTracker for backup.kubevirt.io",
     lambda source: not _has(source, "apiGroup") or _backup_kind_matches_group(source)),
    ("name is required", lambda source: source.get("name") != ""),
)

# spec of a VirtualMachineBackup (after the transition rule ``self == oldSelf``).
BACKUP_SPEC_RULES: tuple[Rule, ...] = (
    ("pvcName is required", lambda spec: _has(spec, "pvcName") and spec["pvcName"] != ""),
    ("tokenSecretRef is required when mode is Pull",
     lambda spec: (not _has(spec, "mode") or spec["mode"] != "Pull"
                   or (_has(spec, "tokenSecretRef") and spec["tokenSecretRef"] != ""))),
)

# spec.source of a VirtualMachineBackupTracker.
TRACKER_SOURCE_RULES: tuple[Rule, ...] = (
    ("apiGroup must be kubevirt.io",
     lambda source: _has(source, "apiGroup") and source["apiGroup"] == kinds.KUBEVIRT_GROUP),
    ("kind must be VirtualMachine", lambda source: source.get("kind") == kinds.VIRTUAL_MACHINE),
    ("name is required", lambda source: source.get("name") != ""),
)


def backup_versions(version: KubevirtVersion) -> frozenset[str]:
    """The versions ``backup.kubevirt.io`` serves in a KubeVirt release (none before v1.8)."""
    return BACKUP_VERSIONS if version.serves_backup_group else NO_VERSIONS
