"""Tests for krmfn.kubevirt.instancetype.preference.apply.firmware (KubeVirt apply/firmware.go;
docs/kubevirt/preference-apply.md#firmware)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.apply.firmware import apply_firmware_preferences


def _firmware_after(pf_firmware: dict | None, vm_bootloader: dict | None = None) -> dict | None:
    domain: dict = {}
    if vm_bootloader is not None:
        domain["firmware"] = {"bootloader": vm_bootloader}
    t = {"domain": domain}
    apply_firmware_preferences({"firmware": pf_firmware}, t)
    return domain.get("firmware")


@pytest.mark.parametrize(
    ("vm_bootloader", "pf_firmware", "expected_bootloader"),
    [
        pytest.param(None, {"preferredUseBios": True, "preferredUseBiosSerial": True},
                     {"bios": {"useSerial": True}}, id="should apply BIOS preferences full to VMI"),
        pytest.param(None, {"preferredUseEfi": True, "preferredUseSecureBoot": True},
                     {"efi": {"secureBoot": True}}, id="should apply SecureBoot preferences full to VMI"),
        pytest.param(None, {"preferredEfi": {"persistent": True}, "preferredUseEfi": False,
                            "preferredUseSecureBoot": False},
                     {"efi": {"persistent": True}},
                     id="should ignore deprecated fields when using PreferredEfi"),
        pytest.param({"bios": {"useSerial": False}}, {"preferredUseEfi": True, "preferredUseSecureBoot": True},
                     {"bios": {"useSerial": False}},
                     id="should not overwrite user defined BIOS with DeprecatedPreferredUseEfi"),
        pytest.param({"efi": {"secureBoot": False}}, {"preferredUseBios": True, "preferredUseBiosSerial": True},
                     {"efi": {"secureBoot": False}},
                     id="should not overwrite user defined EFI with PreferredUseBios"),
        pytest.param({"efi": {"secureBoot": False}}, {"preferredEfi": {"secureBoot": True, "persistent": True}},
                     {"efi": {"secureBoot": False}}, id="should not overwrite EFI when using PreferredEfi"),
        pytest.param({"bios": {}}, {"preferredEfi": {}}, {"bios": {}},
                     id="should not apply PreferredEfi when VM already using BIOS"),
        pytest.param({"efi": {}}, {"preferredEfi": {"secureBoot": True}, "preferredUseSecureBoot": False},
                     {"efi": {"secureBoot": False}},
                     id="deprecated secureBoot still fills a user EFI when preferredEfi was not applied"),
        pytest.param(None, {"preferredUseEfi": False, "preferredUseSecureBoot": True}, {},
                     id="useEfi false creates only the empty bootloader"),
    ],
)
def test_firmware_precedence_e40(vm_bootloader: dict | None, pf_firmware: dict, expected_bootloader: dict) -> None:
    assert _firmware_after(pf_firmware, vm_bootloader) == {"bootloader": expected_bootloader}


def test_should_apply_preferred_efi() -> None:
    assert _firmware_after({"preferredEfi": {"secureBoot": True, "persistent": True}}) == {
        "bootloader": {"efi": {"secureBoot": True, "persistent": True}}
    }


def test_bios_wins_over_efi_when_both_are_preferred() -> None:
    assert _firmware_after({"preferredUseBios": True, "preferredEfi": {"secureBoot": True}}) == {
        "bootloader": {"bios": {}}
    }


def test_bios_serial_applies_to_user_bios() -> None:
    assert _firmware_after({"preferredUseBiosSerial": True}, {"bios": {}}) == {
        "bootloader": {"bios": {"useSerial": True}}
    }


def test_should_not_overwrite_user_defined_value_with_preferred_use_bios_serial() -> None:
    assert _firmware_after({"preferredUseBios": True, "preferredUseBiosSerial": True},
                           {"bios": {"useSerial": False}}) == {
        "bootloader": {"bios": {"useSerial": False}}
    }


def test_should_not_overwrite_user_defined_value_with_deprecated_preferred_use_secure_boot() -> None:
    assert _firmware_after({"preferredUseEfi": True, "preferredUseSecureBoot": True},
                           {"efi": {"secureBoot": False}}) == {
        "bootloader": {"efi": {"secureBoot": False}}
    }


def test_use_bios_false_does_nothing_but_create_the_bootloader() -> None:
    assert _firmware_after({"preferredUseBios": False, "preferredUseBiosSerial": True}) == {"bootloader": {}}


def test_empty_firmware_preference_creates_firmware_and_bootloader() -> None:
    assert _firmware_after({}) == {"bootloader": {}}


def test_nothing_happens_when_pf_firmware_is_absent() -> None:
    assert _firmware_after(None) is None


def test_other_firmware_fields_are_kept() -> None:
    t = {"domain": {"firmware": {"uuid": "u-1", "serial": "s-1"}}}
    apply_firmware_preferences({"firmware": {"preferredUseBios": True}}, t)
    assert t["domain"]["firmware"] == {"uuid": "u-1", "serial": "s-1", "bootloader": {"bios": {}}}


def test_preferred_efi_copy_is_independent_of_the_preference() -> None:
    pf = {"firmware": {"preferredEfi": {"secureBoot": True}}}
    t: dict = {}
    apply_firmware_preferences(pf, t)
    t["domain"]["firmware"]["bootloader"]["efi"]["secureBoot"] = False
    assert pf == {"firmware": {"preferredEfi": {"secureBoot": True}}}
