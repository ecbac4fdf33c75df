"""The VirtualMachineRestore validating webhook on CREATE
(``virtualmachinerestore-validator.snapshot.kubevirt.io``).

Mirrors ``pkg/storage/admitters/vmrestore.go``: ``VMRestoreAdmitter.Admit`` (CREATE) as
``validate_vm_restore_create``, with ``validateTargetVM``, ``validatePatches``,
``validateVolumeOverrides``, ``validateVolumeRestorePolicy``, ``validateVolumeOwnershipPolicy``,
and ``IsBackendStorageNeeded`` of ``pkg/storage/backend-storage/backend-storage.go`` for a
snapshotted VM (``tpm.HasPersistentDevice``, ``HasPersistentEFI``). In ``Admit``'s order:

1. the Snapshot feature gate: "Snapshot/Restore feature gate not enabled" (a bare message);
2. the target: ``spec.target.apiGroup`` missing ("missing apiGroup", FieldValueNotFound), other
   than ``kubevirt.io`` ("invalid apiGroup"), a kind other than ``VirtualMachine`` ("invalid
   kind"); for a VM target, ``validateTargetVM`` then the volume overrides and the two policies;
3. every restore of the namespace with the same target (``apiGroup``, ``kind``, ``name``) and not
   complete: ``VirtualMachineRestore "<name>" in progress`` on ``spec.target``.

``validateTargetVM`` GETs the snapshot, then the target VM, then (when they differ) the snapshot's
content (``RestoreCluster``). What it answers when they are absent:

* no snapshot of that name: no cause at all, not even the patch causes it computed first;
* no target VM: the VMs "differ", so the snapshot's ``status.virtualMachineSnapshotContentName``
  is read: unset, "snapshot content name is nil in vmSnapshot status" (a bare message); a content
  that does not exist, the client's NotFound text (``virtualmachinesnapshotcontents.snapshot.kubevirt.io
  "<name>" not found``); a content without ``spec.source.virtualMachine``, "unexpected snapshot
  source";
* an empty or unusable snapshot or target name: the client's refusal to GET it ("resource name may
  not be empty", ``krmfn.kubevirt.bundle.request_name_error``), a bare message.

UPDATE (the spec is immutable) is not ported.
"""
from __future__ import annotations

from collections.abc import Callable

from krmfn.kubevirt.apimachinery.gostrconv import trim_space
from krmfn.kubevirt.bundle import request_name_error
from krmfn.kubevirt.storage.admitters.vmsnapshot import SNAPSHOT_GATE, reference_of, spec_of
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_FOUND,
    CAUSE_FIELD_VALUE_REQUIRED,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
    allow,
    go_quote,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.record import record

RESTORE_GATE_MESSAGE = "Snapshot/Restore feature gate not enabled"
TARGET_FIELD = "spec.target"
PATCHES_FIELD = "spec.patches"
CONTENT_NAME_NIL_MESSAGE = "snapshot content name is nil in vmSnapshot status"
UNEXPECTED_SOURCE_MESSAGE = "unexpected snapshot source"
BACKEND_STORAGE_MESSAGE = (
    "Restore to a different VM is not supported when snapshotted VM has backend storage (persistent TPM or EFI)"
)
SNAPSHOT_CONTENTS_RESOURCE = "virtualmachinesnapshotcontents.snapshot.kubevirt.io"
VOLUME_RESTORE_POLICIES = ("InPlace", "RandomizeNames")
PREFIX_TARGET_NAME = "PrefixTargetName"
VOLUME_OWNERSHIP_POLICIES = ("Vm", "None")

Lookup = Callable[[str, str], dict | None]


@record(frozen=True)
class RestoreCluster:
    """What the webhook reads from the cluster: GETs by (namespace, name) of a snapshot, a VM and
    a snapshot content (None: NotFound), and the restores its informer holds in a namespace."""

    snapshot: Lookup
    virtual_machine: Lookup
    snapshot_content: Lookup
    restores: Callable[[str], list[dict]]


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def validate_patches(patches: object, field: str) -> list[Cause]:
    """``validatePatches``: each patch's ``"key": value`` pairs (split on ``,`` then ``:``); a
    pair without exactly one ``:`` is malformed; a ``"path"`` must be under ``/spec/``, or a
    label or annotation."""
    causes: list[Cause] = []
    for patch in patches if isinstance(patches, list) else []:
        for pair in _str(patch).strip("{}").split(","):
            key_value = pair.split(":")
            if len(key_value) != 2:
                message = f'patch format is not valid - one ":" expected in a single key-value json patch: {pair}'
                causes.append(Cause(field, message, CAUSE_FIELD_VALUE_INVALID))
                continue
            key, value = trim_space(key_value[0]), trim_space(key_value[1])
            if key != '"path"':
                continue
            if value.startswith(('"/metadata/labels/', '"/metadata/annotations/')):
                continue
            if not value.startswith('"/spec/'):
                message = f"patching is valid only for elements under /spec/ only: {pair}"
                causes.append(Cause(field, message, CAUSE_FIELD_VALUE_INVALID))
    return causes


def has_persistent_tpm(vmi_spec: dict) -> bool:
    """``tpm.HasPersistentDevice``: a TPM, not disabled, with ``persistent: true``."""
    tpm = _dict(vmi_spec.get("domain")).get("devices")
    tpm = _dict(tpm).get("tpm")
    return isinstance(tpm, dict) and tpm.get("enabled") in (None, True) and tpm.get("persistent") is True


def has_persistent_efi(vmi_spec: dict) -> bool:
    """``HasPersistentEFI``: ``firmware.bootloader.efi.persistent: true``."""
    firmware = _dict(_dict(vmi_spec.get("domain")).get("firmware"))
    efi = _dict(_dict(firmware.get("bootloader")).get("efi"))
    return efi.get("persistent") is True


def is_backend_storage_needed(snapshot_vm: dict) -> bool:
    """``IsBackendStorageNeeded`` of a snapshot's VM (``snapshotv1.VirtualMachine``: changed block
    tracking alone does not count)."""
    template = _dict(snapshot_vm.get("spec")).get("template")
    if not isinstance(template, dict):
        return False
    vmi_spec = _dict(template.get("spec"))
    return has_persistent_tpm(vmi_spec) or has_persistent_efi(vmi_spec)


def validate_target_vm(restore: dict, namespace: str, cluster: RestoreCluster) -> tuple[list[Cause], str | None]:
    """``validateTargetVM``: (causes, None), or ([], the error the webhook answers with)."""
    spec = spec_of(restore)
    causes = validate_patches(spec.get("patches"), PATCHES_FIELD)
    snapshot_name = _str(spec.get("virtualMachineSnapshotName"))
    error = request_name_error(snapshot_name)
    if error is not None:
        return [], error
    snapshot = cluster.snapshot(namespace, snapshot_name)
    if snapshot is None:
        return [], None
    target_name = _str(reference_of(spec, "target").get("name"))
    error = request_name_error(target_name)
    if error is not None:
        return [], error
    target = cluster.virtual_machine(namespace, target_name)
    status = _dict(snapshot.get("status"))
    source_uid = status.get("sourceUID")
    if target is not None and (source_uid is None or _str(_dict(target.get("metadata")).get("uid")) == source_uid):
        return causes, None
    content_name = status.get("virtualMachineSnapshotContentName")
    if content_name is None:
        return [], CONTENT_NAME_NIL_MESSAGE
    error = request_name_error(_str(content_name))
    if error is not None:
        return [], error
    content = cluster.snapshot_content(namespace, _str(content_name))
    if content is None:
        return [], f'{SNAPSHOT_CONTENTS_RESOURCE} "{content_name}" not found'
    snapshot_vm = _dict(_dict(spec_of(content).get("source"))).get("virtualMachine")
    if not isinstance(snapshot_vm, dict):
        return [], UNEXPECTED_SOURCE_MESSAGE
    if is_backend_storage_needed(snapshot_vm):
        causes.append(Cause("spec", BACKEND_STORAGE_MESSAGE, CAUSE_FIELD_VALUE_INVALID))
    return causes, None


def validate_volume_overrides(spec: dict) -> list[Cause]:
    """``validateVolumeOverrides``: each override names a volume and overrides something."""
    overrides = spec.get("volumeRestoreOverrides")
    causes: list[Cause] = []
    for index, item in enumerate(overrides if isinstance(overrides, list) else []):
        override = _dict(item)
        path = f"spec.volumeRestoreOverrides[{index}]"
        if not _str(override.get("volumeName")):
            causes.append(Cause(f"{path}.volumeName", "must provide a volume name", CAUSE_FIELD_VALUE_REQUIRED))
        if not _str(override.get("restoreName")) and override.get("annotations") is None \
                and override.get("labels") is None:
            causes.append(Cause(path, "must provide at least one overriden field", CAUSE_FIELD_VALUE_REQUIRED))
    return causes


def validate_volume_restore_policy(spec: dict, version: KubevirtVersion) -> list[Cause]:
    """``validateVolumeRestorePolicy`` (``PrefixTargetName`` since v1.8,
    ``KubevirtVersion.accepts_prefix_target_name_restore_policy``)."""
    policy = spec.get("volumeRestorePolicy")
    if policy is None or policy in VOLUME_RESTORE_POLICIES:
        return []
    if policy == PREFIX_TARGET_NAME and version.accepts_prefix_target_name_restore_policy:
        return []
    return [Cause("spec.volumeRestorePolicy", f'volume restore policy "{policy}" doesn\'t exist',
                  CAUSE_FIELD_VALUE_INVALID)]


def validate_volume_ownership_policy(spec: dict) -> list[Cause]:
    """``validateVolumeOwnershipPolicy``."""
    policy = spec.get("volumeOwnershipPolicy")
    if policy is None or policy in VOLUME_OWNERSHIP_POLICIES:
        return []
    return [Cause("spec.volumeOwnershipPolicy", f'volume ownership policy "{policy}" doesn\'t exist',
                  CAUSE_FIELD_VALUE_INVALID)]


def target_key(restore: dict) -> tuple[str | None, str, str]:
    """The target as ``equality.Semantic.DeepEqual`` compares it (a nil apiGroup differs from "")."""
    target = reference_of(spec_of(restore), "target")
    api_group = target.get("apiGroup")
    return (api_group if isinstance(api_group, str) else None, _str(target.get("kind")), _str(target.get("name")))


def is_complete(restore: dict) -> bool:
    return _dict(restore.get("status")).get("complete") is True


def in_progress_causes(restore: dict, others: list[dict]) -> list[Cause]:
    """The namespace's restores of the same target that are not complete."""
    target = target_key(restore)
    return [Cause(TARGET_FIELD, f"VirtualMachineRestore {go_quote(_str(_dict(other.get('metadata')).get('name')))} "
                  "in progress", CAUSE_FIELD_VALUE_INVALID)
            for other in others if target_key(other) == target and not is_complete(other)]


def _target_causes(restore: dict, namespace: str, cluster: RestoreCluster,
                   version: KubevirtVersion) -> tuple[list[Cause], str | None]:
    """The target switch of ``Admit``: (causes, None) or ([], an error)."""
    spec = spec_of(restore)
    target = reference_of(spec, "target")
    api_group = target.get("apiGroup")
    if api_group is None:
        return [Cause(f"{TARGET_FIELD}.apiGroup", "missing apiGroup", CAUSE_FIELD_VALUE_NOT_FOUND)], None
    if api_group != kinds.KUBEVIRT_GROUP:
        return [Cause(f"{TARGET_FIELD}.apiGroup", "invalid apiGroup", CAUSE_FIELD_VALUE_INVALID)], None
    if target.get("kind") != kinds.VIRTUAL_MACHINE:
        return [Cause(f"{TARGET_FIELD}.kind", "invalid kind", CAUSE_FIELD_VALUE_INVALID)], None
    causes, error = validate_target_vm(restore, namespace, cluster)
    if error is not None:
        return [], error
    causes = causes + validate_volume_overrides(spec) + validate_volume_restore_policy(spec, version)
    return causes + validate_volume_ownership_policy(spec), None


def validate_vm_restore_create(restore: dict, cluster: RestoreCluster, config: ClusterConfig) -> Admission:
    """``VMRestoreAdmitter.Admit`` for a CREATE of ``restore`` (as the API server passes it, in
    its namespace)."""
    if not config.feature_gate_enabled(SNAPSHOT_GATE):
        return reject_message(STAGE_VALIDATING_WEBHOOK, RESTORE_GATE_MESSAGE)
    namespace = _str(_dict(restore.get("metadata")).get("namespace"))
    causes, error = _target_causes(restore, namespace, cluster, config.kubevirt_version)
    if error is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, error)
    causes = causes + in_progress_causes(restore, cluster.restores(namespace))
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes) if causes else allow()
