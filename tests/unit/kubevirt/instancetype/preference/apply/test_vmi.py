"""Tests for krmfn.kubevirt.instancetype.preference.apply.vmi (KubeVirt apply/vmi.go;
docs/kubevirt/preference-apply.md#order)."""
from __future__ import annotations

import copy

from krmfn.kubevirt.instancetype.preference.apply.vmi import apply_preference as exported_apply_preference
from krmfn.kubevirt.instancetype.preference.apply.vmi import apply_preference

_EVERYTHING = {
    "annotations": {"os": "fedora"},
    "clock": {"preferredClockOffset": {"utc": {}}, "preferredTimer": {"rtc": {"tickPolicy": "catchup"}}},
    "cpu": {"preferredCPUTopology": "cores", "preferredCPUFeatures": [{"name": "vmx", "policy": "require"}]},
    "devices": {"preferredDiskBus": "virtio", "preferredInterfaceModel": "virtio", "preferredRng": {},
                "preferredTPM": {}},
    "features": {"preferredAcpi": {}, "preferredSmm": {}},
    "firmware": {"preferredEfi": {"secureBoot": True}},
    "machine": {"preferredMachineType": "pc-q35-rhel9.6.0"},
    "preferredSubdomain": "vms",
    "preferredTerminationGracePeriodSeconds": 30,
    "preferredArchitecture": "amd64",
    "preferredLaunchSecurity": {"sev": {}},
    "volumes": {"preferredStorageClassName": "ssd"},
    "requirements": {"cpu": {"guest": 2}, "memory": {"guest": "2Gi"}, "architecture": "amd64"},
}


def test_every_field_group_at_once() -> None:
    # golden preference-fields/everything, after an instance type of 4 vCPU and default disk/network
    t = {
        "domain": {"cpu": {"cores": 4, "sockets": 1, "threads": 1}, "memory": {"guest": "4Gi"},
                   "devices": {"disks": [{"name": "rootdisk"}], "interfaces": [{"name": "default", "bridge": {}}]}},
        "networks": [{"name": "default", "pod": {}}],
        "volumes": [{"name": "rootdisk", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}}],
    }
    m: dict = {}
    apply_preference(_EVERYTHING, t, m)
    assert m == {"annotations": {"os": "fedora"}}
    assert t == {
        "architecture": "amd64",
        "domain": {
            "clock": {"timer": {"rtc": {"tickPolicy": "catchup"}}, "utc": {}},
            "cpu": {"cores": 4, "sockets": 1, "threads": 1, "features": [{"name": "vmx", "policy": "require"}]},
            "devices": {
                "disks": [{"name": "rootdisk", "disk": {"bus": "virtio"}}],
                "interfaces": [{"name": "default", "bridge": {}, "model": "virtio"}],
                "rng": {},
                "tpm": {},
            },
            "features": {"acpi": {}, "smm": {}},
            "firmware": {"bootloader": {"efi": {"secureBoot": True}}},
            "launchSecurity": {"sev": {}},
            "machine": {"type": "pc-q35-rhel9.6.0"},
            "memory": {"guest": "4Gi"},
        },
        "networks": [{"name": "default", "pod": {}}],
        "subdomain": "vms",
        "terminationGracePeriodSeconds": 30,
        "volumes": [{"name": "rootdisk", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}}],
    }


def test_preference_spec_is_not_modified() -> None:
    pf = copy.deepcopy(_EVERYTHING)
    t: dict = {"domain": {"cpu": {}, "devices": {"disks": [{"name": "a"}]}}}
    apply_preference(pf, t, {})
    assert pf == _EVERYTHING


def test_nil_preference_does_nothing() -> None:
    t = {"domain": {"devices": {"disks": [{"name": "a"}]}}}
    m: dict = {}
    apply_preference(None, t, m)
    assert t == {"domain": {"devices": {"disks": [{"name": "a"}]}}}
    assert m == {}


def test_empty_preference_does_nothing() -> None:
    t = {"domain": {"devices": {"disks": [{"name": "a"}]}}}
    m: dict = {}
    apply_preference({}, t, m)
    assert t == {"domain": {"devices": {"disks": [{"name": "a"}]}}}
    assert m == {}


def test_storage_class_requirements_and_topology_are_not_applied() -> None:
    pf = {
        "volumes": {"preferredStorageClassName": "ssd"},
        "requirements": {"cpu": {"guest": 8}, "architecture": "arm64"},
        "cpu": {"preferredCPUTopology": "threads"},
        "preferSpreadSocketToCoreRatio": 4,
    }
    t = {"domain": {"devices": {}}, "volumes": [{"name": "v", "dataVolume": {"name": "dv"}}]}
    apply_preference(pf, t, {})
    assert t == {"domain": {"devices": {}}, "volumes": [{"name": "v", "dataVolume": {"name": "dv"}}]}


def test_instance_type_annotations_win_over_preference_annotations() -> None:
    # The instance type applier runs first (docs/kubevirt/instancetype-apply.md#annotations); the preference only adds
    # absent keys ().
    m = {"annotations": {"tier": "gold"}}
    apply_preference({"annotations": {"tier": "silver", "os": "fedora"}}, {}, m)
    assert m == {"annotations": {"tier": "gold", "os": "fedora"}}


def test_cpu_features_without_domain_cpu_create_it() -> None:
    # KubeVirt panics (golden preference-fields/cpu-features-crash-no-cpu); documented choice.
    t: dict = {"domain": {"devices": {}}}
    apply_preference({"cpu": {"preferredCPUFeatures": [{"name": "invtsc", "policy": "require"}]}}, t, {})
    assert t == {"domain": {"devices": {}, "cpu": {"features": [{"name": "invtsc", "policy": "require"}]}}}


def test_creates_side_effects_of_empty_groups() -> None:
    t: dict = {"domain": {"devices": {"disks": [{"name": "d"}]}}}
    apply_preference({"devices": {}, "features": {}, "firmware": {}, "clock": {}, "machine": {}}, t, {})
    assert t == {
        "domain": {
            "devices": {"disks": [{"name": "d", "disk": {}}]},
            "features": {},
            "firmware": {"bootloader": {}},
            "clock": {},
        }
    }


def test_package_exports_the_entry_point() -> None:
    assert exported_apply_preference is apply_preference
