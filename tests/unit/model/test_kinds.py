"""krmfn.model.kinds: the one home of the kinds and the spellings KubeVirt accepts
(docs/kubevirt/resources.md#matcher-kind-spellings)."""
from __future__ import annotations

import pytest

from krmfn.model import kinds


def test_kind_groups_say_what_they_hold() -> None:
    assert kinds.INSTANCETYPE_KINDS == ("VirtualMachineClusterInstancetype", "VirtualMachineInstancetype")
    assert kinds.PREFERENCE_KINDS == ("VirtualMachineClusterPreference", "VirtualMachinePreference")
    assert kinds.DEFINITION_KINDS == frozenset(kinds.INSTANCETYPE_KINDS + kinds.PREFERENCE_KINDS)
    assert kinds.CLUSTER_DEFINITION_KINDS == {"VirtualMachineClusterInstancetype", "VirtualMachineClusterPreference"}


def test_matcher_spellings_are_singular_and_plural_lowercase_and_empty_is_cluster() -> None:
    assert kinds.INSTANCETYPE_KIND_SPELLINGS == {
        "virtualmachineinstancetype": "VirtualMachineInstancetype",
        "virtualmachineinstancetypes": "VirtualMachineInstancetype",
        "virtualmachineclusterinstancetype": "VirtualMachineClusterInstancetype",
        "virtualmachineclusterinstancetypes": "VirtualMachineClusterInstancetype",
        "": "VirtualMachineClusterInstancetype",
    }
    assert kinds.PREFERENCE_KIND_SPELLINGS[""] == "VirtualMachineClusterPreference"
    assert "" not in kinds.DEFINITION_KIND_SPELLINGS
    assert kinds.DEFINITION_KIND_SPELLINGS["virtualmachinepreferences"] == "VirtualMachinePreference"
    assert len(kinds.DEFINITION_KIND_SPELLINGS) == 8


@pytest.mark.parametrize("api_version, expected", [
    ("kubevirt.io/v1", ("kubevirt.io", "v1")), ("v1", ("", "v1")), (None, ("", "")), (5, ("", "")),
    ("a/b/c", ("a/b", "c")),
])
def test_split_api_version(api_version: object, expected: tuple[str, str]) -> None:
    assert kinds.split_api_version(api_version) == expected


@pytest.mark.parametrize("value, expected", [
    ({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine"}, True),
    ({"apiVersion": "kubevirt.io/v1alpha3", "kind": "VirtualMachine"}, True),
    ({"apiVersion": "vmware.example/v1", "kind": "VirtualMachine"}, False),
    ({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance"}, False),
    ({"kind": "VirtualMachine"}, False),
    ("VirtualMachine", False),
])
def test_is_virtual_machine(value: object, expected: bool) -> None:
    assert kinds.is_virtual_machine(value) is expected
