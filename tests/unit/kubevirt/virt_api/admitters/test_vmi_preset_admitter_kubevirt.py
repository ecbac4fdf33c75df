"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-preset-admitter_test.go``
(d923fdb8, the same in v1.8.4 and v1.7.4), ported: ``VMIPresetAdmitter.Admit`` on a CREATE
(``admit_vmi_preset_webhook``).

The presets are the Go test's, as the JSON ``json.Marshal`` gives: the non-pointer ``selector`` is
``{}``; the domain of "reject invalid VirtualMachineInstance spec" is ``libvmi.New``'s (empty
resources and devices) with a disk that has both a disk and a CD-ROM target.

Not ported: nothing.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_SCHEMA, STAGE_VALIDATING_WEBHOOK
from krmfn.kubevirt.virt_api.admitters.vmi_preset_admitter import admit_vmi_preset_webhook
from krmfn.model.kubevirt_version import VERSIONS, KubevirtVersion

ALL_VERSIONS = [pytest.param(version, id=name) for name, version in VERSIONS.items()]


def preset_of(domain: dict) -> dict:
    return {"metadata": {"creationTimestamp": None}, "spec": {"selector": {}, "domain": domain}}


@pytest.mark.parametrize("version", ALL_VERSIONS)
@pytest.mark.parametrize(("document", "message"), [
    pytest.param({"very": "unknown", "spec": {"extremely": "unknown"}},
                 ".very in body is a forbidden property, spec.extremely in body is a forbidden property, "
                 "spec.selector in body is required",
                 id="should reject documents containing unknown or missing fields for "
                    "VirtualMachineInstancePreset creation and update"),
])
def test_should_reject_documents_containing_unknown_or_missing_fields(document: dict, message: str,
                                                                      version: KubevirtVersion) -> None:
    verdict = admit_vmi_preset_webhook(document, version)
    assert not verdict.allowed and verdict.stage == STAGE_VALIDATING_SCHEMA
    assert verdict.message == message


@pytest.mark.parametrize("version", ALL_VERSIONS)
def test_reject_invalid_virtual_machine_instance_spec(version: KubevirtVersion) -> None:
    domain = {"resources": {}, "devices": {"disks": [{"name": "testdisk", "disk": {}, "cdrom": {}}]}}
    verdict = admit_vmi_preset_webhook(preset_of(domain), version)
    assert not verdict.allowed and verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert [cause.field for cause in verdict.causes] == ["spec.domain.devices.disks[0]"]


@pytest.mark.parametrize("version", ALL_VERSIONS)
def test_should_accept_valid_vmi_spec(version: KubevirtVersion) -> None:
    verdict = admit_vmi_preset_webhook(preset_of({"resources": {}, "devices": {}}), version)
    assert verdict.allowed and verdict.causes == [] and verdict.warnings == []
