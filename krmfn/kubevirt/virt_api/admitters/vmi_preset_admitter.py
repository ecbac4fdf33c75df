"""The VirtualMachineInstancePreset validating webhook on a CREATE (the kind is deprecated, its
webhook still registered: ``virtualmachinepreset-validator.kubevirt.io``).

Mirrors ``VMIPresetAdmitter.Admit`` and ``ValidateVMIPresetSpec`` in
``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-preset-admitter.go`` (d923fdb8, unchanged
since v1.7.4):

1. ``ValidateSchema`` against the OpenAPI definition of ``VirtualMachineInstancePresetSpec``
   (stage ``validating-webhook/openapi-schema``; the messages and their order as
   ``krmfn.kubevirt.virt_api.admitters.vmirs_admitter.validate_schema_gate`` gives them). The CRD
   does not require ``spec``; this gate does, so a preset without one is rejected here with
   "spec in body is required" and the type error of the null spec;
2. ``json.Unmarshal`` into the Go type (a number out of its Go integer type's range);
3. ``ValidateVMIPresetSpec`` on ``spec``: a nil ``domain`` is "missing domain." and nothing else;
   else ``storageadmitters.ValidateDisks`` on ``spec.domain.devices.disks``
   (``krmfn.kubevirt.storage.admitters.disks``) and ``validateFirmware`` on ``spec.domain.firmware``
   (the bootloader and the kernel boot, ``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.domain``);
4. the causes capped at 10 (``ToAdmissionResponse``), or an admission without warnings.

The selector is not validated here: a malformed one is only found when the VMI mutator matches
presets against a VMI (``krmfn.kubevirt.virt_api.mutators.preset``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.model import kinds
from krmfn.kubevirt.apiserver.vmirs_schema import vmi_preset_schema
from krmfn.kubevirt.storage.admitters.disks import validate_disks
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_REQUIRED,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    AdmissionWarning,
    Cause,
    allow,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.domain import validate_firmware
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec import in_area
from krmfn.kubevirt.virt_api.admitters.vmirs_admitter import validate_schema_gate
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion

SPEC = "spec"
MISSING_DOMAIN = "missing domain."


def validate_vmi_preset_spec(field: str, spec: dict) -> list[Cause]:
    """``ValidateVMIPresetSpec``: every cause, in KubeVirt's order."""
    domain = spec.get("domain")
    if domain is None:
        return in_area("preset", [Cause(f"{field}.domain", MISSING_DOMAIN, CAUSE_FIELD_VALUE_REQUIRED)])
    domain = as_dict(domain)
    disks = as_dict(domain.get("devices")).get("disks")
    disks = disks if isinstance(disks, list) else []
    causes = in_area("storage", validate_disks(f"{field}.domain.devices.disks", disks))
    causes += in_area("firmware", validate_firmware(f"{field}.domain.firmware", domain.get("firmware")))
    return causes


def admit_vmi_preset_webhook(preset: dict, version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION,
                             warnings: Iterable[AdmissionWarning] = ()) -> Admission:
    """``VMIPresetAdmitter.Admit`` on a CREATE: the verdict, after ``warnings`` (the API server's)."""
    warnings = list(warnings)
    schema = vmi_preset_schema(version)
    rejected = validate_schema_gate(preset, cast(schemas.Obj, schema.props[SPEC]), warnings)
    if rejected is not None:
        return rejected
    decode_failure = schemas.go_decode_failure(preset, schema, kinds.VIRTUAL_MACHINE_INSTANCE_PRESET)
    if decode_failure is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_failure[0], warnings, located=decode_failure[1])
    causes = validate_vmi_preset_spec(SPEC, as_dict(preset.get(SPEC)))
    if causes:
        return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes, warnings)
    return allow(warnings)
