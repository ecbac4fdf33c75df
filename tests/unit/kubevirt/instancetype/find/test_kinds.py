"""docs/kubevirt/resources.md#matcher-kind-spellings accepted kind spellings ()."""
import pytest

from krmfn.kubevirt.instancetype.find.kinds import matcher_kind, resolve_instancetype_kind, resolve_preference_kind


@pytest.mark.parametrize("spelling, expected", [
    ("VirtualMachineInstancetype", "VirtualMachineInstancetype"),
    ("VirtualMachineInstanceType", "VirtualMachineInstancetype"),
    ("virtualmachineinstancetypes", "VirtualMachineInstancetype"),
    ("VIRTUALMACHINEINSTANCETYPE", "VirtualMachineInstancetype"),
    ("VirtualMachineClusterInstancetype", "VirtualMachineClusterInstancetype"),
    ("virtualmachineclusterinstancetypes", "VirtualMachineClusterInstancetype"),
    ("", "VirtualMachineClusterInstancetype"),
    ("vmf", None),
    ("vminstancetype", None),
    ("VirtualMachineInstancetype.instancetype.kubevirt.io", None),
    ("VirtualMachineInstancetype ", None),
    ("VirtualMachinePreference", None),
])
def test_instancetype_kind_spellings(spelling, expected):
    assert resolve_instancetype_kind(spelling) == expected


@pytest.mark.parametrize("spelling, expected", [
    ("VirtualMachinePreference", "VirtualMachinePreference"),
    ("virtualmachinepreferences", "VirtualMachinePreference"),
    ("VirtualMachineClusterPreference", "VirtualMachineClusterPreference"),
    ("VIRTUALMACHINECLUSTERPREFERENCES", "VirtualMachineClusterPreference"),
    ("", "VirtualMachineClusterPreference"),
    ("vmcp", None),
    ("vmpref", None),
    ("VirtualMachineClusterInstancetype", None),
])
def test_preference_kind_spellings(spelling, expected):
    assert resolve_preference_kind(spelling) == expected


def test_matcher_kind_treats_missing_and_null_as_empty():
    assert matcher_kind({}) == ""
    assert matcher_kind({"kind": None}) == ""
    assert matcher_kind({"kind": "vmf"}) == "vmf"
