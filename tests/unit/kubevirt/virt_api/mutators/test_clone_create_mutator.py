"""Unit tests of ``krmfn.kubevirt.virt_api.mutators.clone_create_mutator`` beyond KubeVirt's own cases."""
from __future__ import annotations

from krmfn.kubevirt.apiserver.clone_schema import VIRTUAL_MACHINE_CLONE
from krmfn.kubevirt.virt_api.mutators.clone_create_mutator import NO_SOURCE_PANIC, CloneMutation, mutate_clone

SOURCE = {"apiGroup": "kubevirt.io", "kind": "VirtualMachine", "name": "vm1"}


def clone(**spec: object) -> dict:
    return {"apiVersion": "clone.kubevirt.io/v1beta1", "kind": "VirtualMachineClone",
            "metadata": {"namespace": "lab", "name": "clone1"}, "spec": spec}


def test_the_go_decoding_names_no_root_type() -> None:
    """Golden minimized/clone-labelfilters-string: ``&vmCloneOrig`` is a ``**VirtualMachineClone``."""
    assert mutate_clone(clone(source=SOURCE, labelFilters="app"), VIRTUAL_MACHINE_CLONE, "abcde") == CloneMutation(
        None, "json: cannot unmarshal string into Go struct field .spec.labelFilters of type []string",
        "spec.labelFilters")
    mutation = mutate_clone(clone(source=SOURCE, volumeNamePolicy=5), VIRTUAL_MACHINE_CLONE, "abcde")
    assert mutation.error == ("json: cannot unmarshal number into Go struct field .spec.volumeNamePolicy of type "
                              "v1beta1.VolumeNamePolicy")


def test_a_missing_source_is_read_through_a_nil_pointer_when_a_target_name_is_made() -> None:
    for spec in ({}, {"target": {"kind": "VirtualMachine", "name": ""}}):
        assert mutate_clone(clone(**spec), VIRTUAL_MACHINE_CLONE, "abcde") == CloneMutation(
            None, NO_SOURCE_PANIC, "spec.source", crash=True)
    named = clone(target={"kind": "VirtualMachine", "name": "t"})
    assert mutate_clone(named, VIRTUAL_MACHINE_CLONE, "abcde") == CloneMutation(named)
