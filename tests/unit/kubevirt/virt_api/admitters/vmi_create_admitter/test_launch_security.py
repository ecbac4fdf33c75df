"""validateLaunchSecurity and ValidateLaunchSecurityAmd64, alone and through the whole chain."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.launch_security import validate_launch_security
from krmfn.model.kubevirt_version import kubevirt_version

FIELD = "spec.template.spec"
TARGET = "spec.template.spec.launchSecurity"
DEFAULT = ClusterConfig()
TDX_ON = ClusterConfig(feature_gates=("WorkloadEncryptionTDX",))
NO_SECURE_BOOT = {"bootloader": {"efi": {"secureBoot": False}}}


def _spec(launch_security: object, architecture: str = "amd64", **domain: object) -> dict:
    return {"architecture": architecture, "domain": {"launchSecurity": launch_security, "devices": {}, **domain}}


def _messages(spec: dict, config: ClusterConfig = DEFAULT) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in validate_launch_security(FIELD, spec, config)]


def test_no_launch_security() -> None:
    assert _messages({"architecture": "arm64", "domain": {}}) == []
    assert _messages(_spec(None, "arm64")) == []


@pytest.mark.parametrize("architecture, expected", [
    ("s390x", []),
    ("arm64", [("spec.template.spec.architecture", "No launchSecurity support for architecture: arm64")]),
    ("", [("spec.template.spec.architecture", "No launchSecurity support for architecture: ")]),
])
def test_architectures(architecture: str, expected: list) -> None:
    assert _messages(_spec({}, architecture)) == expected


@pytest.mark.parametrize("launch_security", [{}, {"sev": {}, "snp": {}}, {"sev": {}, "tdx": {}},
                                             {"sev": None}])
def test_one_and_only_one_type(launch_security: dict) -> None:
    assert _messages(_spec(launch_security)) == [(TARGET, "One and only one launchSecurity type can be set")]


def test_tdx_needs_its_gate_sev_and_snp_are_beta() -> None:
    assert _messages(_spec({"tdx": {}})) == [
        (TARGET, "WorkloadEncryptionTDX feature gate is not enabled in kubevirt-config")]
    disabled = ClusterConfig(disabled_feature_gates=("WorkloadEncryptionSEV",))
    for kind in ("sev", "snp"):
        assert _messages(_spec({kind: {}}), disabled) == [
            (TARGET, "WorkloadEncryptionSEV feature gate is not enabled in kubevirt-config")]


@pytest.mark.parametrize("launch_security, domain, config, messages", [
    ({"sev": {}}, {}, DEFAULT, ["SEV requires OVMF (UEFI)"]),
    ({"snp": {}}, {"firmware": {"bootloader": {"bios": {}}}}, DEFAULT, ["SNP requires OVMF (UEFI)"]),
    ({"sev": {}}, {"firmware": {"bootloader": {"efi": {}}}}, DEFAULT, ["SEV does not work along with SecureBoot"]),
    ({"sev": {}}, {"firmware": NO_SECURE_BOOT}, DEFAULT, []),
    ({"sev": {}}, {"firmware": {"bootloader": {"efi": {"secureBoot": False, "persistent": True}}}}, DEFAULT, []),
    ({"snp": {}}, {"firmware": {"bootloader": {"efi": {"secureBoot": True, "persistent": True}}}}, DEFAULT,
     ["SNP does not work along with SecureBoot", "SNP does not work along with Persistent EFI variables"]),
    ({"tdx": {}}, {"firmware": {"bootloader": {"efi": {}}}}, TDX_ON, []),
    ({"tdx": {}}, {"firmware": {"bootloader": {"efi": {"persistent": True}}}, "features": {"smm": {}}}, TDX_ON,
     ["TDX does not work along with SMM", "TDX does not work along with Persistent EFI variables"]),
    ({"tdx": {}}, {"features": {"smm": {"enabled": False}}}, TDX_ON, ["TDX requires OVMF (UEFI)"]),
    ({"sev": {}}, {"features": {"smm": {}}, "firmware": NO_SECURE_BOOT}, DEFAULT, []),
])
def test_rules_of_the_selected_type(launch_security: dict, domain: dict, config: ClusterConfig,
                                    messages: list) -> None:
    assert _messages(_spec(launch_security, **domain), config) == [(TARGET, message) for message in messages]


@pytest.mark.parametrize("start_strategy, attestation, messages", [
    (None, {}, ["SEV attestation requires VMI StartStrategy 'Paused'"]),
    ("", {}, ["SEV attestation requires VMI StartStrategy 'Paused'"]),
    ("Paused", {}, []),
    (None, None, []),
])
def test_sev_attestation_needs_paused(start_strategy: str | None, attestation: object, messages: list) -> None:
    spec = _spec({"sev": {"attestation": attestation}}, firmware=NO_SECURE_BOOT)
    if start_strategy is not None:
        spec["startStrategy"] = start_strategy
    assert _messages(spec) == [(TARGET, message) for message in messages]


def test_every_rule_in_order_and_bootable_nics() -> None:
    spec = _spec({"sev": {"attestation": {}}}, firmware={"bootloader": {"efi": {}}})
    spec["domain"]["devices"]["interfaces"] = [{"name": "a", "bootOrder": 1}, {"name": "b"},
                                               {"name": "c", "bootOrder": 2}]
    assert _messages(spec) == [(TARGET, message) for message in (
        "SEV does not work along with SecureBoot",
        "SEV attestation requires VMI StartStrategy 'Paused'",
        "SEV does not work with bootable NICs: a",
        "SEV does not work with bootable NICs: c",
    )]


def _instancetype(launch_security: dict) -> dict:
    return {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
            "metadata": {"name": "it"},
            "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}, "launchSecurity": launch_security}}


def _vm(domain: dict) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": {"runStrategy": "Halted", "instancetype": {"name": "it"},
                     "template": {"spec": {"domain": {"devices": {}, **domain}}}}}


@pytest.mark.parametrize("launch_security, vm_domain, expected", [
    ({}, {}, ["One and only one launchSecurity type can be set"]),
    ({"sev": {}}, {}, ["SEV requires OVMF (UEFI)"]),
    ({"tdx": {}}, {}, ["WorkloadEncryptionTDX feature gate is not enabled in kubevirt-config"]),
    ({"sev": {}}, {"firmware": NO_SECURE_BOOT}, []),
])
def test_the_instance_type_launch_security_is_judged_after_apply(launch_security: dict, vm_domain: dict,
                                                                 expected: list) -> None:
    verdict = admit_bundle([_instancetype(launch_security), _vm(vm_domain)])[1]
    assert verdict is not None
    assert [(cause.field, cause.message) for cause in verdict.causes] == [(TARGET, message) for message in expected]


# -- older KubeVirt releases (kubevirtVersion) ----------------------------------------------------
def test_before_v1_9_sev_needs_its_alpha_gate() -> None:
    """WorkloadEncryptionSEV is Alpha in v1.8 (Beta, on, in v1.9 by PR #18048): the gate message
    replaces "SEV requires OVMF (UEFI)" (golden instancetype-fields/launchsecurity-sev)."""
    spec = _spec({"sev": {}})
    assert _messages(spec) == [(f"{FIELD}.launchSecurity", "SEV requires OVMF (UEFI)")]
    assert _messages(spec, ClusterConfig(kubevirt_version=kubevirt_version("v1.8"))) == [
        (f"{FIELD}.launchSecurity", "WorkloadEncryptionSEV feature gate is not enabled in kubevirt-config")]


def test_before_v1_9_s390x_launch_security_needs_secure_execution() -> None:
    """ValidateLaunchSecurityS390x (removed in v1.9 by PR #17770)."""
    spec = _spec({}, architecture="s390x")
    assert _messages(spec) == []
    assert _messages(spec, ClusterConfig(kubevirt_version=kubevirt_version("v1.8"))) == [
        (f"{FIELD}.launchSecurity", "SecureExecution feature gate is not enabled in kubevirt-config")]
    enabled = ClusterConfig(feature_gates=("SecureExecution",), kubevirt_version=kubevirt_version("v1.7"))
    assert _messages(spec, enabled) == []
