"""krmfn.kubevirt.instancetype.find.references: what a VM points at."""
from __future__ import annotations

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.find.matcher import Resolved
from krmfn.kubevirt.instancetype.find.references import matcher_references, resolved_keys


def test_matchers_revisions_and_status_refs() -> None:
    vm = {"kind": "VirtualMachine", "metadata": {"name": "a", "namespace": "ns"},
          "spec": {"instancetype": {"name": "small", "kind": "virtualmachineinstancetypes", "revisionName": "r1"},
                   "preference": {"name": "fedora"}},
          "status": {"preferenceRef": {"controllerRevisionRef": {"name": "r2"}}}}
    assert list(matcher_references(vm, Bundle([]))) == [
        ("VirtualMachineInstancetype", "ns", "small"), ("ControllerRevision", "ns", "r1"),
        ("VirtualMachineClusterPreference", "", "fedora"), ("ControllerRevision", "ns", "r2")]


def test_unaccepted_kinds_and_empty_names_point_nowhere() -> None:
    vm = {"metadata": {"name": "a"}, "spec": {"instancetype": {"name": "x", "kind": "vmi"}, "preference": {"name": ""}}}
    assert list(matcher_references(vm, Bundle([], "lab"))) == []


def test_resolved_keys() -> None:
    from_revision = Resolved({}, "VirtualMachineInstancetype", "small", revision="rev")
    direct = Resolved({}, "VirtualMachineClusterPreference", "fedora")
    assert list(resolved_keys([from_revision, None, direct], "ns")) == [
        ("ControllerRevision", "ns", "rev"), ("VirtualMachineClusterPreference", "", "fedora")]
