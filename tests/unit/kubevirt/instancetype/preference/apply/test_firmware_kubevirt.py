"""Cases of KubeVirt's `pkg/instancetype/preference/apply/firmware_test.go` (d923fdb8), ported: every
It of "Preference.Firmware", run through ``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi``
(no instance type) as the Go test runs ``ApplyToVMI``. The Go test checks single bootloader
fields; each case here compares the whole bootloader KubeVirt's ``applyFirmwarePreferences``
leaves.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi

BASE_PATH = "spec.template.spec"


@pytest.mark.parametrize(
    ("vmi_bootloader", "pf_firmware", "expected_bootloader"),
    [
        pytest.param(None,
                     {"preferredUseBios": True, "preferredUseBiosSerial": True,
                      "preferredUseEfi": False, "preferredUseSecureBoot": False},
                     {"bios": {"useSerial": True}},
                     id="should apply BIOS preferences full to VMI"),
        pytest.param(None,
                     {"preferredUseBios": False, "preferredUseBiosSerial": False,
                      "preferredUseEfi": True, "preferredUseSecureBoot": True},
                     {"efi": {"secureBoot": True}},
                     id="should apply SecureBoot preferences full to VMI"),
        pytest.param({"bios": {"useSerial": False}},
                     {"preferredUseEfi": True, "preferredUseSecureBoot": True},
                     {"bios": {"useSerial": False}},
                     id="should not overwrite user defined Bootloader.BIOS with DeprecatedPreferredUseEfi - #10313"),
        pytest.param({"bios": {"useSerial": False}},
                     {"preferredUseBios": True, "preferredUseBiosSerial": True},
                     {"bios": {"useSerial": False}},
                     id="should not overwrite user defined value with PreferredUseBiosSerial - bug #10313"),
        pytest.param({"efi": {"secureBoot": False}},
                     {"preferredUseBios": True, "preferredUseBiosSerial": True},
                     {"efi": {"secureBoot": False}},
                     id="should not overwrite user defined Bootloader.EFI with PreferredUseBios - bug #10313"),
        pytest.param({"efi": {"secureBoot": False}},
                     {"preferredUseEfi": True, "preferredUseSecureBoot": True},
                     {"efi": {"secureBoot": False}},
                     id="should not overwrite user defined value with DeprecatedPreferredUseSecureBoot - bug #10313"),
        pytest.param(None,
                     {"preferredEfi": {"persistent": True, "secureBoot": True}},
                     {"efi": {"persistent": True, "secureBoot": True}},
                     id="should apply PreferredEfi"),
        pytest.param(None,
                     {"preferredEfi": {"persistent": True},
                      "preferredUseEfi": False, "preferredUseSecureBoot": False},
                     {"efi": {"persistent": True}},
                     id="should ignore DeprecatedPreferredUseEfi and DeprecatedPreferredUseSecureBoot w/ PreferredEfi"),
        pytest.param({"efi": {"secureBoot": False}},
                     {"preferredEfi": {"secureBoot": True, "persistent": True}},
                     {"efi": {"secureBoot": False}},
                     id="should not overwrite EFI when using PreferredEfi - bug #12985"),
        pytest.param({"bios": {}},
                     {"preferredEfi": {}},
                     {"bios": {}},
                     id="should not apply PreferredEfi when VM already using BIOS - bug #12985"),
    ],
)
def test_preference_firmware(vmi_bootloader: dict | None, pf_firmware: dict, expected_bootloader: dict) -> None:
    spec: dict = {"domain": {}}
    if vmi_bootloader is not None:
        spec["domain"]["firmware"] = {"bootloader": copy.deepcopy(vmi_bootloader)}
    assert apply_to_vmi(BASE_PATH, None, {"firmware": copy.deepcopy(pf_firmware)}, spec, {}) == []
    assert spec["domain"]["firmware"] == {"bootloader": expected_bootloader}
