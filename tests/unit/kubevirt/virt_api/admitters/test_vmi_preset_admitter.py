"""The VMI preset validating webhook: ValidateVMIPresetSpec and Admit."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_REQUIRED,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
)
from krmfn.kubevirt.virt_api.admitters.vmi_preset_admitter import (
    MISSING_DOMAIN,
    admit_vmi_preset_webhook,
    validate_vmi_preset_spec,
)
from krmfn.model.kubevirt_version import V1_7, V1_9
from krmfn.model.reasons import area


def test_missing_domain_is_the_only_cause() -> None:
    [cause] = validate_vmi_preset_spec("spec", {"selector": {"matchExpressions": [{"operator": "Bad"}]}})
    assert (cause.field, cause.message, cause.type) == ("spec.domain", MISSING_DOMAIN, CAUSE_FIELD_VALUE_REQUIRED)


def test_selector_is_not_validated() -> None:
    assert validate_vmi_preset_spec("spec", {"selector": {"matchExpressions": [{"operator": "Bad"}]},
                                             "domain": {"devices": {}}}) == []


def test_disks_then_firmware() -> None:
    domain = {"devices": {"disks": [{"name": "a", "disk": {}}, {"name": "a", "disk": {}}]},
              "firmware": {"bootloader": {"bios": {}, "efi": {}}, "kernelBoot": {"kernelArgs": "quiet"}}}
    causes = validate_vmi_preset_spec("spec", {"domain": domain})
    assert [(cause.field, cause.message) for cause in causes] == [
        ("spec.domain.devices.disks[1].name", "spec.domain.devices.disks[1] and spec.domain.devices.disks[0] "
                                              "must not have the same Name."),
        ("spec.domain.firmware.bootloader", "spec.domain.firmware.bootloader has both EFI and BIOS configured, "
                                            "but they are mutually exclusive."),
        ("spec.domain.firmware.kernelBoot.kernelArgs",
         "kernel arguments cannot be provided without an external kernel"),
    ]
    assert all(cause.type == CAUSE_FIELD_VALUE_INVALID for cause in causes)
    assert area("storage") in causes[0].reasons and area("firmware") in causes[1].reasons


def test_only_disks_and_firmware_are_checked() -> None:
    """Other domain rules of the VMI webhook (SecureBoot without SMM, CPU, memory) are not run."""
    domain = {"devices": {}, "firmware": {"bootloader": {"efi": {"secureBoot": True}}},
              "resources": {"requests": {"memory": "-1Mi"}}}
    assert validate_vmi_preset_spec("spec", {"domain": domain}) == []


@pytest.mark.parametrize("version", [V1_9, V1_7])
def test_admit_rejects_a_preset_without_spec_at_the_schema_gate(version: object) -> None:
    verdict = admit_vmi_preset_webhook({"metadata": {}}, version)  # type: ignore[arg-type]
    assert (verdict.allowed, verdict.stage) == (False, STAGE_VALIDATING_SCHEMA)
    assert [cause.message for cause in verdict.causes] == [
        "spec in body is required", 'spec in body must be of type object: "null"']


def test_admit_missing_domain() -> None:
    verdict = admit_vmi_preset_webhook({"spec": {"selector": {}}})
    assert (verdict.allowed, verdict.stage, verdict.message) == (False, STAGE_VALIDATING_WEBHOOK, MISSING_DOMAIN)


def test_admit_decoding_error() -> None:
    verdict = admit_vmi_preset_webhook({"spec": {"selector": {}, "domain": {"devices": {}, "cpu": {"cores": -1}}}})
    assert (verdict.allowed, verdict.stage) == (False, STAGE_VALIDATING_WEBHOOK)
    # json.Unmarshal(raw, &vmipreset): the root is the preset (a DomainSpec has no UnmarshalJSON of its own)
    assert verdict.message == ("json: cannot unmarshal number -1 into Go struct field "
                               "VirtualMachineInstancePreset.spec.domain.cpu.cores of type uint32")


def test_admit_allows_without_warnings_of_its_own() -> None:
    verdict = admit_vmi_preset_webhook({"spec": {"selector": {"matchLabels": {"a": "b"}}, "domain": {"devices": {}}}})
    assert verdict.allowed and verdict.warnings == []
