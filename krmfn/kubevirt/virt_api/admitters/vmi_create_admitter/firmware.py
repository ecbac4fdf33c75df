"""``validateFirmwareACPI`` and ``validateACPIRef`` (vmi-create-admitter.go, d923fdb8): a
``domain.firmware.acpi`` needs a ``slicNameRef`` or an ``msdmNameRef``, and each one set must name a
Secret volume (the first volume of that name decides).

Oddity kept: KubeVirt hands these checks ``field.Child("acpi")``, so their paths are
``spec.template.spec.acpi`` and ``spec.template.spec.acpi.slicNameRef``, not the
``domain.firmware.acpi`` the fields live at.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, dicts
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import domain_field

ACPI_WITHOUT_REFERENCE = "ACPI was set but no SLIC nor MSDM volume reference was set"
ACPI_REF_UNSUPPORTED_VOLUME_FMT = "{path} refers to Volume of unsupported type."
ACPI_REF_NO_VOLUME_FMT = "{path} does not have a matching Volume."


def validate_firmware_acpi(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    firmware = domain_field(spec, "firmware")
    if firmware is None:
        return []
    acpi = as_dict(firmware).get("acpi")
    if acpi is None:
        return []
    acpi_field = f"{field}.acpi"
    slic_name_ref = as_str(as_dict(acpi).get("slicNameRef"))
    msdm_name_ref = as_str(as_dict(acpi).get("msdmNameRef"))
    if not slic_name_ref and not msdm_name_ref:
        return [Cause(acpi_field, ACPI_WITHOUT_REFERENCE, CAUSE_FIELD_VALUE_INVALID)]
    volumes = dicts(spec.get("volumes"))
    return (_validate_acpi_ref(acpi_field, slic_name_ref, volumes, "slicNameRef")
            + _validate_acpi_ref(acpi_field, msdm_name_ref, volumes, "msdmNameRef"))


def _validate_acpi_ref(acpi_field: str, name_ref: str, volumes: list[dict], field_name: str) -> list[Cause]:
    """``validateACPIRef``: nothing for an empty reference."""
    if not name_ref:
        return []
    for volume in volumes:
        if as_str(volume.get("name")) != name_ref:
            continue
        if volume.get("secret") is not None:
            return []
        return [Cause(f"{acpi_field}.{field_name}", ACPI_REF_UNSUPPORTED_VOLUME_FMT.format(path=acpi_field),
                      CAUSE_FIELD_VALUE_INVALID)]
    return [Cause(f"{acpi_field}.{field_name}", ACPI_REF_NO_VOLUME_FMT.format(path=acpi_field),
                  CAUSE_FIELD_VALUE_INVALID)]
