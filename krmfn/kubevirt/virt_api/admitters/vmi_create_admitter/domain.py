"""``validateDomainSpec`` and what it calls (vmi-create-admitter.go, d923fdb8):
``storageadmitters.ValidateDisks`` (krmfn.kubevirt.storage.admitters.disks), ``validateFirmware``,
``validateBootloader``, ``validateKernelBoot`` (with ``storageadmitters.ValidatePath``, also
krmfn.kubevirt.storage.admitters.disks), and the SecureBoot-requires-SMM rule with its predicates
``efiBootEnabled``, ``secureBootEnabled`` and ``smmFeatureEnabled``.

``field`` of the checks here is the path of the domain (``spec.template.spec.domain``). Messages
that embed a path embed it as Go's ``%s`` of a ``*field.Path`` does: its string.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.kubevirt.storage.admitters.disks import validate_disks, validate_path
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str

BOTH_BOOTLOADERS_FMT = "%s has both EFI and BIOS configured, but they are mutually exclusive."
KERNEL_ARGS_WITHOUT_KERNEL = "kernel arguments cannot be provided without an external kernel"
KERNEL_IMAGE_REQUIRED_FMT = "%s must be defined with an image"
KERNEL_OR_INITRD_REQUIRED_FMT = "%s must be defined with at least one of the following: kernelPath, initrdPath"
SECURE_BOOT_REQUIRES_SMM_FMT = (
    "%s has EFI SecureBoot enabled. SecureBoot requires SMM, which is currently disabled.")


def _pointer(holder: object, key: str) -> dict | None:
    """``holder.key`` of a struct pointer chain: None when the holder or the key is nil."""
    value = holder.get(key) if isinstance(holder, dict) else None
    if value is None:
        return None
    return value if isinstance(value, dict) else {}


def efi_bootloader(firmware: object) -> dict | None:
    """``firmware.bootloader.efi``, or None when any of them is nil."""
    return _pointer(firmware.get("bootloader") if isinstance(firmware, dict) else None, "efi")


def efi_boot_enabled(firmware: object) -> bool:
    """``efiBootEnabled``: ``firmware.bootloader.efi`` is set."""
    return efi_bootloader(firmware) is not None


def secure_boot_enabled(firmware: object) -> bool:
    """``secureBootEnabled``: EFI with ``secureBoot`` unset or true."""
    efi = efi_bootloader(firmware)
    if efi is None:
        return False
    secure_boot = efi.get("secureBoot")
    return secure_boot is None or secure_boot is True


def smm_feature_enabled(features: object) -> bool:
    """``smmFeatureEnabled``: ``features.smm`` set with ``enabled`` unset or true."""
    smm = _pointer(features, "smm")
    if smm is None:
        return False
    enabled = smm.get("enabled")
    return enabled is None or enabled is True


def validate_domain_spec(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateDomainSpec`` on ``<field>.domain``: the disks, the firmware, and SecureBoot
    without SMM (a TDX guest is exempt since v1.9: its firmware is stateless)."""
    holder = spec.get("domain")
    if not isinstance(holder, dict):
        holder = {}
    devices = holder.get("devices")
    disks = devices.get("disks") if isinstance(devices, dict) else None
    causes = validate_disks(f"{field}.domain.devices.disks", disks) if isinstance(disks, list) and disks else []
    firmware = holder.get("firmware")
    if firmware is None:
        return causes
    causes += validate_firmware(f"{field}.domain.firmware", firmware)
    tdx_exempt = config.kubevirt_version.tdx_secure_boot_without_smm \
        and _pointer(holder.get("launchSecurity"), "tdx") is not None
    if secure_boot_enabled(firmware) and not smm_feature_enabled(holder.get("features")) and not tdx_exempt:
        domain_field = f"{field}.domain"
        causes.append(Cause(domain_field, SECURE_BOOT_REQUIRES_SMM_FMT % domain_field, CAUSE_FIELD_VALUE_INVALID))
    return causes


def validate_firmware(field: str, firmware: object) -> list[Cause]:
    """``validateFirmware``: the bootloader and the kernel boot of a set firmware."""
    if firmware is None:
        return []
    holder = as_dict(firmware)
    causes = validate_bootloader(field, holder.get("bootloader"))
    kernel_boot = holder.get("kernelBoot")
    if kernel_boot is not None:
        causes += validate_kernel_boot(f"{field}.kernelBoot", kernel_boot)
    return causes


def validate_bootloader(firmware_field: str, bootloader: object) -> list[Cause]:
    """``validateBootloader`` on ``<firmware_field>.bootloader``: not both EFI and BIOS."""
    if isinstance(bootloader, dict) and bootloader.get("efi") is not None and bootloader.get("bios") is not None:
        field = f"{firmware_field}.bootloader"
        return [Cause(field, BOTH_BOOTLOADERS_FMT % field, CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_kernel_boot(field: str, kernel_boot: object) -> list[Cause]:
    """``validateKernelBoot``: kernel arguments need a kernel container, which needs an image
    and a kernel or initrd path, each absolute and clean."""
    if kernel_boot is None:
        return []
    holder = as_dict(kernel_boot)
    container = holder.get("container")
    if container is None:
        if as_str(holder.get("kernelArgs")):
            return [Cause(f"{field}.kernelArgs", KERNEL_ARGS_WITHOUT_KERNEL, CAUSE_FIELD_VALUE_INVALID)]
        return []
    container = as_dict(container)
    container_field = f"{field}.container"
    kernel_path, initrd_path = as_str(container.get("kernelPath")), as_str(container.get("initrdPath"))
    causes = []
    if not as_str(container.get("image")):
        causes.append(Cause(f"{container_field}.image", KERNEL_IMAGE_REQUIRED_FMT % container_field,
                            CAUSE_FIELD_VALUE_REQUIRED))
    if not kernel_path and not initrd_path:
        causes.append(Cause(container_field, KERNEL_OR_INITRD_REQUIRED_FMT % container_field,
                            CAUSE_FIELD_VALUE_REQUIRED))
    if kernel_path:
        causes += validate_path(f"{container_field}.kernelPath", kernel_path)
    if initrd_path:
        causes += validate_path(f"{container_field}.initrdPath", initrd_path)
    return causes
