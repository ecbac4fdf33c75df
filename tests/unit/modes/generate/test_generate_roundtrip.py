"""generate, then inline (issue 19): a VM using a customized preference (and a patched instance
type) expands as KubeVirt would. The expected VM is written by hand from the semantics doc
(kubevirt-instancetype-semantics.md docs/kubevirt/instancetype-apply.md#applying-an-instance-type instance type
application, docs/kubevirt/preference-apply.md#applying-a-preference preference application,
docs/kubevirt/cpu-topology.md#cpu-topology topology), not from krmfn's output."""
from __future__ import annotations

import copy

from krmfn.modes.generate.options import GenerateOptions
from krmfn.modes.generate.requests import SizeRequest
from krmfn.modes.generate.engine import generate
from krmfn.modes.inline.mode import run_inline
from krmfn.model.findings import ERROR

VM = {
    "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
    "metadata": {"name": "db", "namespace": "lab"},
    "spec": {
        "runStrategy": "Halted",
        "instancetype": {"kind": "VirtualMachineInstancetype", "name": "u1.mine"},
        "preference": {"kind": "VirtualMachinePreference", "name": "myfedora"},
        "template": {"spec": {
            "domain": {"devices": {"disks": [{"name": "root"}, {"name": "data", "disk": {"bus": "scsi"}}],
                                   "interfaces": [{"name": "default", "masquerade": {}}]}},
            "networks": [{"name": "default", "pod": {}}],
            "volumes": [{"name": "root", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}},
                        {"name": "data", "emptyDisk": {"capacity": "1Gi"}}],
        }},
    },
}

# By hand:
# * u1.mine = u1.medium at 4 vCPUs and 8Gi, plus cpu.model (a set): docs/kubevirt/instancetype-apply.md#field-table
# copies model and
#   memory.guest; docs/kubevirt/cpu-topology.md#cpu-topology: vCPUs 4 with the preference's preferredCPUTopology
# "cores" (a set on the
#   fedora copy) gives sockets 1, cores 4, threads 1.
# * myfedora = fedora with preferredDiskBus sata (a patch), firmware removed (a patch) and a grace
#   period (a set): docs/kubevirt/preference-apply.md#devices gives the bus-less disk `disk: {bus: sata}` and keeps
# the scsi one, the
#   interface gets model virtio, rng {} is added; docs/kubevirt/preference-apply.md#features smm {}; no firmware;
# docs/kubevirt/preference-apply.md#other-top-level-fields
#   terminationGracePeriodSeconds 60, architecture amd64, the preference's annotation on the
#   template metadata. requirements (1 vCPU, 2Gi) are met by 4 and 8Gi. defaults: none adds nothing.
EXPECTED = {
    "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
    "metadata": {"name": "db", "namespace": "lab", "annotations": {
        "krmfn.dev/inlined-from": "instancetype=VirtualMachineInstancetype/u1.mine,"
                                  "preference=VirtualMachinePreference/myfedora"}},
    "spec": {
        "runStrategy": "Halted",
        "template": {
            "metadata": {"annotations": {"vm.kubevirt.io/os": "linux"}},
            "spec": {
                "domain": {
                    "cpu": {"model": "host-passthrough", "sockets": 1, "cores": 4, "threads": 1},
                    "memory": {"guest": "8Gi"},
                    "devices": {"disks": [{"name": "root", "disk": {"bus": "sata"}},
                                          {"name": "data", "disk": {"bus": "scsi"}}],
                                "interfaces": [{"name": "default", "masquerade": {}, "model": "virtio"}],
                                "rng": {}},
                    "features": {"smm": {}},
                },
                "networks": [{"name": "default", "pod": {}}],
                "volumes": [{"name": "root", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}},
                            {"name": "data", "emptyDisk": {"capacity": "1Gi"}}],
                "terminationGracePeriodSeconds": 60,
                "architecture": "amd64",
            },
        },
    },
}


def test_a_vm_using_a_customized_preference_expands_as_kubevirt_would() -> None:
    objects, findings = generate([
        SizeRequest("u1.medium", "u1.mine", 4, "8Gi", None, None, ["cpu.model=host-passthrough"]),
        SizeRequest("fedora", "myfedora", None, None, None,
                    [{"op": "replace", "path": "/devices/preferredDiskBus", "value": "sata"},
                     {"op": "remove", "path": "/firmware"}],
                    ["cpu.preferredCPUTopology=cores", "preferredTerminationGracePeriodSeconds=60"]),
    ], [], GenerateOptions(namespace="lab"))
    assert [f for f in findings if f.severity == ERROR] == []
    assert [(obj["kind"], obj["metadata"]["namespace"]) for obj in objects] == [
        ("VirtualMachineInstancetype", "lab"), ("VirtualMachinePreference", "lab")]
    outcome = run_inline([*objects, copy.deepcopy(VM)], {"defaults": "none", "namespace": "lab"})
    assert [f for f in outcome.findings if f.severity == ERROR] == []
    assert outcome.items[2] == EXPECTED
