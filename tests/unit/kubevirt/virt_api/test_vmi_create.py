"""A VMI's CREATE chain and the stored VMI as git can hold it (krmfn.kubevirt.virt_api.vmi_create)."""
from __future__ import annotations

import copy

from krmfn.kubevirt.virt_api.vmi_create import (
    FINALIZERS_POINTER,
    FIRMWARE_UUID_POINTER,
    create_vmi,
    stored_source,
)
from krmfn.kubevirt.virt_api.mutators.vmi_mutator import VIRTUAL_MACHINE_INSTANCE_FINALIZER


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
