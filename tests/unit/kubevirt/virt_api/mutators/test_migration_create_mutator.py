"""``krmfn.kubevirt.virt_api.mutators.migration_create_mutator``: the selector label and the finalizer."""
from __future__ import annotations

from krmfn.kubevirt.apiserver.migrations_schema import VIRTUAL_MACHINE_INSTANCE_MIGRATION
from krmfn.kubevirt.virt_api.mutators.migration_create_mutator import mutate_migration

SCHEMA = VIRTUAL_MACHINE_INSTANCE_MIGRATION


def test_without_metadata_or_vmi_name_the_label_is_empty() -> None:
    mutation = mutate_migration({"spec": {}}, SCHEMA)
    assert mutation.migration is not None
    assert mutation.migration["metadata"] == {"labels": {"kubevirt.io/vmi-name": ""},
                                              "finalizers": ["kubevirt.io/migrationJobFinalize"]}


def test_the_label_replaces_a_written_one_and_the_finalizer_is_appended() -> None:
    migration = {"metadata": {"labels": {"kubevirt.io/vmi-name": "other"}, "annotations": {},
                              "finalizers": ["kubevirt.io/migrationJobFinalize"]}, "spec": {"vmiName": "vmi"}}
    mutation = mutate_migration(migration, SCHEMA)
    assert mutation.migration is not None
    assert mutation.migration["metadata"] == {
        "labels": {"kubevirt.io/vmi-name": "vmi"},
        "finalizers": ["kubevirt.io/migrationJobFinalize", "kubevirt.io/migrationJobFinalize"]}


def test_an_integer_out_of_range_is_the_decoding_error() -> None:
    mutation = mutate_migration({"metadata": {"generation": 1 << 63}, "spec": {"vmiName": "v"}}, SCHEMA)
    assert mutation.migration is None
    assert mutation.error == ("json: cannot unmarshal number 9223372036854775808 into Go struct field "
                              "VirtualMachineInstanceMigration.metadata.generation of type int64")
