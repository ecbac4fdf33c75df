"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter_test.go``
(d923fdb8) for ``ValidateVirtualMachineInstanceAmd64Setting`` (pkg/virt-api/webhooks/amd64.go),
ported: "Watchdog device validation" / "validate for amd64" on ``api.NewMinimalVMI("testvmi")`` with
the case's watchdog, on the path ``fake``; the whole causes are compared.

The video models per architecture go through ``ValidateVirtualMachineInstancePerArch``:
``tests/unit/kubevirt/virt_api/admitters/vmi_create_admitter/test_admitter_kubevirt.py``. The
launch security cases (``ValidateLaunchSecurityAmd64``) are
``tests/unit/kubevirt/virt_api/admitters/vmi_create_admitter/test_launch_security.py``'s.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.amd64 import validate_virtual_machine_instance_amd64_setting

MINIMAL = {"resources": {"requests": {"memory": "8192Ki"}}}


def minimal_vmi_spec(**devices: object) -> dict:
    return {"domain": {**MINIMAL, "devices": devices}}


@pytest.mark.parametrize("watchdog, expected", [
    pytest.param({"name": "w1", "i6300esb": {"action": "poweroff"}}, [], id="I6300ESB is accepted"),
    pytest.param({"name": "w2", "diag288": {"action": "poweroff"}},
                 [Cause("fake.domain.devices.watchdog", "amd64 only supports I6300ESB watchdog device",
                        CAUSE_FIELD_VALUE_NOT_SUPPORTED)], id="Diag288 is rejected"),
    pytest.param(None, [], id="no watchdog configured"),
])
def test_watchdog_device_validation_validate_for_amd64(watchdog: dict | None, expected: list[Cause]) -> None:
    assert validate_virtual_machine_instance_amd64_setting("fake", minimal_vmi_spec(watchdog=watchdog)) == expected
