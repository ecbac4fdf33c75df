"""``validateLaunchSecurity`` (vmi-create-admitter.go) and ``ValidateLaunchSecurityAmd64``
(pkg/virt-api/webhooks/amd64.go), d923fdb8.

Every cause of the amd64 rules is on ``<spec>.launchSecurity`` although the field lives at
``<spec>.domain.launchSecurity`` (KubeVirt passes the spec path, not the domain path). The rules
after the type-and-gate gate (SMM, OVMF, SecureBoot, persistent EFI, attestation, bootable NICs)
all apply together, in that order, and name the one selected type.

Before KubeVirt v1.9 (``KubevirtVersion.secure_execution_needs_gate``), s390x launch security needs
the SecureExecution gate (``ValidateLaunchSecurityS390x`` of pkg/virt-api/webhooks/s390x.go at
v1.8.4); the gates' own states per release come from ``krmfn.kubevirt.virt_config.featuregate`` (SEV is
Alpha before v1.9, so "WorkloadEncryptionSEV feature gate is not enabled" comes first there).
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_FORBIDDEN, CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.model.reasons import needs_feature_gate
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, devices, dicts, domain
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.domain import efi_bootloader, smm_feature_enabled

NO_ARCH_SUPPORT_FMT = "No launchSecurity support for architecture: %s"
ONE_TYPE_ONLY = "One and only one launchSecurity type can be set"
GATE_NOT_ENABLED_FMT = "%s feature gate is not enabled in kubevirt-config"
TDX_WITH_SMM = "TDX does not work along with SMM"
REQUIRES_OVMF_FMT = "%s requires OVMF (UEFI)"
NO_SECURE_BOOT_FMT = "%s does not work along with SecureBoot"
NO_PERSISTENT_EFI_FMT = "%s does not work along with Persistent EFI variables"
SEV_ATTESTATION_NEEDS_PAUSED = "SEV attestation requires VMI StartStrategy 'Paused'"
NO_BOOTABLE_NICS_FMT = "%s does not work with bootable NICs: %s"

SEV_GATE = "WorkloadEncryptionSEV"
TDX_GATE = "WorkloadEncryptionTDX"
SECURE_EXECUTION_GATE = "SecureExecution"
START_STRATEGY_PAUSED = "Paused"
# launchSecurity key -> (the type's name in messages, its gate), in KubeVirt's order.
LAUNCH_SECURITY_TYPES = (("sev", "SEV", SEV_GATE), ("snp", "SNP", SEV_GATE), ("tdx", "TDX", TDX_GATE))


def validate_launch_security(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateLaunchSecurity``: the amd64 rules; nothing on s390x; any other architecture
    (the spec's own, which the defaults have set) has no launch security."""
    holder = spec.get("domain")
    if not isinstance(holder, dict) or holder.get("launchSecurity") is None:
        return []
    architecture = as_str(spec.get("architecture"))
    if architecture == "amd64":
        return validate_launch_security_amd64(field, spec, config)
    if architecture == "s390x":
        gated = config.kubevirt_version.secure_execution_needs_gate
        if gated and not config.feature_gate_enabled(SECURE_EXECUTION_GATE):
            return [Cause(f"{field}.launchSecurity", GATE_NOT_ENABLED_FMT % SECURE_EXECUTION_GATE,
                          CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(SECURE_EXECUTION_GATE))]
        return []
    return [Cause(f"{field}.architecture", NO_ARCH_SUPPORT_FMT % architecture, CAUSE_FIELD_VALUE_INVALID)]


def validate_launch_security_amd64(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``ValidateLaunchSecurityAmd64``: exactly one of sev, snp and tdx, its gate enabled, then
    the rules of that type."""
    launch_security = as_dict(domain(spec).get("launchSecurity"))
    selected = [(name, gate) for key, name, gate in LAUNCH_SECURITY_TYPES if launch_security.get(key) is not None]
    target = f"{field}.launchSecurity"
    if len(selected) != 1:
        return [Cause(target, ONE_TYPE_ONLY, CAUSE_FIELD_VALUE_FORBIDDEN)]
    name, gate = selected[0]
    if not config.feature_gate_enabled(gate):
        return [Cause(target, GATE_NOT_ENABLED_FMT % gate, CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(gate))]
    messages = (_smm_messages(name, spec) + _firmware_messages(name, spec)
                + _attestation_messages(name, spec, launch_security) + _bootable_nic_messages(name, spec))
    return [Cause(target, message, CAUSE_FIELD_VALUE_INVALID) for message in messages]


def _smm_messages(name: str, spec: dict) -> list[str]:
    return [TDX_WITH_SMM] if name == "TDX" and smm_feature_enabled(domain(spec).get("features")) else []


def _firmware_messages(name: str, spec: dict) -> list[str]:
    efi = efi_bootloader(domain(spec).get("firmware"))
    if efi is None:
        return [REQUIRES_OVMF_FMT % name]
    messages = []
    secure_boot = efi.get("secureBoot")
    if name in ("SEV", "SNP") and (secure_boot is None or secure_boot is True):
        messages.append(NO_SECURE_BOOT_FMT % name)
    if name in ("SNP", "TDX") and efi.get("persistent") is True:
        messages.append(NO_PERSISTENT_EFI_FMT % name)
    return messages


def _attestation_messages(name: str, spec: dict, launch_security: dict) -> list[str]:
    if name != "SEV" or spec.get("startStrategy") == START_STRATEGY_PAUSED:
        return []
    sev = launch_security.get("sev")
    return [SEV_ATTESTATION_NEEDS_PAUSED] if as_dict(sev).get("attestation") is not None else []


def _bootable_nic_messages(name: str, spec: dict) -> list[str]:
    return [NO_BOOTABLE_NICS_FMT % (name, as_str(interface.get("name")))
            for interface in dicts(devices(spec).get("interfaces")) if interface.get("bootOrder") is not None]
