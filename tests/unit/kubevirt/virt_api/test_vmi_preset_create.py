"""The CREATE chain of a VirtualMachineInstancePreset, end to end: one object admitted, one
rejected at each stage."""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.util.webhooks import (
    REASON_DEPRECATED_API_VERSION,
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
)
from krmfn.kubevirt.virt_api.vmi_preset_create import VMI_PRESET_RESOURCE, admit_vmi_preset
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.findings import UNSET
from krmfn.model.kubevirt_version import V1_7, V1_8
from krmfn.model.record import replace

CONFIG = ClusterConfig()
PRESET = {
    "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstancePreset",
    "metadata": {"name": "small"},
    "spec": {"selector": {"matchLabels": {"kubevirt.io/size": "small"}},
             "domain": {"resources": {"requests": {"memory": "64Mi"}}, "devices": {}}},
}
V1_WARNING = "kubevirt.io/v1 VirtualMachineInstancePresets is now deprecated and will be removed in v2."
V1ALPHA3_WARNING = "kubevirt.io/v1alpha3 VirtualMachineInstancePresets is now deprecated and will be removed in v2."


def preset(**changes: object) -> dict:
    obj = copy.deepcopy(PRESET)
    obj.update(changes)
    return obj


def test_served_versions() -> None:
    assert VMI_PRESET_RESOURCE.versions == {"v1", "v1alpha3"} and VMI_PRESET_RESOURCE.namespaced


@pytest.mark.parametrize(("api_version", "text"), [("kubevirt.io/v1", V1_WARNING),
                                                   ("kubevirt.io/v1alpha3", V1ALPHA3_WARNING)])
def test_admitted_with_the_deprecation_warning(api_version: str, text: str) -> None:
    verdict = admit_vmi_preset(preset(apiVersion=api_version), [PRESET], "default", CONFIG)
    assert verdict.allowed and verdict.stage is None
    [warning] = verdict.warnings
    assert warning == text
    assert (warning.reason, warning.path, warning.current, warning.proposed) == (
        REASON_DEPRECATED_API_VERSION, "apiVersion", api_version, UNSET)


@pytest.mark.parametrize("version", [V1_8, V1_7])
def test_admitted_by_older_releases(version: object) -> None:
    assert admit_vmi_preset(PRESET, [], "default", replace(CONFIG, kubevirt_version=version)).allowed


def test_rejected_at_api_discovery() -> None:
    verdict = admit_vmi_preset(preset(apiVersion="kubevirt.io/v1alpha2"), [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage, verdict.message, verdict.warnings) == (
        False, STAGE_API_DISCOVERY,
        'no matches for kind "VirtualMachineInstancePreset" in version "kubevirt.io/v1alpha2"', [])


def test_rejected_at_field_validation() -> None:
    obj = preset()
    obj["spec"]["domain"]["rebootPolicy"] = "Terminate"
    obj["spec"]["selector"]["matchLabel"] = {}
    assert admit_vmi_preset(obj, [], "default", replace(CONFIG, kubevirt_version=V1_8)).stage \
        == STAGE_FIELD_VALIDATION  # matchLabel
    del obj["spec"]["selector"]["matchLabel"]
    verdict = admit_vmi_preset(obj, [], "default", replace(CONFIG, kubevirt_version=V1_7))
    assert (verdict.allowed, verdict.stage, verdict.message) == (
        False, STAGE_FIELD_VALIDATION,
        'VirtualMachineInstancePreset in version "v1" cannot be handled as a VirtualMachineInstancePreset: '
        'strict decoding error: unknown field "spec.domain.rebootPolicy"')
    assert verdict.warnings == [V1_WARNING]


def test_rejected_at_crd_schema() -> None:
    obj = preset(spec={"domain": {"firmware": {}}})
    verdict = admit_vmi_preset(obj, [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage) == (False, STAGE_CRD_SCHEMA)
    assert [(cause.field, cause.message) for cause in verdict.causes] == [
        ("spec.selector", "Required value"), ("spec.domain.devices", "Required value")]


def test_rejected_at_the_webhook_schema_gate_without_spec() -> None:
    """The CRD does not require ``spec``; the webhook's ``ValidateSchema`` does."""
    obj = preset()
    del obj["spec"]
    verdict = admit_vmi_preset(obj, [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage) == (False, STAGE_VALIDATING_SCHEMA)
    assert verdict.message == 'spec in body is required, spec in body must be of type object: "null"'
    assert verdict.warnings == [V1_WARNING]


def test_rejected_by_the_validating_webhook() -> None:
    obj = preset()
    obj["spec"]["domain"]["devices"]["disks"] = [{"name": "a", "disk": {"bus": "ide"}}]
    obj["spec"]["domain"]["firmware"] = {"kernelBoot": {"container": {"image": "k"}}}
    verdict = admit_vmi_preset(obj, [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage) == (False, STAGE_VALIDATING_WEBHOOK)
    assert [(cause.field, cause.message) for cause in verdict.causes] == [
        ("spec.domain.devices.disks[0].disk.bus", "IDE bus is not supported"),
        ("spec.domain.firmware.kernelBoot.container",
         "spec.domain.firmware.kernelBoot.container must be defined with at least one of the following: "
         "kernelPath, initrdPath"),
    ]


def test_rejected_by_the_validating_webhook_without_domain() -> None:
    verdict = admit_vmi_preset(preset(spec={"selector": {}}), [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage, verdict.message) == (False, STAGE_VALIDATING_WEBHOOK, "missing domain.")
    assert verdict.causes[0].field == "spec.domain"
