"""Unit tests of ``krmfn.kubevirt.api.defaults`` (SetObjectDefaults_VirtualMachineInstance)."""
from __future__ import annotations

import uuid

from krmfn.kubevirt.api.defaults import firmware_uuid, set_object_defaults_virtual_machine_instance

ON = {"enabled": True}


def test_empty_vmi_gets_firmware_features_and_acpi() -> None:
    vmi: dict = {"metadata": {"name": "a", "namespace": "ns"}, "spec": {"domain": {}}}
    set_object_defaults_virtual_machine_instance(vmi)
    assert vmi["spec"] == {"domain": {"firmware": {"uuid": firmware_uuid(vmi)}, "features": {"acpi": ON}}}


def test_firmware_uuid_is_deterministic_and_version_4() -> None:
    vmi = {"metadata": {"name": "a", "namespace": "ns"}}
    value = firmware_uuid(vmi)
    assert value == firmware_uuid({"metadata": {"name": "a", "namespace": "ns"}})
    assert value != firmware_uuid({"metadata": {"name": "b", "namespace": "ns"}})
    assert uuid.UUID(value).version == 4


def test_every_defaulter() -> None:
    vmi: dict = {"metadata": {"name": "a"}, "spec": {
        "domain": {
            "firmware": {"uuid": "given"},
            "clock": {"timer": {"hpet": {}, "kvm": {"enabled": False}, "pit": {}, "rtc": {}, "hyperv": {}}},
            "features": {"acpi": {"enabled": False}, "apic": {}, "smm": {}, "pvspinlock": {},
                         "hyperv": {"relaxed": {}, "spinlocks": {}, "synictimer": {"direct": {}},
                                    "vendorid": {"vendorid": "x"}, "tlbflush": {"direct": {}, "extended": {}},
                                    "evmcs": {"enabled": False}}},
            "devices": {"disks": [{"name": "d"}, {"name": "c", "cdrom": {}},
                                  {"name": "b", "blockSize": {"matchVolume": {}}}],
                        "inputs": [{"name": "i"}],
                        "gpus": [{"name": "g", "virtualGPUOptions": {"display": {"ramFB": {}}}}]},
        },
        "livenessProbe": {"periodSeconds": 5},
        "readinessProbe": {},
    }}
    set_object_defaults_virtual_machine_instance(vmi)
    assert vmi["spec"] == {
        "domain": {
            "firmware": {"uuid": "given"},
            "clock": {"timer": {"hpet": ON, "kvm": {"enabled": False}, "pit": ON, "rtc": ON, "hyperv": ON}},
            "features": {"acpi": {"enabled": False}, "apic": ON, "smm": ON, "pvspinlock": ON,
                         "hyperv": {"relaxed": ON, "spinlocks": {"enabled": True, "spinlocks": 4096},
                                    "synictimer": {"enabled": True, "direct": ON},
                                    "vendorid": {"vendorid": "x", "enabled": True},
                                    "tlbflush": {"enabled": True, "direct": ON, "extended": ON},
                                    "evmcs": {"enabled": False}}},
            "devices": {"disks": [{"name": "d", "disk": {}},
                                  {"name": "c", "cdrom": {"readonly": True, "tray": "closed"}},
                                  {"name": "b", "blockSize": {"matchVolume": ON}, "disk": {}}],
                        "inputs": [{"name": "i", "bus": "usb", "type": "tablet"}],
                        "gpus": [{"name": "g", "virtualGPUOptions": {"display": {"ramFB": ON}}}]},
        },
        "livenessProbe": {"periodSeconds": 5, "timeoutSeconds": 1, "successThreshold": 1, "failureThreshold": 3},
        "readinessProbe": {"timeoutSeconds": 1, "periodSeconds": 10, "successThreshold": 1, "failureThreshold": 3},
    }


def test_disabled_spinlocks_get_no_retries() -> None:
    vmi: dict = {"spec": {"domain": {"features": {"hyperv": {"spinlocks": {"enabled": False}}}}}}
    set_object_defaults_virtual_machine_instance(vmi)
    assert vmi["spec"]["domain"]["features"]["hyperv"] == {"spinlocks": {"enabled": False}}
