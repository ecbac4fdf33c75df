"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter_test.go``
(d923fdb8) for ``ValidateVirtualMachineInstanceArm64Setting`` (pkg/virt-api/webhooks/arm64.go),
ported: "with verification for Arm64" (bootloader, CPU model, sound) and "Watchdog device validation" /
"validate for arm64", on ``api.NewMinimalVMI("testvmi")`` with the case's settings, on the path
``fake``; the whole causes are compared.

Not ported here: "should validate ACPI" of the same context tests ``validateFirmwareACPI``
(``tests/unit/kubevirt/virt_api/admitters/vmi_create_admitter/test_firmware.py``); the video models
per architecture go through ``ValidateVirtualMachineInstancePerArch``
(``tests/unit/kubevirt/virt_api/admitters/vmi_create_admitter/test_admitter_kubevirt.py``).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.arm64 import validate_virtual_machine_instance_arm64_setting


def minimal_vmi_spec(**domain: object) -> dict:
    return {"domain": {"resources": {"requests": {"memory": "8192Ki"}}, **domain}}


def _causes(spec: dict) -> list[Cause]:
    return validate_virtual_machine_instance_arm64_setting("fake", spec)


def test_should_reject_bios_bootloader() -> None:
    assert _causes(minimal_vmi_spec(firmware={"bootloader": {"bios": {}}})) == [
        Cause("fake.domain.firmware.bootloader.bios", "Arm64 does not support bios boot, please change to uefi boot",
              CAUSE_FIELD_VALUE_NOT_SUPPORTED)]


def test_should_accept_uefi_default_bootloader() -> None:
    assert _causes(minimal_vmi_spec(firmware={"bootloader": {"efi": {}}})) == []


def test_should_accept_uefi_secure_bootloader() -> None:
    assert _causes(minimal_vmi_spec(firmware={"bootloader": {"efi": {"secureBoot": True}}})) == []


@pytest.mark.parametrize("model, rejected", [
    pytest.param("host-model", True, id="host-model should get rejected with arm64"),
    pytest.param("Cooperlake", True, id="named model should get rejected with arm64"),
    pytest.param("host-passthrough", False, id="host-passthrough should be accepted with arm64"),
    pytest.param("", False, id="empty model should be accepted with arm64"),
])
def test_validating_cpu_model_with(model: str, rejected: bool) -> None:
    expected = [Cause("fake.domain.cpu.model", "currently, host-passthrough is the only model supported on Arm64",
                      CAUSE_FIELD_VALUE_NOT_SUPPORTED)] if rejected else []
    assert _causes(minimal_vmi_spec(cpu={"model": model})) == expected


def test_should_reject_setting_sound_device() -> None:
    assert _causes(minimal_vmi_spec(devices={"sound": {"name": "test-audio-device", "model": "ich9"}})) == [
        Cause("fake.domain.devices.sound", "Arm64 not support sound device", CAUSE_FIELD_VALUE_NOT_SUPPORTED)]


@pytest.mark.parametrize("watchdog, rejected", [
    pytest.param({"name": "w5", "i6300esb": {"action": "poweroff"}}, True, id="I6300ESB is rejected"),
    pytest.param({"name": "w6", "diag288": {"action": "poweroff"}}, True, id="Diag288 is rejected"),
    pytest.param(None, False, id="no watchdog configured"),
])
def test_watchdog_device_validation_validate_for_arm64(watchdog: dict | None, rejected: bool) -> None:
    expected = [Cause("fake.domain.devices.watchdog", "Arm64 not support Watchdog device",
                      CAUSE_FIELD_VALUE_NOT_SUPPORTED)] if rejected else []
    assert _causes(minimal_vmi_spec(devices={"watchdog": watchdog})) == expected
