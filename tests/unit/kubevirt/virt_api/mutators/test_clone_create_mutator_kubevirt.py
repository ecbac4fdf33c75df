"""KubeVirt's ``clone-create-mutator_test.go`` (d923fdb8) against
``krmfn.kubevirt.virt_api.mutators.clone_create_mutator``.

Every case is ported; the patch is compared as the mutated spec (krmfn applies it).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.apiserver.clone_schema import VIRTUAL_MACHINE_CLONE
from krmfn.kubevirt.virt_api.mutators.clone_create_mutator import mutate_clone

SUFFIX = "12345"
VM_SOURCE = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "test-source-vm"}
SNAPSHOT_SOURCE = {"apiGroup": "snapshot.kubevirt.io", "kind": "VirtualMachineSnapshot", "name": "test-snapshot"}


def new_clone(source: dict, target_name: str | None = None) -> dict:
    spec: dict = {"source": dict(source)}
    if target_name is not None:
        spec["target"] = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": target_name}
    return {"apiVersion": "clone.kubevirt.io/v1beta1", "kind": "VirtualMachineClone",
            "metadata": {"namespace": "kubevirt-test-default", "name": "testclone"}, "spec": spec}


@pytest.mark.parametrize(("source", "target_name"), [
    (VM_SOURCE, None), (VM_SOURCE, ""), (SNAPSHOT_SOURCE, None), (SNAPSHOT_SOURCE, ""),
], ids=["When the source is a VirtualMachine and the target is nil",
        "When the source is a VirtualMachine and the target name is empty",
        "when source is a VirtualMachineSnapshot and target is nil",
        "when source is a VirtualMachineSnapshot and target name is missing"])
def test_should_mutate_the_spec(source: dict, target_name: str | None) -> None:
    mutated = mutate_clone(new_clone(source, target_name), VIRTUAL_MACHINE_CLONE, SUFFIX).clone
    assert mutated is not None
    assert mutated["spec"] == {
        "source": source, "template": {},
        "target": {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": f"clone-{source['name']}-{SUFFIX}"}}


def test_should_not_mutate_the_spec_when_the_target_is_fully_set() -> None:
    clone = new_clone(VM_SOURCE, "my-vm")
    assert mutate_clone(clone, VIRTUAL_MACHINE_CLONE, SUFFIX).clone is clone
