"""KubeVirt's part of the admission of a bundle, as if every object were created in a cluster.

No single KubeVirt counterpart. The table of the kinds krmfn admits, and the order a bundle is
applied in, is ``krmfn.admission.admit.CHAINS``; this module holds the chains of KubeVirt's kinds
that need more than one object at a time, and what every chain is admitted against
(``AdmitRequest``):

* the instance types and preferences, stored before every other kind (a VM admitted later finds
  only the ones admission let through; rejected objects were never stored,
  docs/kubevirt/resolution.md#missing-references). A second instance type or preference of an
  already stored name is not stored again: krmfn's own stage (``AlreadyExists``, the answer of a
  second CREATE; no KubeVirt code and never reported), so every lookup finds the first
  definition. What ``kubectl apply`` does with such a bundle (the last definition wins) is what
  the duplicate-object check reports (``rejected_keys``: the keys admission leaves absent);
* the VMs (forked workers) and the VMIs (after their presets), the migrations and the KubeVirt CRs
  in bundle order, the pools;
* ``one_by_one``: a chain that admits each object on its own against the whole bundle, its
  admitter loaded on first use (``vmi_preset`` is this module's own, for ``create_vmis``).

Only the VirtualMachine and definition chains are imported with this module; every other chain
module when its chain first admits an object (in the parent before any fork).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

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
    reject_message,
)
from krmfn.kubevirt.instancetype.webhooks.vm import admit_vm
from krmfn.model.forked import map_forked
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")

if TYPE_CHECKING:
    from typing import Any
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
                       version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> dict[int, Admission]:
    """The verdicts of the instance types and preferences, by item index."""
    indices = [index for index, item in enumerate(items) if kinds.is_definition(item)]
    return dict(zip(indices, _definitions_in_order(items, indices, namespace, legacy, version), strict=True))


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


def keys_not_stored(items: list[Any], verdicts: dict[int, Admission], namespace: str) -> set[ObjectKey]:
    """The keys of the definitions whose ``verdicts`` (by item index) all reject: no object of the
    key is stored."""
    return _rejected(items, verdicts, _stored(items, verdicts, namespace), namespace)


def rejected_keys(items: list[Any], namespace: str = bundles.DEFAULT_NAMESPACE,
                  legacy: str = bundles.LEGACY_REJECT,
                  version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> set[ObjectKey]:
    """The bundle keys (``krmfn.kubevirt.bundle.key_of``) of the instance types and
    preferences admission rejects: what ``Bundle(..., rejected=...)`` must treat as absent."""
    return keys_not_stored(items, _admit_definitions(items, namespace, legacy, version), namespace)


@record(frozen=True)
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


def admit_definition_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """The instance types and preferences, one CREATE after the other."""
    return _definitions_in_order(request.items, indices, request.namespace, request.legacy,
                                 request.config.kubevirt_version)


def admit_vm_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """Each VM on its own (``krmfn.kubevirt.instancetype.webhooks.vm``), on every CPU."""
    cluster = request.cluster
    assert cluster is not None

    def admit_vms(chunk: Sequence[int]) -> list[Admission]:
        return [admit_vm(request.items[index], cluster, request.namespace, request.config) for index in chunk]

    specs = SpecReferences(request.items)
    return map_forked(admit_vms, list(indices), specs.pack, specs.unpack)


AdmitOne = Callable[[dict, list, str, ClusterConfig], Admission]


def admit_vmi_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
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
    verdicts = one_by_one(vmi_preset)(request, preset_indices)
    presets = [items[index] for index, verdict in zip(preset_indices, verdicts, strict=True) if verdict.allowed]
    return {index: create_vmi(items[index], presets, namespace, request.config) for index in vmi_indices}


def _pack_plain(verdicts: list[Admission]) -> list[dict[str, Any]]:
    return [admission_to_plain(verdict) for verdict in verdicts]


def _unpack_plain(packed: list[dict[str, Any]]) -> list[Admission]:
    return [admission_from_plain(plain) for plain in packed]


def admit_migration_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """The migrations in bundle order, each against the VMIs and the migrations stored before it."""
    if not indices:
        return []
    from krmfn.kubevirt.virt_api.migration_create import create_migrations  # noqa: PLC0415
    return [created.verdict for created in create_migrations(request.items, indices, request.namespace,
                                                             request.config)]


def one_by_one(load: Callable[[], AdmitOne]) -> Callable[[AdmitRequest, Sequence[int]], list[Admission]]:
    """A chain that admits each object on its own, against the whole bundle. ``load`` gives the
    kind's admitter: its chain module is imported when the chain first admits an object."""
    def admit(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
        if not indices:
            return []
        admit_one = load()
        return [admit_one(request.items[index], request.items, request.namespace, request.config) for index in indices]
    return admit


def vmi_preset() -> AdmitOne:
    """The preset's admitter (``one_by_one``'s loader): its chain module imported on first use."""
    from krmfn.kubevirt.virt_api.vmi_preset_create import admit_vmi_preset  # noqa: PLC0415
    return admit_vmi_preset


def admit_kubevirt_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """The KubeVirt CRs in bundle order: the first one admitted is stored, and the webhook refuses
    the later ones (``krmfn.kubevirt.virt_operator.kubevirt_create``)."""
    if not indices:
        return []
    from krmfn.kubevirt.virt_operator.kubevirt_create import create_kubevirts  # noqa: PLC0415
    return create_kubevirts(request.items, indices, request.namespace, request.config)


def admit_pool_chain(request: AdmitRequest, indices: Sequence[int]) -> list[Admission]:
    """Each VirtualMachinePool on its own: its webhook (``VMPoolAdmitter``)."""
    if not indices:
        return []
    from krmfn.kubevirt.virt_api.admitters.vmpool_admitter import admit_pool  # noqa: PLC0415
    return [admit_pool(request.items[index], request.config) or allow() for index in indices]


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

