"""validateDomainSpec: firmware, bootloader, kernel boot, SecureBoot without SMM."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.domain import (
    efi_boot_enabled,
    secure_boot_enabled,
    smm_feature_enabled,
    validate_domain_spec,
    validate_kernel_boot,
)

from krmfn.model.kubevirt_version import kubevirt_version

FIELD = "spec.template.spec"
DOMAIN = "spec.template.spec.domain"
SMM_REQUIRED = (DOMAIN, "spec.template.spec.domain has EFI SecureBoot enabled. SecureBoot requires SMM, "
                        "which is currently disabled.")
KERNEL_BOOT = "spec.template.spec.domain.firmware.kernelBoot"
CONTAINER = KERNEL_BOOT + ".container"


def _pairs(causes: list) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in causes]


def _domain_causes(domain: dict) -> list[tuple[str, str]]:
    return _pairs(validate_domain_spec(FIELD, {"domain": {"devices": {}, **domain}}, ClusterConfig()))


@pytest.mark.parametrize("firmware, efi, secure", [
    (None, False, False),
    ({}, False, False),
    ({"bootloader": {"bios": {}}}, False, False),
    ({"bootloader": {"efi": None}}, False, False),
    ({"bootloader": {"efi": {}}}, True, True),
    ({"bootloader": {"efi": {"secureBoot": True}}}, True, True),
    ({"bootloader": {"efi": {"secureBoot": False}}}, True, False),
])
def test_efi_and_secure_boot_predicates(firmware: object, efi: bool, secure: bool) -> None:
    assert (efi_boot_enabled(firmware), secure_boot_enabled(firmware)) == (efi, secure)


@pytest.mark.parametrize("features, enabled", [
    (None, False), ({}, False), ({"smm": None}, False), ({"smm": {}}, True),
    ({"smm": {"enabled": True}}, True), ({"smm": {"enabled": False}}, False),
])
def test_smm_predicate(features: object, enabled: bool) -> None:
    assert smm_feature_enabled(features) is enabled


@pytest.mark.parametrize("domain, expected", [
    ({}, []),
    ({"firmware": {"bootloader": {"efi": {}}}}, [SMM_REQUIRED]),
    ({"firmware": {"bootloader": {"efi": {"secureBoot": True}}}, "features": {"smm": {"enabled": False}}},
     [SMM_REQUIRED]),
    ({"firmware": {"bootloader": {"efi": {}}}, "features": {"smm": {}}}, []),
    ({"firmware": {"bootloader": {"efi": {"secureBoot": False}}}}, []),
    ({"firmware": {"bootloader": {"efi": {}}}, "launchSecurity": {"tdx": {}}}, []),
    ({"firmware": {"bootloader": {"efi": {}}}, "launchSecurity": {"sev": {}}}, [SMM_REQUIRED]),
    ({"firmware": {"bootloader": {"efi": {}, "bios": {}}}}, [
        ("spec.template.spec.domain.firmware.bootloader",
         "spec.template.spec.domain.firmware.bootloader has both EFI and BIOS configured, "
         "but they are mutually exclusive."),
        SMM_REQUIRED,
    ]),
])
def test_domain_spec(domain: dict, expected: list) -> None:
    assert _domain_causes(domain) == expected


@pytest.mark.parametrize("kernel_boot, expected", [
    (None, []),
    ({}, []),
    ({"kernelArgs": "console=ttyS0"}, [(KERNEL_BOOT + ".kernelArgs",
                                         "kernel arguments cannot be provided without an external kernel")]),
    ({"container": {"image": "img", "kernelPath": "/boot/vmlinuz"}, "kernelArgs": "x"}, []),
    ({"container": {}}, [
        (CONTAINER + ".image", CONTAINER + " must be defined with an image"),
        (CONTAINER, CONTAINER + " must be defined with at least one of the following: kernelPath, initrdPath"),
    ]),
    ({"container": {"image": "img", "kernelPath": "/", "initrdPath": "boot/initrd"}}, [
        (CONTAINER + ".kernelPath", CONTAINER + ".kernelPath must not point to root"),
        (CONTAINER + ".initrdPath",
         CONTAINER + ".initrdPath must be an absolute path to a file without relative components"),
    ]),
])
def test_kernel_boot(kernel_boot: object, expected: list) -> None:
    assert _pairs(validate_kernel_boot(KERNEL_BOOT, kernel_boot)) == expected


def test_the_chain_reports_secure_boot_without_smm_from_a_preference() -> None:
    preference = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
                  "metadata": {"name": "pf"}, "spec": {"firmware": {"preferredEfi": {}}}}
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "preference": {"name": "pf"},
                   "template": {"spec": {"domain": {"devices": {}}}}}}
    verdict = admit_bundle([preference, vm])[1]
    assert verdict is not None and not verdict.allowed
    assert _pairs(verdict.causes) == [SMM_REQUIRED]


def test_before_v1_9_tdx_secure_boot_needs_smm() -> None:
    """PR #17624 (v1.9) exempts TDX from the SMM requirement of SecureBoot."""
    spec = {"domain": {"devices": {}, "firmware": {"bootloader": {"efi": {}}}, "launchSecurity": {"tdx": {}}}}
    assert validate_domain_spec(FIELD, spec, ClusterConfig()) == []
    [cause] = validate_domain_spec(FIELD, spec, ClusterConfig(kubevirt_version=kubevirt_version("v1.8")))
    assert (cause.field, cause.message) == SMM_REQUIRED
