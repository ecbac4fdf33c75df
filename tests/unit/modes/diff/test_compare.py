"""krmfn.modes.diff.compare: VMs matched by kind, namespace and name; fields, verdicts and referenced
definitions that differ; only affected VMs computed again."""
from __future__ import annotations

import copy

from typing import Any

from krmfn.modes import dispatch as modes
from krmfn.model.fields import FieldChange
from krmfn.modes.diff.compare import FieldSources, run_diff
from krmfn.modes.diff.compare import Verdict
from krmfn.modes.explain.provenance import INSTANCETYPE, Source
from krmfn.model.outcome import Outcome


def vm(name: str = "vm", instancetype: str = "u1.medium", namespace: str = "lab") -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {"name": name, "namespace": namespace},
            "spec": {"instancetype": {"name": instancetype}, "runStrategy": "Always",
                     "template": {"spec": {"domain": {"devices": {}}}}}}


def instancetype(name: str, cpus: int) -> dict:
    return {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
            "metadata": {"name": name}, "spec": {"cpu": {"guest": cpus}, "memory": {"guest": "1Gi"}}}


def test_the_same_bundle_differs_in_nothing():
    report = run_diff([vm(), vm("b")], [vm(), vm("b")], {}, {}, modes.run)
    assert (report.changed, report.vms, report.definitions, report.compared) == (False, [], [], 2)


def test_another_instance_type_changes_fields_and_sources():
    report = run_diff([vm()], [vm(instancetype="u1.large")], {}, {}, modes.run)
    [changed] = report.vms
    assert changed.key == ("VirtualMachine", "lab", "vm") and changed.status == "changed"
    assert changed.changes == [FieldChange("spec.template.spec.domain.cpu.sockets", 1, 2),
                               FieldChange("spec.template.spec.domain.memory.guest", "4Gi", "8Gi")]
    assert changed.base_source == "instancetype=VirtualMachineClusterInstancetype/u1.medium"
    assert changed.head_source == "instancetype=VirtualMachineClusterInstancetype/u1.large"
    medium, large = "VirtualMachineClusterInstancetype/u1.medium", "VirtualMachineClusterInstancetype/u1.large"
    assert changed.sources == {
        "spec.template.spec.domain.cpu.sockets": FieldSources((Source(INSTANCETYPE, medium, "spec.cpu.guest"),),
                                                              (Source(INSTANCETYPE, large, "spec.cpu.guest"),)),
        "spec.template.spec.domain.memory.guest": FieldSources((Source(INSTANCETYPE, medium, "spec.memory.guest"),),
                                                               (Source(INSTANCETYPE, large, "spec.memory.guest"),))}


def test_added_and_removed():
    report = run_diff([vm("old")], [vm("new")], {}, {}, modes.run)
    assert [(diff.key[2], diff.status) for diff in report.vms] == [("new", "added"), ("old", "removed")]


def test_a_changed_definition_affects_the_vms_naming_it_and_is_reported():
    base = [instancetype("mine", 2), vm(instancetype="mine"), vm("other", "u1.small")]
    head = [instancetype("mine", 4), vm(instancetype="mine"), vm("other", "u1.small")]
    report = run_diff(base, head, {}, {}, modes.run)
    assert [diff.key[2] for diff in report.vms] == ["vm"]
    assert report.vms[0].changes == [FieldChange("spec.template.spec.domain.cpu.sockets", 2, 4)]
    mine = Source(INSTANCETYPE, "VirtualMachineClusterInstancetype/mine", "spec.cpu.guest")
    assert report.vms[0].sources == {"spec.template.spec.domain.cpu.sockets": FieldSources((mine,), (mine,))}
    [definition] = report.definitions
    assert definition.key == ("VirtualMachineClusterInstancetype", "", "mine")
    assert (definition.base_origin, definition.head_origin) == ("bundle", "bundle")
    assert definition.changes == [FieldChange("cpu.guest", 2, 4)]


def test_a_verdict_that_changes():
    report = run_diff([vm()], [vm(instancetype="u1.nosuch")], {}, {}, modes.run)
    [changed] = report.vms
    assert changed.new_findings == [Verdict(
        "error", "reference",
        'spec.instancetype.name: virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.nosuch" not found')]
    assert changed.fixed_findings == []
    # It does not expand on HEAD: its verdict says why; its fields (as written on one side,
    # expanded on the other) are not listed.
    assert (changed.base_source, changed.head_source, changed.changes) == (
        "instancetype=VirtualMachineClusterInstancetype/u1.medium", None, [])


def test_settings_that_differ_compare_one_tree():
    report = run_diff([vm()], [vm()], {}, {"networkInterface": "masquerade"}, modes.run)
    assert [change.path for change in report.vms[0].changes] == [
        "spec.template.spec.domain.devices.interfaces[0].bridge",
        "spec.template.spec.domain.devices.interfaces[0].masquerade"]


def test_members_of_a_list_are_matched_like_objects():
    as_list = {"apiVersion": "v1", "kind": "List", "items": [vm()]}
    report = run_diff([as_list], [vm(instancetype="u1.large")], {}, {}, modes.run)
    assert [diff.status for diff in report.vms] == ["changed"]


def test_skipping_unaffected_vms_changes_no_answer():
    # With the same options, only VMs whose inputs or definitions changed are computed again;
    # computing every VM (options that differ only in spelling a default) gives the same report.
    base = [instancetype("mine", 2), vm(instancetype="mine"), vm("b", "u1.small"), vm("c", "u1.nosuch")]
    head = copy.deepcopy(base)
    head[0]["spec"]["cpu"]["guest"] = 3
    head[2]["spec"]["instancetype"]["name"] = "u1.medium"
    fast = run_diff(base, head, {}, {}, modes.run)
    full = run_diff(base, head, {"namespace": "default"}, {}, modes.run)
    assert fast == full


def fedora_vm() -> dict:
    value = vm()
    value["spec"]["preference"] = {"name": "fedora"}
    return value


FEDORA = ("VirtualMachineClusterPreference", "", "fedora")


def test_catalog_versions_of_each_side():
    # fedora gained preferredArchitecture and requirements.architecture after v1.5.1; u1.medium's
    # spec is the same in both, so it is not listed; the VM expands the same (amd64 either way).
    report = run_diff([fedora_vm()], [fedora_vm()], {"catalog": "v1.5.1"}, {"catalog": "v1.7.0"}, modes.run)
    assert report.vms == []
    [definition] = report.definitions
    assert (definition.key, definition.base_origin, definition.head_origin) == (
        FEDORA, "catalog v1.5.1", "catalog v1.7.0")
    assert [change.path for change in definition.changes] == ["requirements.architecture", "preferredArchitecture"]


def test_a_release_brings_its_catalog():
    report = run_diff([fedora_vm()], [fedora_vm()], {"kubevirtVersion": "v1.7"}, {}, modes.run)
    assert [(d.key, d.base_origin, d.head_origin) for d in report.definitions] == [
        (FEDORA, "catalog v1.5.1", "catalog v1.7.0")]


class CountingRunner:
    def __init__(self) -> None:
        self.runs: list[tuple[str, int]] = []

    def __call__(self, mode: str, values: list[Any], options: dict[str, Any]) -> Outcome:
        self.runs.append((mode, len(values)))
        return modes.run(mode, values, options)


def test_only_vms_with_changed_fields_are_explained():
    same = CountingRunner()
    run_diff([instancetype("mine", 2), vm(instancetype="mine")], [instancetype("mine", 2), vm(instancetype="mine")],
             {}, {}, same)
    assert same.runs == [("inline", 1), ("validate", 1)] * 2  # nothing affected, nothing explained
    changed = CountingRunner()
    base = [instancetype("mine", 2), vm(instancetype="mine"), vm("b", "u1.small")]
    head = [instancetype("mine", 2), vm(instancetype="u1.large"), vm("b", "u1.small")]
    report = run_diff(base, head, {}, {}, changed)
    assert [diff.key[2] for diff in report.vms] == ["vm"]
    # per side: inline and validate of the instance type and the affected VM, then explain's four
    # inlines of that VM (its full inline is reused)
    assert changed.runs == [("inline", 2), ("validate", 2)] * 2 + [("inline", 2)] * 8


def pool(instancetype_name: str) -> dict:
    template = vm(instancetype=instancetype_name)
    return {"apiVersion": "pool.kubevirt.io/v1beta1", "kind": "VirtualMachinePool",
            "metadata": {"name": "workers", "namespace": "lab"},
            "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "w"}},
                     "virtualMachineTemplate": {"metadata": {"labels": {"app": "w"}}, "spec": template["spec"]}}}


def test_a_pool_is_compared_by_its_template_with_its_sources():
    report = run_diff([pool("u1.medium")], [pool("u1.large")], {}, {}, modes.run)
    [changed] = report.vms
    assert (changed.key, changed.base_source, changed.head_source) == (
        ("VirtualMachinePool", "lab", "workers"), "instancetype=VirtualMachineClusterInstancetype/u1.medium",
        "instancetype=VirtualMachineClusterInstancetype/u1.large")
    domain = "spec.virtualMachineTemplate.spec.template.spec.domain."
    assert changed.changes == [FieldChange(domain + "cpu.sockets", 1, 2), FieldChange(domain + "memory.guest", "4Gi",
                                                                                      "8Gi")]
    assert changed.sources[domain + "cpu.sockets"] == FieldSources(
        (Source(INSTANCETYPE, "VirtualMachineClusterInstancetype/u1.medium", "spec.cpu.guest"),),
        (Source(INSTANCETYPE, "VirtualMachineClusterInstancetype/u1.large", "spec.cpu.guest"),))
