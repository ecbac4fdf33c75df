"""The VirtualMachineInstanceMigration mutating webhook on a CREATE.

Mirrors ``pkg/virt-api/webhooks/mutating-webhook/mutators/migration-create-mutator.go``
(d923fdb8): ``MigrationCreateMutator.Mutate`` (``mutate_migration``), ``addMigrationSelectorLabel``
and ``addMigrationFinalizer``.

``Mutate`` first runs ``ValidateSchema`` on the request's object (the chain's
``mutating-webhook/openapi-schema`` stage, ``krmfn.kubevirt.util.validate_schema``), decodes it
into the Go type (an integer out of range is the bare decoding error, stage
``mutating-webhook/migration-mutator``), then replaces ``/metadata`` with the Go-encoded
ObjectMeta that has

* the label ``kubevirt.io/vmi-name`` set to ``spec.vmiName`` (Go's zero ``""`` when unset),
  replacing any value the migration had;
* the finalizer ``kubevirt.io/migrationJobFinalize`` appended (even when already present).

The Go encoding leaves out an empty ``annotations`` map and empty ``ownerReferences`` and
``managedFields`` lists (``omitempty``). The same in every supported release.
"""
from __future__ import annotations

import copy

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.model import kinds
from krmfn.model.record import record

MIGRATION_SELECTOR_LABEL = "kubevirt.io/vmi-name"  # v1.MigrationSelectorLabel
MIGRATION_FINALIZER = "kubevirt.io/migrationJobFinalize"  # v1.VirtualMachineInstanceMigrationFinalizer
_OMITTED_WHEN_EMPTY = ("annotations", "ownerReferences", "managedFields")


@record(frozen=True)
class MigrationMutation:
    """The mutated migration (a copy), or the error ``Mutate`` answers with."""

    migration: dict | None
    error: str | None = None


def mutate_migration(migration: dict, schema: schemas.Obj) -> MigrationMutation:
    """``Mutate`` after its schema gate: the migration with the selector label and the finalizer.
    ``schema`` is the migration's schema (for the Go decoding of integers)."""
    error = schemas.go_decode_error(migration, schema, kinds.VIRTUAL_MACHINE_INSTANCE_MIGRATION)
    if error is not None:
        return MigrationMutation(None, error)
    mutated = copy.deepcopy(migration)
    metadata = mutated.get("metadata")
    if not isinstance(metadata, dict):
        metadata = mutated["metadata"] = {}
    add_migration_selector_label(metadata, vmi_name_of(mutated))
    add_migration_finalizer(metadata)
    for key in _OMITTED_WHEN_EMPTY:
        if metadata.get(key) in ({}, []):
            del metadata[key]
    return MigrationMutation(mutated)


def vmi_name_of(migration: dict) -> str:
    """``spec.vmiName`` as Go decodes it (``""`` when unset)."""
    spec = migration.get("spec")
    name = spec.get("vmiName") if isinstance(spec, dict) else None
    return name if isinstance(name, str) else ""


def add_migration_selector_label(metadata: dict, vmi_name: str) -> None:
    """``addMigrationSelectorLabel``."""
    labels = metadata.get("labels")
    if not isinstance(labels, dict):
        labels = metadata["labels"] = {}
    labels[MIGRATION_SELECTOR_LABEL] = vmi_name


def add_migration_finalizer(metadata: dict) -> None:
    """``addMigrationFinalizer``."""
    finalizers = metadata.get("finalizers")
    metadata["finalizers"] = (list(finalizers) if isinstance(finalizers, list) else []) + [MIGRATION_FINALIZER]
