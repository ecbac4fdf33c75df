"""The CREATE chain of a VirtualMachineInstanceMigration, in the order a cluster runs it.

No single KubeVirt file: the API server and KubeVirt's two migration webhooks
(docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``kubevirt.io`` serves ``v1`` and the deprecated ``v1alpha3``
   (the CRD's deprecation warning);
2. ``kube-apiserver/field-validation``: strict field validation against the migration CRD
   (``krmfn.kubevirt.apiserver.migrations_schema``);
3. the migration mutating webhook (``migration-create-mutator.go`` ``Mutate``): its
   ``ValidateSchema`` gate (``mutating-webhook/openapi-schema``), then the ``kubevirt.io/vmi-name``
   label and the finalizer (``krmfn.kubevirt.virt_api.mutators.migration_create_mutator``,
   ``mutating-webhook/migration-mutator``);
4. ``kube-apiserver/crd-schema``: the CRD's status subresource drops ``status``, then ObjectMeta
   validation (the label the mutator wrote is a label value: a ``vmiName`` longer than 63
   characters fails here) and the CRD's OpenAPI schema (``sendTo.connectURL``,
   ``sendTo.migrationID`` and ``receive.migrationID`` are required);
5. the migration validating webhook (``migration-create-admitter.go`` ``Admit``): its
   ``ValidateSchema`` (``validating-webhook/openapi-schema``), then
   ``krmfn.kubevirt.virt_api.admitters.migration_create_admitter`` (``validating-webhook``).

The cluster the validating webhook reads is the bundle:

* the VMI: a ``kubevirt.io`` VirtualMachineInstance of a served version in ``items`` with the
  migration's namespace and ``spec.vmiName``, as its own CREATE chain stores it
  (``krmfn.kubevirt.virt_api.vmi_create``): a VMI that chain rejects was never stored, and of two
  VMIs of one name the first one stored wins. Its position in the bundle does not matter. The
  VMI CRD has no status subresource, so a ``status`` the bundle writes is stored, except its
  phase: the VMI mutator sets ``status.phase: Pending`` on every VMI it creates. A bundle's VMI
  is therefore never final (``IsFinal``: ``Succeeded`` or ``Failed``), whatever phase it writes,
  and the webhook goes on (step 5 of ``krmfn.kubevirt.virt_api.admitters.migration_create_admitter``:
  a VMI that is not ``Running`` is not refused at admission); a written ``LiveMigratable: False``
  condition is kept and refused. VMIs that VMs, pools or replica sets of the bundle would get from
  virt-controller do not exist yet when the bundle is applied;
* the migrations already stored: those before this one in ``items`` (found by identity; all of
  them when ``obj`` is not among ``items``) that their own chain admits, in order, the first of a
  name winning. A stored migration has no status (the subresource drops it), so every earlier
  admitted migration of the same VMI is in flight, and a bundle can migrate each VMI once.

The API server gives each stored object a random ``metadata.uid``, which the in-flight message
prints; krmfn writes one of the same shape derived from the migration's namespace and name.

``admit_migration`` returns the verdict; ``create_migration`` also the migration as stored.
"""
from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.migrations_schema import MIGRATION_VERSIONS, migration_schema
from krmfn.kubevirt.util.webhooks import (
    STAGE_API_DISCOVERY,
    STAGE_MIGRATION_MUTATOR,
    STAGE_MUTATING_SCHEMA,
    Admission,
    AdmissionWarning,
    allow,
    reject_message,
)
from krmfn.kubevirt.virt_api.admitters.migration_create_admitter import (
    MigrationCluster,
    admit_migration_create,
    validate_schema_error,
)
from krmfn.kubevirt.virt_api.mutators.migration_create_mutator import mutate_migration
from krmfn.kubevirt.virt_api.vmi_create import create_vmi
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION
from krmfn.model.record import record

MIGRATION_RESOURCE = apiserver.CustomResource(
    kind=kinds.VIRTUAL_MACHINE_INSTANCE_MIGRATION,
    group=kinds.KUBEVIRT_GROUP,
    versions=MIGRATION_VERSIONS,
    namespaced=True,
    schema=migration_schema(DEFAULT_KUBEVIRT_VERSION),
    deprecated={"v1alpha3": "kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."},
)
VMI_VERSIONS = frozenset({"v1", "v1alpha3"})


@record
class MigrationCreate:
    """The verdict of a migration's CREATE, and the migration as stored when it is admitted."""

    verdict: Admission
    stored: dict | None


def _is_migration(item: object) -> bool:
    return kinds.is_kind(item, kinds.VIRTUAL_MACHINE_INSTANCE_MIGRATION, kinds.KUBEVIRT_GROUP)


def _name_of(obj: dict) -> str:
    metadata = obj.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return name if isinstance(name, str) else ""


def stored_uid(namespace: str, name: str) -> str:
    """A version 4 UUID derived from the migration's namespace and name (the API server's is random)."""
    key = f"krmfn/uid/{kinds.VIRTUAL_MACHINE_INSTANCE_MIGRATION}/{namespace}/{name}"
    digest = hashlib.sha256(key.encode()).digest()
    return str(uuid.UUID(bytes=digest[:16], version=4))


class _BundleCluster:
    """The bundle as the validating webhook's GET and LIST see it (VMI CREATE verdicts cached)."""

    def __init__(self, items: list, namespace: str, config: ClusterConfig) -> None:
        self.items, self.namespace, self.config = items, namespace, config
        self._vmis: dict[tuple[str, str], dict | None] = {}
        self.stored_migrations: list[dict] = []

    def vmi(self, namespace: str, name: str) -> dict | None:
        key = (namespace, name)
        if key not in self._vmis:
            self._vmis[key] = self._stored_vmi(namespace, name)
        return self._vmis[key]

    def _stored_vmi(self, namespace: str, name: str) -> dict | None:
        for item in self.items:
            if (kinds.is_virtual_machine_instance(item) and apiserver.version_of(item) in VMI_VERSIONS
                    and _name_of(item) == name and bundles.object_namespace(item, self.namespace) == namespace):
                created = create_vmi(item, self.items, self.namespace, self.config)
                if created.stored is not None:
                    return created.stored
        return None

    def migrations(self, namespace: str) -> list[dict]:
        return [stored for stored in self.stored_migrations
                if bundles.object_namespace(stored, self.namespace) == namespace]

    def as_cluster(self) -> MigrationCluster:
        return MigrationCluster(self.vmi, self.migrations)


def create_migration(obj: dict, items: list, namespace: str = bundles.DEFAULT_NAMESPACE,
                     config: ClusterConfig | None = None) -> MigrationCreate:
    """The CREATE chain of one migration against the bundle ``items`` (the migrations before it
    created first); ``namespace`` is the request namespace of objects without one."""
    position = next((index for index, item in enumerate(items) if item is obj), len(items))
    earlier = [index for index, item in enumerate(items[:position]) if _is_migration(item)]
    config = config or ClusterConfig()
    cluster = _BundleCluster(items, namespace, config)
    _create_in_order([items[index] for index in earlier], namespace, config, cluster)
    return _create_one(obj, namespace, config, cluster)


def create_migrations(items: list, indices: Sequence[int], namespace: str = bundles.DEFAULT_NAMESPACE,
                      config: ClusterConfig | None = None) -> list[MigrationCreate]:
    """The migrations at ``indices`` (in bundle order), each created against the VMIs and the
    migrations stored before it: one pass, as a cluster receives them."""
    config = config or ClusterConfig()
    return _create_in_order([items[index] for index in indices], namespace, config,
                            _BundleCluster(items, namespace, config))


def _create_in_order(migrations: list[dict], namespace: str, config: ClusterConfig,
                     cluster: _BundleCluster) -> list[MigrationCreate]:
    """Each migration's CREATE; an admitted one is stored, unless its name already is (AlreadyExists)."""
    stored_names: set[tuple[str, str]] = set()
    created = []
    for migration in migrations:
        result = _create_one(migration, namespace, config, cluster)
        key = (bundles.object_namespace(migration, namespace), _name_of(migration))
        if result.stored is not None and not (key[1] and key in stored_names):
            cluster.stored_migrations.append(result.stored)
            stored_names.add(key)
        created.append(result)
    return created


def _create_one(obj: dict, namespace: str, config: ClusterConfig, cluster: _BundleCluster) -> MigrationCreate:
    verdict, stored = _chain(obj, namespace, config, cluster)
    if verdict.stage != STAGE_API_DISCOVERY:
        verdict.warnings = apiserver.deprecation_warnings(obj, MIGRATION_RESOURCE) + verdict.warnings
    return MigrationCreate(verdict, stored)


def _chain(obj: dict, namespace: str, config: ClusterConfig,
           cluster: _BundleCluster) -> tuple[Admission, dict | None]:
    rejected = apiserver.discovery_error(obj, MIGRATION_RESOURCE)
    if rejected is not None:
        return rejected, None
    no_warnings: list[AdmissionWarning] = []
    schema = migration_schema(config.kubevirt_version)
    rejected = (apiserver.field_validation_error(obj, MIGRATION_RESOURCE, no_warnings, schemas.check(obj, schema))
                or validate_schema_error(obj, schema, STAGE_MUTATING_SCHEMA))
    if rejected is not None:
        return rejected, None
    mutation = mutate_migration(obj, schema)
    if mutation.migration is None:
        return reject_message(STAGE_MIGRATION_MUTATOR, mutation.error or ""), None
    stored = mutation.migration
    stored.pop("status", None)  # the status subresource: PrepareForCreate
    rejected = apiserver.crd_schema_error(stored, MIGRATION_RESOURCE, namespace, no_warnings,
                                          schemas.check(stored, schema))
    if rejected is not None:
        return rejected, None
    migration_namespace = bundles.object_namespace(stored, namespace)
    rejected = admit_migration_create(stored, migration_namespace, cluster.as_cluster(), config, schema)
    if rejected is not None:
        return rejected, None
    stored["metadata"]["uid"] = stored_uid(migration_namespace, _name_of(stored))
    return allow(), stored


def admit_migration(obj: dict, items: list, namespace: str = bundles.DEFAULT_NAMESPACE,
                    config: ClusterConfig | None = None) -> Admission:
    """The verdict of ``create_migration``."""
    return create_migration(obj, items, namespace, config).verdict
