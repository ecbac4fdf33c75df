"""krmfn.report.diff: each changed field with what set it on each side, as text, Markdown and JSON."""
from __future__ import annotations

import json

from krmfn.model.fields import ABSENT, FieldChange
from krmfn.modes.diff.compare import DiffReport, FieldSources, VmDiff
from krmfn.modes.diff.compare import DefinitionDiff
from krmfn.modes.explain.provenance import DEFAULT, INSTANCETYPE, PREFERENCE, VM, Source
from krmfn.report import diff as diffreport

SMALL = Source(INSTANCETYPE, "VirtualMachineInstancetype/small", "spec.cpu.guest")
LARGE = Source(INSTANCETYPE, "VirtualMachineClusterInstancetype/u1.large", "spec.cpu.guest")
MEMORY = Source(INSTANCETYPE, "VirtualMachineInstancetype/small", "spec.memory.guest")
BUS = Source(PREFERENCE, "VirtualMachineClusterPreference/fedora", "spec.devices.preferredDiskBus",
             "fill-if-unset, on a device the defaults added")
DISK = Source(DEFAULT, field="a disk for each volume (KubeVirt's defaults)")
DOMAIN = "spec.template.spec.domain."


def report() -> DiffReport:
    changes = [FieldChange(DOMAIN + "cpu.sockets", 1, 2), FieldChange(DOMAIN + "memory.guest", "2Gi", "2Gi "),
               FieldChange(DOMAIN + "devices.disks[1]", ABSENT, {"name": "data", "disk": {"bus": "virtio"}}),
               FieldChange("spec.runStrategy", "Always", ABSENT)]
    sources = {DOMAIN + "cpu.sockets": FieldSources((SMALL,), (LARGE,)),
               DOMAIN + "memory.guest": FieldSources((MEMORY,), (MEMORY,)),
               DOMAIN + "devices.disks[1]": FieldSources((), (DISK, BUS)),
               "spec.runStrategy": FieldSources((Source(VM),), ())}
    vm = VmDiff(("VirtualMachine", "lab", "web"), "changed", changes, "instancetype=A", "instancetype=B",
                sources=sources)
    definition = DefinitionDiff(("VirtualMachineInstancetype", "lab", "small"), "bundle", "bundle",
                                [FieldChange("cpu.guest", 1, 2)])
    return DiffReport([vm], [definition], 1)


def test_text_names_one_source_or_one_per_side():
    assert diffreport.render(report(), "text").splitlines()[2:9] == [
        "~ VirtualMachine lab/web",
        "    expanded from: instancetype=A → instancetype=B",
        "    spec.template.spec.domain.cpu.sockets: 1 → 2 (base: instancetype VirtualMachineInstancetype/small: "
        "spec.cpu.guest; head: instancetype VirtualMachineClusterInstancetype/u1.large: spec.cpu.guest)",
        '    spec.template.spec.domain.memory.guest: 2Gi → "2Gi " (instancetype VirtualMachineInstancetype/small: '
        "spec.memory.guest)",
        '    spec.template.spec.domain.devices.disks[1]: (absent) → {"name": "data", "disk": {"bus": "virtio"}} '
        "(head: default: a disk for each volume (KubeVirt's defaults), preference "
        "VirtualMachineClusterPreference/fedora: spec.devices.preferredDiskBus (fill-if-unset, on a device the "
        "defaults added))",
        "    spec.runStrategy: Always → (absent) (base: the VM)",
        ""]


def test_markdown_has_a_set_by_column_for_vms_only():
    lines = diffreport.render(report(), "markdown").splitlines()
    start = lines.index("| field | before | after | set by |")
    assert lines[start + 1:start + 6] == [
        "|---|---|---|---|",
        "| `spec.template.spec.domain.cpu.sockets` | `1` | `2` | base: instancetype VirtualMachineInstancetype/small: "
        "spec.cpu.guest<br>head: instancetype VirtualMachineClusterInstancetype/u1.large: spec.cpu.guest |",
        "| `spec.template.spec.domain.memory.guest` | `2Gi` | `\"2Gi \"` | instancetype "
        "VirtualMachineInstancetype/small: spec.memory.guest |",
        "| `spec.template.spec.domain.devices.disks[1]` | *(absent)* | `{\"name\": \"data\", \"disk\": {\"bus\": "
        "\"virtio\"}}` | head: default: a disk for each volume (KubeVirt's defaults), preference "
        "VirtualMachineClusterPreference/fedora: spec.devices.preferredDiskBus (fill-if-unset, on a device the "
        "defaults added) |",
        "| `spec.runStrategy` | `Always` | *(absent)* | base: the VM |"]
    assert "| field | before | after |" in lines  # the definition's table


def test_json_gives_a_source_object_per_side():
    found = json.loads(diffreport.render(report(), "json"))
    assert [change.get("source") for change in found["vms"][0]["changes"]] == [
        {"base": {"origin": "instancetype", "definition": "VirtualMachineInstancetype/small",
                  "field": "spec.cpu.guest"},
         "head": {"origin": "instancetype", "definition": "VirtualMachineClusterInstancetype/u1.large",
                  "field": "spec.cpu.guest"}},
        {"base": MEMORY.as_json(), "head": MEMORY.as_json()},
        {"head": [DISK.as_json(), BUS.as_json()]},
        {"base": {"origin": "vm"}}]
    assert "source" not in found["definitions"][0]["changes"][0]


def test_json_leaves_source_out_when_neither_side_was_explained():
    vm = VmDiff(("VirtualMachinePool", "lab", "odd"), "changed", [FieldChange("spec.replicas", 1, 2)], None, None,
                sources={"spec.replicas": FieldSources((), ())})
    [change] = json.loads(diffreport.render(DiffReport([vm], [], 1), "json"))["vms"][0]["changes"]
    assert change == {"path": "spec.replicas", "before": 1, "after": 2}
