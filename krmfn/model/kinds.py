"""The kinds krmfn reads, their API groups and the spellings KubeVirt accepts for them: one home.

Names say what they hold: ``INSTANCETYPE_KINDS`` is the two instance type kinds (cluster-wide
first, the order generate and the catalog search in), ``PREFERENCE_KINDS`` the two preference
kinds, ``DEFINITION_KINDS`` all four. The matcher spellings mirror the
``switch strings.ToLower(matcher.Kind)`` of ``pkg/instancetype/find/spec.go`` and
``pkg/instancetype/preference/find/spec.go``: the lowercased kind is compared with the singular and
plural resource names; "" (omitted) is the cluster-wide kind; no trimming, no short names.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing stays unloaded for `krmfn --help` (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

VIRTUAL_MACHINE = "VirtualMachine"
VIRTUAL_MACHINE_INSTANCE = "VirtualMachineInstance"
VIRTUAL_MACHINE_INSTANCE_PRESET = "VirtualMachineInstancePreset"
VIRTUAL_MACHINE_INSTANCE_REPLICA_SET = "VirtualMachineInstanceReplicaSet"
VIRTUAL_MACHINE_INSTANCE_MIGRATION = "VirtualMachineInstanceMigration"
MIGRATION_POLICY = "MigrationPolicy"
VIRTUAL_MACHINE_SNAPSHOT = "VirtualMachineSnapshot"
VIRTUAL_MACHINE_RESTORE = "VirtualMachineRestore"
VIRTUAL_MACHINE_EXPORT = "VirtualMachineExport"
VIRTUAL_MACHINE_INSTANCETYPE = "VirtualMachineInstancetype"
VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE = "VirtualMachineClusterInstancetype"
VIRTUAL_MACHINE_PREFERENCE = "VirtualMachinePreference"
VIRTUAL_MACHINE_CLUSTER_PREFERENCE = "VirtualMachineClusterPreference"
CONTROLLER_REVISION = "ControllerRevision"
PERSISTENT_VOLUME_CLAIM = "PersistentVolumeClaim"
DATA_VOLUME = "DataVolume"
DATA_SOURCE = "DataSource"
DATA_IMPORT_CRON = "DataImportCron"
VOLUME_SNAPSHOT = "VolumeSnapshot"
KUBEVIRT = "KubeVirt"

VIRTUAL_MACHINE_POOL = "VirtualMachinePool"
KUBEVIRT_GROUP = "kubevirt.io"
POOL_GROUP = "pool.kubevirt.io"
MIGRATIONS_GROUP = "migrations.kubevirt.io"
SNAPSHOT_GROUP = "snapshot.kubevirt.io"
EXPORT_GROUP = "export.kubevirt.io"
INSTANCETYPE_GROUP = "instancetype.kubevirt.io"
VIRTUAL_MACHINE_CLONE = "VirtualMachineClone"
CLONE_GROUP = "clone.kubevirt.io"
VIRTUAL_MACHINE_BACKUP = "VirtualMachineBackup"
VIRTUAL_MACHINE_BACKUP_TRACKER = "VirtualMachineBackupTracker"
BACKUP_GROUP = "backup.kubevirt.io"
# virt-template (kubevirt/virt-template), which virt-operator deploys with the Template gate (krmfn.virt_template).
VIRTUAL_MACHINE_TEMPLATE = "VirtualMachineTemplate"
VIRTUAL_MACHINE_TEMPLATE_REQUEST = "VirtualMachineTemplateRequest"
TEMPLATE_GROUP = "template.kubevirt.io"
# CDI (containerized-data-importer), the storage every KubeVirt cluster runs (krmfn.cdi).
CDI_GROUP = "cdi.kubevirt.io"
# The OpenShift Virtualization / HCO custom resource that manages the KubeVirt CR (krmfn.hco).
HYPERCONVERGED = "HyperConverged"
HCO_GROUP = "hco.kubevirt.io"

INSTANCETYPE_KINDS: tuple[str, str] = (VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE, VIRTUAL_MACHINE_INSTANCETYPE)
PREFERENCE_KINDS: tuple[str, str] = (VIRTUAL_MACHINE_CLUSTER_PREFERENCE, VIRTUAL_MACHINE_PREFERENCE)
DEFINITION_KINDS: frozenset[str] = frozenset(INSTANCETYPE_KINDS + PREFERENCE_KINDS)
CLUSTER_DEFINITION_KINDS: frozenset[str] = frozenset({VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
                                                      VIRTUAL_MACHINE_CLUSTER_PREFERENCE})


def _spellings(kind: str) -> dict[str, str]:
    """The singular and plural resource names of a kind, lowercased, as matchers may spell it."""
    return {kind.lower(): kind, kind.lower() + "s": kind}


# matcher kind spelling -> Kind; "" is the cluster-wide kind (an omitted matcher kind).
INSTANCETYPE_KIND_SPELLINGS: dict[str, str] = {
    **_spellings(VIRTUAL_MACHINE_INSTANCETYPE), **_spellings(VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE),
    "": VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
}
PREFERENCE_KIND_SPELLINGS: dict[str, str] = {
    **_spellings(VIRTUAL_MACHINE_PREFERENCE), **_spellings(VIRTUAL_MACHINE_CLUSTER_PREFERENCE),
    "": VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
}
# Any definition kind by a spelling (generate's `from: kind/name`); "" is not a spelling there.
DEFINITION_KIND_SPELLINGS: dict[str, str] = {
    spelling: kind for spelling, kind in {**INSTANCETYPE_KIND_SPELLINGS, **PREFERENCE_KIND_SPELLINGS}.items()
    if spelling
}


def split_api_version(api_version: object) -> tuple[str, str]:
    """``group/version`` → (group, version); a core ``v1`` → ("", "v1"); non-strings → ("", "")."""
    if not isinstance(api_version, str):
        return "", ""
    group, _, version = api_version.rpartition("/")
    return group, version


def kind_of(value: Any) -> str:
    """An item's ``kind`` when it is a string, else ""."""
    kind = value.get("kind") if isinstance(value, dict) else None
    return kind if isinstance(kind, str) else ""


def is_virtual_machine(value: Any) -> bool:
    """A ``kubevirt.io`` VirtualMachine (any version: an unserved one is an admission error)."""
    return kind_of(value) == VIRTUAL_MACHINE and split_api_version(value.get("apiVersion"))[0] == KUBEVIRT_GROUP


def is_kind(value: Any, kind: str, group: str) -> bool:
    """An object of ``kind`` in API group ``group``, whatever its version (an unserved one is an
    admission error)."""
    return kind_of(value) == kind and split_api_version(value.get("apiVersion"))[0] == group


def is_virtual_machine_instance(value: Any) -> bool:
    """A ``kubevirt.io`` VirtualMachineInstance (any version: an unserved one is an admission error)."""
    return (kind_of(value) == VIRTUAL_MACHINE_INSTANCE
            and split_api_version(value.get("apiVersion"))[0] == KUBEVIRT_GROUP)


def is_virtual_machine_instance_preset(value: Any) -> bool:
    return (kind_of(value) == VIRTUAL_MACHINE_INSTANCE_PRESET
            and split_api_version(value.get("apiVersion"))[0] == KUBEVIRT_GROUP)


def is_virtual_machine_pool(value: Any) -> bool:
    return kind_of(value) == VIRTUAL_MACHINE_POOL and split_api_version(value.get("apiVersion"))[0] == POOL_GROUP


def is_definition(value: Any) -> bool:
    """One of the four instance type and preference kinds, whatever its apiVersion."""
    return kind_of(value) in DEFINITION_KINDS


def is_virt_template_kind(value: Any) -> bool:
    """A ``template.kubevirt.io`` VirtualMachineTemplate or VirtualMachineTemplateRequest, whatever its
    version (an unserved one is an admission error)."""
    return (kind_of(value) in (VIRTUAL_MACHINE_TEMPLATE, VIRTUAL_MACHINE_TEMPLATE_REQUEST)
            and split_api_version(value.get("apiVersion"))[0] == TEMPLATE_GROUP)
