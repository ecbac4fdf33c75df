"""Admission of a whole bundle, as if every object were created in a cluster (golden ``validation``).

No single KubeVirt counterpart: this drives the API server checks
(``krmfn.kubevirt.apiserver.create``), the instance type and preference webhooks
(``admitter``, ``preference_admitter``) and the VM chain (``vm``) the way the oracle applies a
bundle: every instance type and preference first; the ones admission rejects are never stored,
so VMs (and every other consumer, via ``rejected_keys``) see them as absent (golden README
Findings 5); then each VM against that cluster. A second instance type or preference of an
already stored name fails as a second CREATE does (``AlreadyExists``; the corpus has no such
case, the stage name is krmfn's).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
from krmfn.kubevirt.virt_api.admitters.vmpool_admitter import admit_pool
from krmfn.kubevirt.instancetype.webhooks.vm import admit_vm
from krmfn.model.forked import map_forked
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.gcpause import gc_paused

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
    """A second CREATE of a stored name fails (bundle convention: the first object wins)."""
    message = ALREADY_EXISTS_FMT.format(resource=bundles.RESOURCE_TYPES[key[0]].qualified_resource, name=key[2])
    return reject_message(STAGE_ALREADY_EXISTS, message)


def _admit_definitions(items: list[Any], namespace: str, legacy: str = bundles.LEGACY_REJECT,
                       version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION,
                       ) -> tuple[dict[int, Admission], set[ObjectKey]]:
    """The verdicts of the instance types and preferences (by item index) and the keys stored."""
    verdicts: dict[int, Admission] = {}
    stored: set[ObjectKey] = set()
    for index, item in enumerate(items):
        if not kinds.is_definition(item):  # any apiVersion: an unserved one is an admission error
            continue
        key = bundles.key_of(item, namespace)
        verdict = admit_instancetype_or_preference(item, namespace, legacy, version)
        if verdict.allowed and key is not None and key in stored:
            verdict = already_exists(key)
        verdicts[index] = verdict
        if verdict.allowed and key is not None:
            stored.add(key)
    return verdicts, stored


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


def _admit_items(items: list[Any], namespace: str, config: ClusterConfig,
                 catalog_version: str | None, legacy: str) -> BundleAdmission:
    verdicts, stored = _admit_definitions(items, namespace, legacy, config.kubevirt_version)
    # Only what admission stored exists: rejected objects are left out by identity, so that an
    # admitted object of the same key (after a rejected first one) is the one found.
    cluster = Bundle((item for index, item in enumerate(items)
                      if isinstance(item, dict) and (index not in verdicts or verdicts[index].allowed)), namespace,
                     catalog_version=catalog_version, legacy=legacy, kubevirt_version=config.kubevirt_version)
    cluster.declare(item for item in items if isinstance(item, dict))  # no catalog stand-in for those
    out: list[Admission | None] = [verdicts.get(index) for index in range(len(items))]
    vm_indices = [index for index, item in enumerate(items) if index not in verdicts and kinds.is_virtual_machine(item)]
    specs = SpecReferences(items)

    def admit_vms(indices: Sequence[int]) -> list[Admission]:
        return [admit_vm(items[index], cluster, namespace, config) for index in indices]

    for index, verdict in zip(vm_indices, map_forked(admit_vms, vm_indices, specs.pack, specs.unpack), strict=True):
        out[index] = verdict
    for index, item in enumerate(items):
        if kinds.is_virtual_machine_pool(item):
            out[index] = admit_pool(item, config) or allow()
    return BundleAdmission(out, _rejected(items, verdicts, stored, namespace))


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

