"""Cases of KubeVirt's ``pkg/virt-api/webhooks/mutating-webhook/mutators/migration-create-mutator_test.go``
(d923fdb8), ported: ``MigrationCreateMutator.Mutate`` (``mutate_migration``).

The Go test compares the JSON patch replacing ``/metadata``; the mutated migration's metadata is
compared here (the patch's value). Not ported: nothing.
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver.migrations_schema import VIRTUAL_MACHINE_INSTANCE_MIGRATION
from krmfn.kubevirt.virt_api.mutators.migration_create_mutator import mutate_migration


def test_should_mutate_the_virtual_machine_instance_migration_object() -> None:
    migration = {"metadata": {"labels": {"test": "test"}}, "spec": {"vmiName": "testVmi"}}
    mutation = mutate_migration(migration, VIRTUAL_MACHINE_INSTANCE_MIGRATION)
    assert mutation.error is None and mutation.migration is not None
    assert mutation.migration["metadata"] == {"labels": {"test": "test", "kubevirt.io/vmi-name": "testVmi"},
                                              "finalizers": ["kubevirt.io/migrationJobFinalize"]}
    assert migration["metadata"] == {"labels": {"test": "test"}}  # the request's object is not changed
