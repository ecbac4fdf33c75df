"""``krmfn.kubevirt.apiserver.export_schema``: the VirtualMachineExport CRD schema and versions."""
from __future__ import annotations

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.export_schema import (
    EXPORT_V1BETA1_DEPRECATION,
    VIRTUAL_MACHINE_EXPORT,
    export_versions,
)
from krmfn.model.kubevirt_version import V1_7, V1_8, V1_9

EXPORT = {
    "apiVersion": "export.kubevirt.io/v1", "kind": "VirtualMachineExport", "metadata": {"name": "e"},
    "spec": {"source": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm"},
             "tokenSecretRef": "token", "ttlDuration": "1h"},
    "status": {"phase": "Ready", "anything": 1},
}


def test_every_spec_field_is_known_and_status_is_opaque() -> None:
    assert schemas.check(EXPORT, VIRTUAL_MACHINE_EXPORT) == schemas.SchemaReport()
    export = {**EXPORT, "spec": {**EXPORT["spec"], "ttl": "1h"}}
    assert schemas.unknown_fields(export, VIRTUAL_MACHINE_EXPORT) == ["spec.ttl"]


def test_source_kind_and_name_are_required() -> None:
    export = {**EXPORT, "spec": {"source": {}}}
    assert [error.crd_cause() for error in schemas.schema_errors(export, VIRTUAL_MACHINE_EXPORT)] == [
        ("spec.source.kind", "Required value"), ("spec.source.name", "Required value")]


def test_served_versions_by_release() -> None:
    assert export_versions(V1_9) == (frozenset({"v1", "v1beta1"}), {"v1beta1": EXPORT_V1BETA1_DEPRECATION})
    assert export_versions(V1_8) == (frozenset({"v1alpha1", "v1beta1"}), {})
    assert export_versions(V1_7) == (frozenset({"v1alpha1", "v1beta1"}), {})
