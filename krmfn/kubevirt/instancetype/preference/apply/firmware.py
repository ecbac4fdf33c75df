"""Firmware preferences with their precise precedence (docs/kubevirt/preference-apply.md#firmware).

Mirrors `applyFirmwarePreferences` in KubeVirt's pkg/instancetype/preference/apply/firmware.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child, ptr_set
from krmfn.kubevirt.instancetype.preference.apply._tree import deep_copy, domain_of, section


def apply_firmware_preferences(pf_spec: dict, template_spec: dict) -> None:
    """Apply `PF.firmware`; creates `T.domain.firmware.bootloader: {}` whenever it is present.

    Order (docs/kubevirt/preference-apply.md#firmware): BIOS, BIOS serial, preferredEfi (and stop, but only if it was
    applied), then the deprecated preferredUseEfi and preferredUseSecureBoot.
    """
    pf_firmware = section(pf_spec, "firmware")
    if pf_firmware is None:
        return
    bootloader = child(child(domain_of(template_spec), "firmware"), "bootloader")
    _apply_bios(pf_firmware, bootloader)
    if _apply_preferred_efi(pf_firmware, bootloader):
        # The deprecated fields are ignored only when preferredEfi was actually applied; with a
        # user-provided EFI they still run (docs/kubevirt/preference-apply.md#firmware SURPRISE).
        return
    _apply_deprecated_efi(pf_firmware, bootloader)


def _apply_bios(pf_firmware: dict, bootloader: dict) -> None:
    if pf_firmware.get("preferredUseBios") is True and not _has_bootloader(bootloader):
        bootloader["bios"] = {}
    use_serial = pf_firmware.get("preferredUseBiosSerial")
    bios = bootloader.get("bios")
    if ptr_set(use_serial) and isinstance(bios, dict) and not ptr_set(bios.get("useSerial")):
        bios["useSerial"] = use_serial


def _apply_preferred_efi(pf_firmware: dict, bootloader: dict) -> bool:
    """Copy preferredEfi into an empty bootloader; True when it was applied."""
    efi = pf_firmware.get("preferredEfi")
    if _has_bootloader(bootloader) or not ptr_set(efi):
        return False
    bootloader["efi"] = deep_copy(efi)
    return True


def _apply_deprecated_efi(pf_firmware: dict, bootloader: dict) -> None:
    if pf_firmware.get("preferredUseEfi") is True and not _has_bootloader(bootloader):
        bootloader["efi"] = {}
    secure_boot = pf_firmware.get("preferredUseSecureBoot")
    efi = bootloader.get("efi")
    if ptr_set(secure_boot) and isinstance(efi, dict) and not ptr_set(efi.get("secureBoot")):
        efi["secureBoot"] = secure_boot


def _has_bootloader(bootloader: dict) -> bool:
    """Whether T already chose BIOS or EFI."""
    return ptr_set(bootloader.get("bios")) or ptr_set(bootloader.get("efi"))
