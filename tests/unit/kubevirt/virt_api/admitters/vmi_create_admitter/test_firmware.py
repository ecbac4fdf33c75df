"""validateFirmwareACPI and validateACPIRef (paths under spec.template.spec.acpi, as KubeVirt's)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.firmware import validate_firmware_acpi

FIELD = "spec.template.spec"
ACPI = "spec.template.spec.acpi"
SECRET = {"name": "slic", "secret": {"secretName": "s"}}
CONFIG_MAP = {"name": "slic", "configMap": {"name": "c"}}
NO_REF = (ACPI, "ACPI was set but no SLIC nor MSDM volume reference was set")
SLIC_NO_VOLUME = (f"{ACPI}.slicNameRef", f"{ACPI} does not have a matching Volume.")
MSDM_NO_VOLUME = (f"{ACPI}.msdmNameRef", f"{ACPI} does not have a matching Volume.")
SLIC_UNSUPPORTED = (f"{ACPI}.slicNameRef", f"{ACPI} refers to Volume of unsupported type.")


@pytest.mark.parametrize("firmware, volumes, expected", [
    (None, [], []),
    ({}, [], []),
    ({"acpi": None}, [], []),
    ({"acpi": {}}, [], [NO_REF]),
    ({"acpi": {"slicNameRef": "", "msdmNameRef": ""}}, [SECRET], [NO_REF]),
    ({"acpi": {"slicNameRef": "slic"}}, [SECRET], []),
    ({"acpi": {"slicNameRef": "slic"}}, [], [SLIC_NO_VOLUME]),
    ({"acpi": {"msdmNameRef": "msdm"}}, [SECRET], [MSDM_NO_VOLUME]),
    ({"acpi": {"slicNameRef": "slic"}}, [CONFIG_MAP], [SLIC_UNSUPPORTED]),
    ({"acpi": {"slicNameRef": "slic"}}, [CONFIG_MAP, SECRET], [SLIC_UNSUPPORTED]),  # the first of the name decides
    ({"acpi": {"slicNameRef": "slic"}}, [SECRET, CONFIG_MAP], []),
    ({"acpi": {"slicNameRef": "slic", "msdmNameRef": "msdm"}}, [CONFIG_MAP], [SLIC_UNSUPPORTED, MSDM_NO_VOLUME]),
    ({"acpi": {"slicNameRef": "slic", "msdmNameRef": "slic"}}, [SECRET], []),
])
def test_firmware_acpi(firmware: dict | None, volumes: list, expected: list) -> None:
    spec = {"domain": {} if firmware is None else {"firmware": firmware}, "volumes": volumes}
    causes = validate_firmware_acpi(FIELD, spec, ClusterConfig())
    assert [(c.field, c.message) for c in causes] == expected


def test_acpi_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted",
                   "template": {"spec": {"domain": {"devices": {}, "firmware": {"acpi": {"msdmNameRef": "m"}}}}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(c.field, c.message) for c in verdict.causes] == [MSDM_NO_VOLUME]
