"""A VMI's CREATE chain and the stored VMI as git can hold it (krmfn.kubevirt.virt_api.vmi_create)."""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.util.webhooks import STAGE_MUTATING_SCHEMA, STAGE_VMI_MUTATOR
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_api.vmi_create import (
    FINALIZERS_POINTER,
    FIRMWARE_UUID_POINTER,
    create_vmi,
    stored_source,
)
from krmfn.kubevirt.virt_api.mutators.vmi_mutator import VIRTUAL_MACHINE_INSTANCE_FINALIZER
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, V1_7, V1_8, KubevirtVersion


def vmi(**domain):
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": {"name": "testvmi", "namespace": "ns"},
            "spec": {"domain": {"memory": {"guest": "1024Mi"}, "devices": {
                "disks": [{"name": "root", "disk": {"bus": "virtio"}}]}, **domain},
                "volumes": [{"name": "root", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}}]}}


def test_the_stored_vmi_has_its_defaults_but_no_status_random_uuid_or_webhook_finalizer():
    source = vmi()
    created = create_vmi(source, [])
    assert created.verdict.allowed and created.stored is not None
    assert created.stored["spec"]["domain"]["firmware"]["uuid"]  # the defaulter's, random in a cluster
    assert created.stored["metadata"]["finalizers"] == [VIRTUAL_MACHINE_INSTANCE_FINALIZER]
    stored = stored_source(source, created.stored)
    assert "status" not in stored.vmi
    assert stored.vmi["spec"]["domain"]["firmware"] == {}
    assert "finalizers" not in stored.vmi["metadata"]  # Go omits the empty list
    assert stored.live_only == [FIRMWARE_UUID_POINTER, FINALIZERS_POINTER]
    domain = stored.vmi["spec"]["domain"]
    assert domain["memory"]["guest"] == "1Gi"  # Go's canonical quantity
    assert domain["resources"] == {}  # a struct Go always writes
    assert domain["machine"] == {"type": "q35"}
    assert stored.vmi["spec"]["volumes"][0]["containerDisk"]["imagePullPolicy"] == "IfNotPresent"
    assert source == vmi(), "the source is not changed"


def test_a_uuid_and_finalizer_of_the_source_are_kept():
    source = vmi(firmware={"uuid": "5d307ca9-b3ef-428c-8861-06e72d69f223"})
    source["metadata"]["finalizers"] = [VIRTUAL_MACHINE_INSTANCE_FINALIZER]
    created = create_vmi(source, [])
    assert created.stored is not None
    assert created.stored["metadata"]["finalizers"] == [VIRTUAL_MACHINE_INSTANCE_FINALIZER] * 2
    stored = stored_source(source, created.stored)
    assert stored.vmi["spec"]["domain"]["firmware"]["uuid"] == "5d307ca9-b3ef-428c-8861-06e72d69f223"
    assert stored.vmi["metadata"]["finalizers"] == [VIRTUAL_MACHINE_INSTANCE_FINALIZER]
    assert stored.live_only == [FINALIZERS_POINTER]


def test_the_stored_source_is_a_fixed_point():
    first = stored_source(vmi(), create_vmi(vmi(), []).stored).vmi
    again = create_vmi(copy.deepcopy(first), [])
    assert again.verdict.allowed
    assert stored_source(first, again.stored).vmi == first


def test_a_rejected_vmi_is_not_stored():
    source = vmi()
    source["spec"]["volumes"] = []
    created = create_vmi(source, [])
    assert not created.verdict.allowed and created.stored is None


# --- The VMI mutator's schema gate and Go decoding: golden-kinds minimized cases, KubeVirt's answers --------
def _minimized(spec: dict | None) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": {"name": "vmi1", "namespace": "lab"}, "spec": spec}


MEMORY_1GI = {"devices": {}, "resources": {"requests": {"memory": "1Gi"}}}


def _answer(spec: dict | None, version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> tuple[str | None, list[str]]:
    verdict = create_vmi(_minimized(spec), [], config=ClusterConfig(kubevirt_version=version)).verdict
    return verdict.stage, [cause.message for cause in verdict.causes]


@pytest.mark.parametrize("version", [V1_7, V1_8, DEFAULT_KUBEVIRT_VERSION])
def test_a_negative_uint32_is_the_decoding_error_of_the_spec_alias(version: KubevirtVersion) -> None:
    """minimized/vmi-negative-cores (vmi/r7001-0045): the same answer at every release."""
    assert _answer({"domain": {**MEMORY_1GI, "cpu": {"cores": -2}}}, version) == (STAGE_VMI_MUTATOR, [
        "json: cannot unmarshal number -2 into Go struct field VMISpecAlias.domain.cpu.cores of type uint32"])


@pytest.mark.parametrize("version", [V1_7, V1_8, DEFAULT_KUBEVIRT_VERSION])
def test_a_malformed_quantity_passes_the_gate_and_fails_the_decoding(version: KubevirtVersion) -> None:
    """minimized/vmi-bad-quantity (vmi/r7001-0002, 0087): not the CRD's pattern (checked after the webhooks)."""
    spec = {"domain": {"devices": {}, "resources": {"requests": {"memory": "lots"}}}}
    assert _answer(spec, version) == (STAGE_VMI_MUTATOR, [
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"])


def test_the_gate_names_a_list_items_fields_without_its_index() -> None:
    """minimized/vmi-emptydisk-no-capacity (vmi/r7001-0081, 0247, 0320)."""
    spec = {"domain": {**MEMORY_1GI, "devices": {"disks": [{"name": "scratch", "disk": {}}]}},
            "volumes": [{"name": "scratch", "emptyDisk": {}}]}
    assert _answer(spec) == (STAGE_MUTATING_SCHEMA, ["spec.volumes.emptyDisk.capacity in body is required"])


def test_the_gate_checks_the_node_selector_operator_enum() -> None:
    """minimized/vmi-affinity-bad-operator (vmi/r7001-0206)."""
    spec = {"domain": MEMORY_1GI, "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
        "nodeSelectorTerms": [{"matchExpressions": [{"key": "example.com/zone", "operator": "Equals",
                                                      "values": ["a"]}]}]}}}}
    assert _answer(spec) == (STAGE_MUTATING_SCHEMA, [
        "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms."
        "matchExpressions.operator in body should be one of [DoesNotExist Exists Gt In Lt NotIn]"])


def test_a_null_spec_is_required_and_of_the_wrong_type() -> None:
    """realworld vmi/all ``windows-10`` (``spec: null``), at every release."""
    for version in (V1_7, V1_8, DEFAULT_KUBEVIRT_VERSION):
        assert _answer(None, version) == (STAGE_MUTATING_SCHEMA, [
            "spec in body is required", 'spec in body must be of type object: "null"'])
