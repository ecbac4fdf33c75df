"""Admission of a whole bundle, as if every object were created in a cluster.

No single KubeVirt counterpart: this applies a bundle the way the API server and KubeVirt's
webhooks would see it created, object by object. ``CHAINS`` is the table of kinds: each entry
names the kinds it admits, the chain that judges them (the API server stages in
``krmfn.kubevirt.apiserver.create``, then the kind's mutating and validating webhooks), and
whether the objects it admits are stored before the other kinds are admitted (instance types
and preferences: a VM admitted later finds only the ones admission let through; rejected
objects were never stored, docs/kubevirt/resolution.md#missing-references). A second instance
type or preference of an already stored name is not stored again: krmfn's own stage
(``AlreadyExists``, the answer of a second CREATE; no KubeVirt code and never reported), so every
lookup finds the first definition. What ``kubectl apply`` does with such a bundle (the last
definition wins) is what the duplicate-object check reports. A new kind plugs in with one
``KindChain`` row.

Only the VirtualMachine and definition chains are imported with this module. Every other kind's
chain module is imported when its ``KindChain`` first admits an object (``_one_by_one`` and the
chain functions below, in the parent before any fork), so a bundle loads only the chains of the
kinds it holds.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from krmfn.model import kinds
from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.bundle import Bundle, ObjectKey
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.instancetype.webhooks.admitter import admit_instancetype
from krmfn.kubevirt.instancetype.preference.webhooks.admitter import admit_preference
from krmfn.kubevirt.util.webhooks import (
    STAGE_ALREADY_EXISTS,
    Admission,
    allow,
    admission_from_plain,
    admission_to_plain,
    looking_past,
    reject_message,
)
from krmfn.kubevirt.instancetype.webhooks.vm import admit_vm
from krmfn.model.forked import map_forked
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.gcpause import gc_paused

if TYPE_CHECKING:
    from krmfn.kubevirt.virt_api.vmi_create import VMICreate

ALREADY_EXISTS_FMT = '{resource} "{name}" already exists'


def admit_instancetype_or_preference(obj: dict, namespace: str = bundles.DEFAULT_NAMESPACE,
                                     legacy: str = bundles.LEGACY_REJECT,
                                     version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> Admission:
    """The CREATE chain of one instance type or preference in a KubeVirt release: API server,
    then its webhook."""
    kind = obj["kind"]
    resource = apiserver.instancetype_resources(legacy, version)[kind]
    rejected = apiserver.admit_before_webhooks(obj, resource, namespace)
    if rejected is not None:
        return rejected
    verdict = admit_instancetype(obj, version) if kind in kinds.INSTANCETYPE_KINDS else admit_preference(obj)
    verdict.warnings = apiserver.deprecation_warnings(obj, resource) + verdict.warnings
    return verdict


def already_exists(key: ObjectKey) -> Admission:
    """krmfn's verdict on a second definition of a stored name: as a second CREATE, so that lookups
    keep finding the first definition (the duplicate-object check reports the duplicate)."""
    message = ALREADY_EXISTS_FMT.format(resource=bundles.RESOURCE_TYPES[key[0]].qualified_resource, name=key[2])
    return reject_message(STAGE_ALREADY_EXISTS, message)


def _admit_definitions(items: list[Any], namespace: str, legacy: str = bundles.LEGACY_REJECT,
                       version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION,
                       ) -> tuple[dict[int, Admission], set[ObjectKey]]:
    """The verdicts of the instance types and preferences (by item index) and the keys stored."""
    indices = [index for index, item in enumerate(items) if kinds.is_definition(item)]
    verdicts = dict(zip(indices, _definitions_in_order(items, indices, namespace, legacy, version), strict=True))
    return verdicts, _stored(items, verdicts, namespace)


def _definitions_in_order(items: list[Any], indices: Sequence[int], namespace: str, legacy: str,
                          version: KubevirtVersion) -> list[Admission]:
    """One CREATE after the other: a second object of a stored name fails with AlreadyExists."""
    verdicts: list[Admission] = []
    stored: set[ObjectKey] = set()
    for index in indices:  # any apiVersion: an unserved one is an admission error
        item = items[index]
        key = bundles.key_of(item, namespace)
        verdict = admit_instancetype_or_preference(item, namespace, legacy, version)
        if verdict.allowed and key is not None and key in stored:
            verdict = already_exists(key)
        verdicts.append(verdict)
        if verdict.allowed and key is not None:
            stored.add(key)
    return verdicts


def _stored(items: list[Any], verdicts: dict[int, Admission], namespace: str) -> set[ObjectKey]:
    keys = {bundles.key_of(items[index], namespace) for index, verdict in verdicts.items() if verdict.allowed}
    return {key for key in keys if key is not None}


def _rejected(items: list[Any], verdicts: dict[int, Admission], stored: set[ObjectKey],
              namespace: str) -> set[ObjectKey]:
    keys = {bundles.key_of(items[index], namespace) for index, verdict in verdicts.items() if not verdict.allowed}
    return {key for key in keys if key is not None and key not in stored}


def rejected_keys(items: list[Any], namespace: str = bundles.DEFAULT_NAMESPACE,
                  legacy: str = bundles.LEGACY_REJECT,
                  version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> set[ObjectKey]:
    """The bundle keys (``krmfn.kubevirt.bundle.key_of``) of the instance types and
    preferences admission rejects: what ``Bundle(..., rejected=...)`` must treat as absent."""
    verdicts, stored = _admit_definitions(items, namespace, legacy, version)
    return _rejected(items, verdicts, stored, namespace)


@dataclass
class BundleAdmission:
    """One verdict per item (None for items admission does not judge), and the keys of the
    instance types and preferences it rejects (``rejected_keys``)."""

    verdicts: list[Admission | None]
    rejected: set[ObjectKey]


def admit_bundle(items: list[Any], namespace: str = bundles.DEFAULT_NAMESPACE,
                 cluster_config: ClusterConfig | None = None,
                 catalog_version: str | None = None,
                 legacy: str = bundles.LEGACY_REJECT) -> list[Admission | None]:
    """One verdict per item: for instance types, preferences and ``kubevirt.io`` VirtualMachines;
    None for every other item. ``namespace`` is the request namespace of objects without one;
    ``legacy`` the legacy policy (``convert`` serves v1alpha1/v1alpha2 with a warning)."""
    return admit_items(items, namespace, cluster_config, catalog_version, legacy).verdicts


def admit_items(items: list[Any], namespace: str = bundles.DEFAULT_NAMESPACE,
                cluster_config: ClusterConfig | None = None, catalog_version: str | None = None,
                legacy: str = bundles.LEGACY_REJECT) -> BundleAdmission:
    """``admit_bundle`` and ``rejected_keys`` from one admission of the definitions."""
    with gc_paused():  # only acyclic dicts and lists are created
        return _admit_items(items, namespace, cluster_config or ClusterConfig(), catalog_version, legacy)


@dataclass(frozen=True)
class AdmitRequest:
    """What every kind's chain is admitted against: the bundle, the request namespace of objects
    without one, the cluster configuration, and the cluster the stored-first kinds left (None
    while those are admitted)."""

    items: list[Any]
    namespace: str
    config: ClusterConfig
    legacy: str
    cluster: Bundle | None = None
    # the item indices the stored-first chains rejected: never stored, so no later chain sees them
    rejected: frozenset[int] = frozenset()


@dataclass(frozen=True)
class KindChain:
    """The CREATE chain of the kinds ``matches`` accepts: ``admit`` gives one verdict per index.
    A ``stored_first`` chain runs before every other one, and only the objects it admits exist
    for them (as the oracle applies a bundle: rejected objects are never stored)."""

    kinds: str
    matches: Callable[[Any], bool]
    admit: Callable[[AdmitRequest, Sequence[int]], list[Admission]]
    stored_first: bool = False


def _admit_definition_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    return _definitions_in_order(request.items, indices, request.namespace, request.legacy,
                                 request.config.kubevirt_version)


def _admit_vm_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """Each VM on its own (``krmfn.kubevirt.instancetype.webhooks.vm``), on every CPU."""
    cluster = request.cluster
    assert cluster is not None

    def admit_vms(chunk: Sequence[int]) -> list[Admission]:
        return [admit_vm(request.items[index], cluster, request.namespace, request.config) for index in chunk]

    specs = SpecReferences(request.items)
    return map_forked(admit_vms, list(indices), specs.pack, specs.unpack)


AdmitOne = Callable[[dict, list, str, ClusterConfig], Admission]


def _admit_vmi_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """Each VMI on its own (``krmfn.kubevirt.virt_api.vmi_create``), on every CPU."""
    if not indices:
        return []
    from krmfn.kubevirt.virt_api.vmi_create import admit_vmi  # noqa: PLC0415 - in the parent, before the fork
    presets = [item for index, item in enumerate(request.items)
               if kinds.is_virtual_machine_instance_preset(item) and index not in request.rejected]

    def admit_vmis(chunk: Sequence[int]) -> list[Admission]:
        return [admit_vmi(request.items[index], presets, request.namespace, request.config) for index in chunk]

    return map_forked(admit_vmis, list(indices), _pack_plain, _unpack_plain)


def create_vmis(items: list[Any], namespace: str = bundles.DEFAULT_NAMESPACE, config: ClusterConfig | None = None,
                legacy: str = bundles.LEGACY_REJECT) -> dict[int, VMICreate]:
    """The CREATE of each VirtualMachineInstance of the bundle, by item index, after its presets'
    own chain (only the presets admitted apply): the verdict and the VMI as stored."""
    vmi_indices = [index for index, item in enumerate(items) if kinds.is_virtual_machine_instance(item)]
    if not vmi_indices:
        return {}
    from krmfn.kubevirt.virt_api.vmi_create import create_vmi  # noqa: PLC0415
    request = AdmitRequest(items, namespace, config or ClusterConfig(), legacy)
    preset_indices = [index for index, item in enumerate(items) if kinds.is_virtual_machine_instance_preset(item)]
    verdicts = _one_by_one(_vmi_preset)(request, preset_indices)
    presets = [items[index] for index, verdict in zip(preset_indices, verdicts, strict=True) if verdict.allowed]
    return {index: create_vmi(items[index], presets, namespace, request.config) for index in vmi_indices}


def _pack_plain(verdicts: list[Admission]) -> list[dict[str, Any]]:
    return [admission_to_plain(verdict) for verdict in verdicts]


def _unpack_plain(packed: list[dict[str, Any]]) -> list[Admission]:
    return [admission_from_plain(plain) for plain in packed]


def _admit_migration_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """The migrations in bundle order, each against the VMIs and the migrations stored before it."""
    if not indices:
        return []
    from krmfn.kubevirt.virt_api.migration_create import create_migrations  # noqa: PLC0415
    return [created.verdict for created in create_migrations(request.items, indices, request.namespace,
                                                             request.config)]


def _one_by_one(load: Callable[[], AdmitOne]) -> Callable[[AdmitRequest, Sequence[int]], list[Admission]]:
    """A chain that admits each object on its own, against the whole bundle. ``load`` gives the
    kind's admitter: its chain module is imported when the chain first admits an object."""
    def admit(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
        if not indices:
            return []
        admit_one = load()
        return [admit_one(request.items[index], request.items, request.namespace, request.config) for index in indices]
    return admit


def _is(kind: str, group: str) -> Callable[[Any], bool]:
    return partial(kinds.is_kind, kind=kind, group=group)


def _admit_kubevirt_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """The KubeVirt CRs in bundle order: the first one admitted is stored, and the webhook refuses
    the later ones (``krmfn.kubevirt.virt_operator.kubevirt_create``)."""
    if not indices:
        return []
    from krmfn.kubevirt.virt_operator.kubevirt_create import create_kubevirts  # noqa: PLC0415
    return create_kubevirts(request.items, indices, request.namespace, request.config)


def _admit_pool_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    if not indices:
        return []
    from krmfn.kubevirt.virt_api.admitters.vmpool_admitter import admit_pool  # noqa: PLC0415
    return [admit_pool(request.items[index], request.config) or allow() for index in indices]


# Each kind's admitter, its chain module imported on first use: a bundle loads only the chains of
# the kinds it holds.
def _vmi_preset() -> AdmitOne:
    from krmfn.kubevirt.virt_api.vmi_preset_create import admit_vmi_preset  # noqa: PLC0415
    return admit_vmi_preset


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


def _hyperconverged() -> AdmitOne:
    from krmfn.hco.hyperconverged_create import admit_hyperconverged  # noqa: PLC0415
    return admit_hyperconverged


# Every kind krmfn admits, in the order a bundle is applied; an item no chain matches gets no verdict.
CHAINS: tuple[KindChain, ...] = (
    KindChain("instance types and preferences (every apiVersion)", kinds.is_definition, _admit_definition_chain,
              stored_first=True),
    KindChain("kubevirt.io VirtualMachineInstancePresets", kinds.is_virtual_machine_instance_preset,
              _one_by_one(_vmi_preset), stored_first=True),
    KindChain("kubevirt.io VirtualMachines", kinds.is_virtual_machine, _admit_vm_chain),
    KindChain("kubevirt.io VirtualMachineInstances", kinds.is_virtual_machine_instance, _admit_vmi_chain),
    KindChain("kubevirt.io VirtualMachineInstanceReplicaSets",
              _is(kinds.VIRTUAL_MACHINE_INSTANCE_REPLICA_SET, kinds.KUBEVIRT_GROUP), _one_by_one(_vmirs)),
    KindChain("kubevirt.io VirtualMachineInstanceMigrations",
              _is(kinds.VIRTUAL_MACHINE_INSTANCE_MIGRATION, kinds.KUBEVIRT_GROUP), _admit_migration_chain),
    KindChain("migrations.kubevirt.io MigrationPolicies", _is(kinds.MIGRATION_POLICY, kinds.MIGRATIONS_GROUP),
              _one_by_one(_migration_policy)),
    KindChain("snapshot.kubevirt.io VirtualMachineSnapshots", _is(kinds.VIRTUAL_MACHINE_SNAPSHOT, kinds.SNAPSHOT_GROUP),
              _one_by_one(_vm_snapshot)),
    KindChain("snapshot.kubevirt.io VirtualMachineRestores", _is(kinds.VIRTUAL_MACHINE_RESTORE, kinds.SNAPSHOT_GROUP),
              _one_by_one(_vm_restore)),
    KindChain("export.kubevirt.io VirtualMachineExports", _is(kinds.VIRTUAL_MACHINE_EXPORT, kinds.EXPORT_GROUP),
              _one_by_one(_vm_export)),
    KindChain("backup.kubevirt.io VirtualMachineBackups", _is(kinds.VIRTUAL_MACHINE_BACKUP, kinds.BACKUP_GROUP),
              _one_by_one(_vm_backup)),
    KindChain("backup.kubevirt.io VirtualMachineBackupTrackers",
              _is(kinds.VIRTUAL_MACHINE_BACKUP_TRACKER, kinds.BACKUP_GROUP), _one_by_one(_vm_backup_tracker)),
    KindChain("clone.kubevirt.io VirtualMachineClones", _is(kinds.VIRTUAL_MACHINE_CLONE, kinds.CLONE_GROUP),
              _one_by_one(_vm_clone)),
    KindChain("cdi.kubevirt.io DataSources", _is(kinds.DATA_SOURCE, kinds.CDI_GROUP), _one_by_one(_data_source)),
    KindChain("cdi.kubevirt.io DataVolumes", _is(kinds.DATA_VOLUME, kinds.CDI_GROUP), _one_by_one(_data_volume)),
    KindChain("cdi.kubevirt.io DataImportCrons", _is(kinds.DATA_IMPORT_CRON, kinds.CDI_GROUP),
              _one_by_one(_data_import_cron)),
    KindChain("kubevirt.io KubeVirt", _is(kinds.KUBEVIRT, kinds.KUBEVIRT_GROUP), _admit_kubevirt_chain),
    KindChain("hco.kubevirt.io HyperConverged", _is(kinds.HYPERCONVERGED, kinds.HCO_GROUP),
              _one_by_one(_hyperconverged)),
    KindChain("pool.kubevirt.io VirtualMachinePools", kinds.is_virtual_machine_pool, _admit_pool_chain),
)


def _chain_indices(items: list[Any]) -> dict[KindChain, list[int]]:
    """The item indices each chain judges: the first chain that matches an item."""
    found: dict[KindChain, list[int]] = {chain: [] for chain in CHAINS}
    for index, item in enumerate(items):
        chain = next((chain for chain in CHAINS if chain.matches(item)), None)
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
    return BundleAdmission(out, _rejected(items, stored_first, _stored(items, stored_first, namespace), namespace))


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


class SpecReferences:
    """``Admission.conflict_free`` across a fork (``krmfn.model.forked``): the instance type and
    preference specs it holds are the bundle's own objects, which validate's expand pass
    recognises by identity. A worker sends their ``id``; the parent maps it back to the object
    of the bundle that existed before the fork. A spec the worker built itself (a catalog
    stand-in, a decoded revision) cannot be mapped: that pair is dropped, and the expand pass
    simply applies it again."""

    def __init__(self, items: list[Any]) -> None:
        self.by_id = {id(item["spec"]): item["spec"] for item in items
                      if kinds.is_definition(item) and isinstance(item.get("spec"), dict)}

    def pack(self, verdicts: list[Admission]) -> list[list[Any]]:
        """In the worker: each verdict as plain data, with its pair as ids."""
        return [[admission_to_plain(verdict), None if verdict.conflict_free is None
                 else [_id_of(spec) for spec in verdict.conflict_free]] for verdict in verdicts]

    def unpack(self, packed: list[list[Any]]) -> list[Admission]:
        """In the parent: the verdicts, with the pairs whose specs it knows."""
        verdicts = []
        for plain, ids in packed:
            verdict = admission_from_plain(plain)
            if ids is not None and all(spec_id is None or spec_id in self.by_id for spec_id in ids):
                verdict.conflict_free = (self._spec(ids[0]), self._spec(ids[1]))
            verdicts.append(verdict)
        return verdicts

    def _spec(self, spec_id: int | None) -> dict | None:
        return None if spec_id is None else self.by_id[spec_id]


def _id_of(spec: dict | None) -> int | None:
    return None if spec is None else id(spec)

