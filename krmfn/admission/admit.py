"""Admission of a whole bundle, as if every object were created in a cluster.

No single KubeVirt counterpart: this applies a bundle the way the API server and the webhooks of
KubeVirt, CDI, HCO and virt-template would see it created, object by object. ``CHAINS`` is the table
of kinds: each entry names the kinds it admits, the chain that judges them (the API server stages in
``krmfn.kubevirt.apiserver.create``, then the kind's mutating and validating webhooks), and
whether the objects it admits are stored before the other kinds are admitted (instance types
and preferences: a VM admitted later finds only the ones admission let through; rejected
objects were never stored, docs/kubevirt/resolution.md#missing-references). The chains that
need more than one object at a time (the definitions stored first, VMs, VMIs, migrations, the
KubeVirt CR, pools) are KubeVirt's (``krmfn.kubevirt.virt_api.admit``); every other kind's
admits each object on its own against the bundle. A new kind plugs in with one ``KindChain`` row.

Only the VirtualMachine and definition chains are imported with this module. Every other kind's
chain module (KubeVirt's, CDI's, HCO's, virt-template's) is imported when its ``KindChain`` first
admits an object (``one_by_one`` and the loaders below, in the parent before any fork), so a bundle loads only
the chains of the kinds it holds.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import partial

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.bundle import Bundle, ObjectKey
from krmfn.kubevirt.util.webhooks import Admission, looking_past
from krmfn.kubevirt.virt_api.admit import (
    AdmitOne,
    AdmitRequest,
    admit_definition_chain,
    admit_kubevirt_chain,
    admit_migration_chain,
    admit_pool_chain,
    admit_vm_chain,
    admit_vmi_chain,
    keys_not_stored,
    one_by_one,
    vmi_preset,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.gcpause import gc_paused
from krmfn.model.record import FrozenRecord, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


@record
class BundleAdmission:
    """One verdict per item (None for items admission does not judge), and the keys of the
    instance types and preferences it rejects (``krmfn.kubevirt.virt_api.admit.rejected_keys``)."""

    verdicts: list[Admission | None]
    rejected: set[ObjectKey]


def admit_bundle(items: list[Any], namespace: str = bundles.DEFAULT_NAMESPACE,
                 cluster_config: ClusterConfig | None = None,
                 catalog_version: str | None = None,
                 legacy: str = bundles.LEGACY_REJECT) -> list[Admission | None]:
    """One verdict per item of a kind ``CHAINS`` admits; None for every other item. ``namespace``
    is the request namespace of objects without one; ``legacy`` the legacy policy (``convert``
    serves v1alpha1/v1alpha2 with a warning)."""
    return admit_items(items, namespace, cluster_config, catalog_version, legacy).verdicts


def admit_items(items: list[Any], namespace: str = bundles.DEFAULT_NAMESPACE,
                cluster_config: ClusterConfig | None = None, catalog_version: str | None = None,
                legacy: str = bundles.LEGACY_REJECT) -> BundleAdmission:
    """``admit_bundle`` and ``rejected_keys`` from one admission of the definitions."""
    with gc_paused():  # only acyclic dicts and lists are created
        return _admit_items(items, namespace, cluster_config or ClusterConfig(), catalog_version, legacy)


class KindChain(FrozenRecord):
    """The CREATE chain of the kinds ``matches`` accepts: ``admit`` gives one verdict per index.
    A ``stored_first`` chain runs before every other one, and only the objects it admits exist
    for them (as the oracle applies a bundle: rejected objects are never stored)."""

    __slots__ = ("kinds", "matches", "admit", "stored_first")
    kinds: str
    matches: Callable[[Any], bool]
    admit: Callable[[AdmitRequest, Sequence[int]], list[Admission]]
    stored_first: bool

    def __init__(self, kinds: str, matches: Callable[[Any], bool],
                 admit: Callable[[AdmitRequest, Sequence[int]], list[Admission]], stored_first: bool = False) -> None:
        self._set(kinds=kinds, matches=matches, admit=admit, stored_first=stored_first)


def _is(kind: str, group: str) -> Callable[[Any], bool]:
    return partial(kinds.is_kind, kind=kind, group=group)


# Each kind's admitter, its chain module imported on first use: a bundle loads only the chains of
# the kinds it holds.
def _vmirs() -> AdmitOne:
    from krmfn.kubevirt.virt_api.vmirs_create import admit_vmirs  # noqa: PLC0415
    return admit_vmirs


def _migration_policy() -> AdmitOne:
    from krmfn.kubevirt.virt_api.migrationpolicy_create import admit_migration_policy  # noqa: PLC0415
    return admit_migration_policy


def _vm_snapshot() -> AdmitOne:
    from krmfn.kubevirt.storage.admitters.vmsnapshot_create import admit_vm_snapshot  # noqa: PLC0415
    return admit_vm_snapshot


def _vm_restore() -> AdmitOne:
    from krmfn.kubevirt.storage.admitters.vmrestore_create import admit_vm_restore  # noqa: PLC0415
    return admit_vm_restore


def _vm_export() -> AdmitOne:
    from krmfn.kubevirt.storage.admitters.vmexport_create import admit_vm_export  # noqa: PLC0415
    return admit_vm_export


def _vm_backup() -> AdmitOne:
    from krmfn.kubevirt.storage.admitters.backup_create import admit_vm_backup  # noqa: PLC0415
    return admit_vm_backup


def _vm_backup_tracker() -> AdmitOne:
    from krmfn.kubevirt.storage.admitters.backup_create import admit_vm_backup_tracker  # noqa: PLC0415
    return admit_vm_backup_tracker


def _vm_clone() -> AdmitOne:
    from krmfn.kubevirt.virt_api.vmclone_create import admit_vm_clone  # noqa: PLC0415
    return admit_vm_clone


def _data_source() -> AdmitOne:
    from krmfn.cdi.apiserver.datasource_create import admit_data_source  # noqa: PLC0415
    return admit_data_source


def _data_volume() -> AdmitOne:
    from krmfn.cdi.apiserver.datavolume_create import admit_data_volume  # noqa: PLC0415
    return admit_data_volume


def _data_import_cron() -> AdmitOne:
    from krmfn.cdi.apiserver.dataimportcron_create import admit_data_import_cron  # noqa: PLC0415
    return admit_data_import_cron


def _virt_template() -> AdmitOne:
    from krmfn.virt_template.admit import admit_template_kind  # noqa: PLC0415
    return admit_template_kind


def _hyperconverged() -> AdmitOne:
    from krmfn.hco.hyperconverged_create import admit_hyperconverged  # noqa: PLC0415
    return admit_hyperconverged


# Every kind krmfn admits, in the order a bundle is applied; an item no chain matches gets no verdict.
CHAINS: tuple[KindChain, ...] = (
    KindChain("instance types and preferences (every apiVersion)", kinds.is_definition, admit_definition_chain,
              stored_first=True),
    KindChain("kubevirt.io VirtualMachineInstancePresets", kinds.is_virtual_machine_instance_preset,
              one_by_one(vmi_preset), stored_first=True),
    KindChain("kubevirt.io VirtualMachines", kinds.is_virtual_machine, admit_vm_chain),
    KindChain("kubevirt.io VirtualMachineInstances", kinds.is_virtual_machine_instance, admit_vmi_chain),
    KindChain("kubevirt.io VirtualMachineInstanceReplicaSets",
              _is(kinds.VIRTUAL_MACHINE_INSTANCE_REPLICA_SET, kinds.KUBEVIRT_GROUP), one_by_one(_vmirs)),
    KindChain("kubevirt.io VirtualMachineInstanceMigrations",
              _is(kinds.VIRTUAL_MACHINE_INSTANCE_MIGRATION, kinds.KUBEVIRT_GROUP), admit_migration_chain),
    KindChain("migrations.kubevirt.io MigrationPolicies", _is(kinds.MIGRATION_POLICY, kinds.MIGRATIONS_GROUP),
              one_by_one(_migration_policy)),
    KindChain("snapshot.kubevirt.io VirtualMachineSnapshots", _is(kinds.VIRTUAL_MACHINE_SNAPSHOT, kinds.SNAPSHOT_GROUP),
              one_by_one(_vm_snapshot)),
    KindChain("snapshot.kubevirt.io VirtualMachineRestores", _is(kinds.VIRTUAL_MACHINE_RESTORE, kinds.SNAPSHOT_GROUP),
              one_by_one(_vm_restore)),
    KindChain("export.kubevirt.io VirtualMachineExports", _is(kinds.VIRTUAL_MACHINE_EXPORT, kinds.EXPORT_GROUP),
              one_by_one(_vm_export)),
    KindChain("backup.kubevirt.io VirtualMachineBackups", _is(kinds.VIRTUAL_MACHINE_BACKUP, kinds.BACKUP_GROUP),
              one_by_one(_vm_backup)),
    KindChain("backup.kubevirt.io VirtualMachineBackupTrackers",
              _is(kinds.VIRTUAL_MACHINE_BACKUP_TRACKER, kinds.BACKUP_GROUP), one_by_one(_vm_backup_tracker)),
    KindChain("clone.kubevirt.io VirtualMachineClones", _is(kinds.VIRTUAL_MACHINE_CLONE, kinds.CLONE_GROUP),
              one_by_one(_vm_clone)),
    KindChain("template.kubevirt.io VirtualMachineTemplates and VirtualMachineTemplateRequests",
              kinds.is_virt_template_kind, one_by_one(_virt_template)),
    KindChain("cdi.kubevirt.io DataSources", _is(kinds.DATA_SOURCE, kinds.CDI_GROUP), one_by_one(_data_source)),
    KindChain("cdi.kubevirt.io DataVolumes", _is(kinds.DATA_VOLUME, kinds.CDI_GROUP), one_by_one(_data_volume)),
    KindChain("cdi.kubevirt.io DataImportCrons", _is(kinds.DATA_IMPORT_CRON, kinds.CDI_GROUP),
              one_by_one(_data_import_cron)),
    KindChain("kubevirt.io KubeVirt", _is(kinds.KUBEVIRT, kinds.KUBEVIRT_GROUP), admit_kubevirt_chain),
    KindChain("hco.kubevirt.io HyperConverged", _is(kinds.HYPERCONVERGED, kinds.HCO_GROUP),
              one_by_one(_hyperconverged)),
    KindChain("pool.kubevirt.io VirtualMachinePools", kinds.is_virtual_machine_pool, admit_pool_chain),
)


def _chain_indices(items: list[Any]) -> dict[KindChain, list[int]]:
    """The item indices each chain judges: the first chain that matches an item. Every chain's
    predicate reads only the item's kind and its apiVersion's group: the chain is found once for
    each pair a bundle holds."""
    found: dict[KindChain, list[int]] = {chain: [] for chain in CHAINS}
    chain_of: dict[tuple[str, str], KindChain | None] = {}
    for index, item in enumerate(items):
        api_version = item.get("apiVersion") if isinstance(item, dict) else None
        key = (kinds.kind_of(item), kinds.split_api_version(api_version)[0])
        if key not in chain_of:
            chain_of[key] = next((chain for chain in CHAINS if chain.matches(item)), None)
        chain = chain_of[key]
        if chain is not None:
            found[chain].append(index)
    return found


def _admit_items(items: list[Any], namespace: str, config: ClusterConfig,
                 catalog_version: str | None, legacy: str) -> BundleAdmission:
    request = AdmitRequest(items, namespace, config, legacy)
    by_chain = _chain_indices(items)
    stored_first: dict[int, Admission] = {}
    for chain in CHAINS:
        if chain.stored_first:
            stored_first.update(zip(by_chain[chain], chain.admit(request, by_chain[chain]), strict=True))
            _look_past(chain, request, {index: stored_first[index] for index in by_chain[chain]})
    # Only what admission stored exists: rejected objects are left out by identity, so that an
    # admitted object of the same key (after a rejected first one) is the one found.
    cluster = Bundle((item for index, item in enumerate(items)
                      if isinstance(item, dict) and (index not in stored_first or stored_first[index].allowed)),
                     namespace, catalog_version=catalog_version, legacy=legacy,
                     kubevirt_version=config.kubevirt_version)
    cluster.declare(item for item in items if isinstance(item, dict))  # no catalog stand-in for those
    rejected = frozenset(index for index, verdict in stored_first.items() if not verdict.allowed)
    request = AdmitRequest(items, namespace, config, legacy, cluster, rejected)
    out: list[Admission | None] = [stored_first.get(index) for index in range(len(items))]
    for chain in CHAINS:
        if not chain.stored_first:
            verdicts = dict(zip(by_chain[chain], chain.admit(request, by_chain[chain]), strict=True))
            _look_past(chain, request, verdicts)
            for index, verdict in verdicts.items():
                out[index] = verdict
    return BundleAdmission(out, keys_not_stored(items, stored_first, namespace))


def _look_past(chain: KindChain, request: AdmitRequest, verdicts: dict[int, Admission]) -> None:
    """Each passable rejection's ``later``: the chain run again looking past its stage, and past
    each further passable stage that rejects, as a cluster answers once the first causes are fixed
    (docs/kubevirt/admission.md#every-problem-of-an-object). Objects are rerun in groups that
    look past the same stages. The first verdict, the one a cluster gives, is left as it is."""
    pending = {index: (verdict, frozenset[str]()) for index, verdict in verdicts.items()
               if not verdict.allowed and verdict.passable}
    while pending:
        groups: dict[frozenset[str], list[int]] = defaultdict(list)
        for index, (rejection, stages) in pending.items():
            groups[stages | {rejection.stage or ""}].append(index)
        pending = {}
        for stages, indices in groups.items():
            with looking_past(stages):
                answers = chain.admit(request, indices)
            for index, answer in zip(indices, answers, strict=True):
                if answer.allowed:
                    continue
                verdicts[index].later.append(answer)
                if answer.passable and answer.stage not in stages:
                    pending[index] = (answer, stages)
