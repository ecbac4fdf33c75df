"""Cases of KubeVirt's ``pkg/virt-api/webhooks/validating-webhook/admitters/vmi-create-admitter_test.go``
(d923fdb8) for ``ValidateVirtualMachineInstanceS390XSetting`` (pkg/virt-api/webhooks/s390x.go),
ported: "Watchdog device validation" / "validate for s390x" on ``api.NewMinimalVMI("testvmi")`` with
the case's watchdog, on the path ``fake``; the whole causes are compared.

The video models per architecture go through ``ValidateVirtualMachineInstancePerArch``:
``tests/unit/kubevirt/virt_api/admitters/vmi_create_admitter/test_admitter_kubevirt.py``.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.s390x import validate_virtual_machine_instance_s390x_setting


def minimal_vmi_spec(**devices: object) -> dict:
    return {"domain": {"resources": {"requests": {"memory": "8192Ki"}}, "devices": devices}}


@pytest.mark.parametrize("watchdog, expected", [
    pytest.param({"name": "w3", "diag288": {"action": "poweroff"}}, [], id="Diag288 is accepted"),
    pytest.param({"name": "w4", "i6300esb": {"action": "poweroff"}},
                 [Cause("fake.domain.devices.watchdog", "s390x only supports Diag288 watchdog device",
                        CAUSE_FIELD_VALUE_NOT_SUPPORTED)], id="I6300ESB is rejected"),
    pytest.param(None, [], id="no watchdog configured"),
])
def test_watchdog_device_validation_validate_for_s390x(watchdog: dict | None, expected: list[Cause]) -> None:
    assert validate_virtual_machine_instance_s390x_setting("fake", minimal_vmi_spec(watchdog=watchdog)) == expected
