"""The CREATE chain of a MigrationPolicy, in the order a cluster runs it.

No single KubeVirt file: the API server, then KubeVirt's MigrationPolicy validating webhook
(docs/kubevirt/admission.md#stages-of-a-create); a MigrationPolicy has no mutating webhook.

1. ``kube-apiserver/api-discovery``: ``migrations.kubevirt.io`` serves ``v1alpha1`` only;
2. ``kube-apiserver/field-validation``: strict field validation against the MigrationPolicy CRD of
   the release (``krmfn.kubevirt.apiserver.migrations_schema``);
3. ``kube-apiserver/crd-schema``: ObjectMeta validation (a cluster-scoped object), then the CRD's
   OpenAPI schema (``spec.selectors`` required, ``maxDowntimeMs`` in [1, 2000000], the stall
   detector's and downtime tuning's bounds, ``compression`` ``none`` or ``zstd``, quantity
   patterns);
4. ``validating-webhook``: ``MigrationPolicyAdmitter.Admit``
   (``krmfn.kubevirt.virt_api.admitters.migrationpolicy_admitter``).

``items`` (the bundle) is not read: the webhook looks nothing up.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver.migrations_schema import MIGRATION_POLICY_VERSIONS, migration_policy_schema
from krmfn.kubevirt.util.webhooks import Admission, allow
from krmfn.kubevirt.virt_api.admitters.migrationpolicy_admitter import admit_migration_policy_create
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion


@cache
def migration_policy_resource(version: KubevirtVersion) -> apiserver.CustomResource:
    """The MigrationPolicy CRD as a KubeVirt release serves it."""
    return apiserver.CustomResource(
        kind=kinds.MIGRATION_POLICY,
        group=kinds.MIGRATIONS_GROUP,
        versions=MIGRATION_POLICY_VERSIONS,
        namespaced=False,
        schema=migration_policy_schema(version),
    )


def admit_migration_policy(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of one MigrationPolicy's CREATE; ``namespace`` is the request namespace (a
    cluster-scoped object has none: a namespace written on it is dropped by the client)."""
    del items
    resource = migration_policy_resource(config.kubevirt_version)
    rejected = apiserver.admit_before_webhooks(obj, resource, namespace)
    if rejected is not None:
        return rejected
    return admit_migration_policy_create(obj, config, resource.schema) or allow()
