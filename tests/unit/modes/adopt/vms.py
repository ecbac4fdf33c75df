"""VMs for the adopt tests: as migration tooling writes them, and as inline writes them."""
from __future__ import annotations

import copy
from typing import Any


def imported_vm(name: str = "web", sockets: int = 2, cores: int = 1, memory: str = "8Gi",
                labels: dict[str, str] | None = None, annotations: dict[str, str] | None = None) -> dict[str, Any]:
    """A RHEL 9 VM as Forklift imports it: explicit topology, memory, EFI, virtio devices."""
    return {
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": name, "namespace": "imported",
                     "labels": labels if labels is not None else {"os.template.kubevirt.io/rhel9.4": "true"}},
        "spec": {"runStrategy": "Always", "template": {
            "metadata": {"annotations": annotations if annotations is not None else {"vm.kubevirt.io/os": "rhel9"}},
            "spec": {
                "domain": {
                    "cpu": {"sockets": sockets, "cores": cores, "threads": 1},
                    "memory": {"guest": memory},
                    "features": {"smm": {}},
                    "firmware": {"bootloader": {"efi": {"secureBoot": True}}},
                    "devices": {
                        "disks": [{"name": "disk-0", "disk": {"bus": "virtio"}, "dedicatedIOThread": True}],
                        "interfaces": [{"name": "net-0", "bridge": {}, "model": "virtio",
                                        "macAddress": "00:50:56:8a:3c:11"}],
                        "rng": {},
                    },
                },
                "networks": [{"name": "net-0", "multus": {"networkName": "imported/vlan-100"}}],
                "volumes": [{"name": "disk-0", "persistentVolumeClaim": {"claimName": "web-disk-0"}}],
            }}},
    }


def with_matchers(vm: dict[str, Any], instancetype: str | None, preference: str | None) -> dict[str, Any]:
    out = copy.deepcopy(vm)
    if instancetype:
        out["spec"]["instancetype"] = {"name": instancetype}
    if preference:
        out["spec"]["preference"] = {"name": preference}
    return out
