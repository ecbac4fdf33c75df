"""The VirtualMachineInstanceReplicaSet and VirtualMachineInstancePreset schemas."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.vmirs_schema import (
    PRESET_DEPRECATED,
    VIRTUAL_MACHINE_INSTANCE_PRESET,
    VIRTUAL_MACHINE_INSTANCE_REPLICA_SET,
    VMIRS_DEPRECATED,
    vmi_preset_schema,
    vmirs_schema,
)
from krmfn.model.kubevirt_version import V1_7, V1_8, V1_9, KubevirtVersion

VMIRS = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceReplicaSet", "metadata": {"name": "rs"},
         "spec": {"replicas": 2, "paused": False,
                  "selector": {"matchLabels": {"a": "b"},
                               "matchExpressions": [{"key": "c", "operator": "In", "values": ["d"]}]},
                  "template": {"metadata": {"labels": {"a": "b"}, "anything": 1},
                               "spec": {"domain": {"devices": {}, "rebootPolicy": "Terminate"},
                                        "serviceAccountName": "sa"}}},
         "status": {"replicas": 1, "anything": True}}
PRESET = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstancePreset", "metadata": {"name": "p"},
          "spec": {"selector": {"matchLabels": {"a": "b"}},
                   "domain": {"devices": {}, "rebootPolicy": "Terminate",
                              "memory": {"reservedOverhead": {"addedOverhead": "1Mi"}}}}}


def test_valid_objects_are_clean() -> None:
    for obj, schema in ((VMIRS, VIRTUAL_MACHINE_INSTANCE_REPLICA_SET), (PRESET, VIRTUAL_MACHINE_INSTANCE_PRESET)):
        report = schemas.check(obj, schema)
        assert (report.unknown, report.errors) == ([], [])


def test_unknown_fields_anywhere_in_the_spec() -> None:
    obj = {"spec": {"selector": {"matchLabels": {}, "x": 1}, "template": {"spec": {"domain": {"devices": {}}, "y": 2}},
                    "z": 3}}
    assert schemas.check(obj, VIRTUAL_MACHINE_INSTANCE_REPLICA_SET).unknown == [
        "spec.selector.x", "spec.template.spec.y", "spec.z"]
    preset = {"spec": {"selector": {"matchExpressions": [{"key": "k", "operator": "Exists", "w": 1}]},
                       "domain": {"devices": {"v": 1}}}}
    assert schemas.check(preset, VIRTUAL_MACHINE_INSTANCE_PRESET).unknown == [
        "spec.domain.devices.v", "spec.selector.matchExpressions[0].w"]


def test_required_fields() -> None:
    assert [error.path for error in schemas.check({}, VIRTUAL_MACHINE_INSTANCE_REPLICA_SET).errors] == ["spec"]
    assert [error.path for error in schemas.check({"spec": {}}, VIRTUAL_MACHINE_INSTANCE_REPLICA_SET).errors] == [
        "spec.selector", "spec.template"]
    assert schemas.check({}, VIRTUAL_MACHINE_INSTANCE_PRESET).errors == []  # spec is omitempty
    preset = {"spec": {"domain": {}}}
    assert [error.path for error in schemas.check(preset, VIRTUAL_MACHINE_INSTANCE_PRESET).errors] == [
        "spec.selector", "spec.domain.devices"]
    requirement = {"spec": {"selector": {"matchExpressions": [{}]}, "template": {}}}
    assert [error.path for error in schemas.check(requirement, VIRTUAL_MACHINE_INSTANCE_REPLICA_SET).errors] == [
        "spec.selector.matchExpressions[0].key", "spec.selector.matchExpressions[0].operator"]


def test_replicas_is_an_int32() -> None:
    obj = {"spec": {"selector": {}, "template": {}, "replicas": 2**31}}
    assert schemas.go_decode_error(obj, VIRTUAL_MACHINE_INSTANCE_REPLICA_SET, "VirtualMachineInstanceReplicaSet") == (
        "json: cannot unmarshal number 2147483648 into Go struct field "
        "VirtualMachineInstanceReplicaSet.spec.replicas of type int32")


@pytest.mark.parametrize(("version", "unknown"), [
    (V1_9, []),
    (V1_8, ["spec.template.spec.serviceAccountName"]),
    (V1_7, ["spec.template.spec.domain.rebootPolicy", "spec.template.spec.serviceAccountName"]),
])
def test_vmirs_schema_of_a_release(version: KubevirtVersion, unknown: list[str]) -> None:
    assert schemas.check(VMIRS, vmirs_schema(version)).unknown == unknown


@pytest.mark.parametrize(("version", "unknown"), [
    (V1_9, []),
    (V1_8, []),
    (V1_7, ["spec.domain.memory.reservedOverhead", "spec.domain.rebootPolicy"]),
])
def test_preset_schema_of_a_release(version: KubevirtVersion, unknown: list[str]) -> None:
    assert schemas.check(PRESET, vmi_preset_schema(version)).unknown == unknown


def test_newest_release_is_the_modelled_schema() -> None:
    assert vmirs_schema(V1_9) is VIRTUAL_MACHINE_INSTANCE_REPLICA_SET
    assert vmi_preset_schema(V1_9) is VIRTUAL_MACHINE_INSTANCE_PRESET


def test_deprecation_warnings() -> None:
    assert VMIRS_DEPRECATED == {
        "v1alpha3": "kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."}
    assert PRESET_DEPRECATED == {
        "v1": "kubevirt.io/v1 VirtualMachineInstancePresets is now deprecated and will be removed in v2.",
        "v1alpha3": "kubevirt.io/v1alpha3 VirtualMachineInstancePresets is now deprecated and will be removed in v2."}
