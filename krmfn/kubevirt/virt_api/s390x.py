"""The s390x settings of the VMI validating webhook.

Mirrors ``ValidateVirtualMachineInstanceS390XSetting`` of ``pkg/virt-api/webhooks/s390x.go``
(d923fdb8; the same in v1.7 and v1.8): ``validateWatchdogS390x`` (only a diag288 watchdog) then
``validateVideoTypeS390x`` (virtio only). Before v1.9 the file also held
``ValidateLaunchSecurityS390x``, which
``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.launch_security`` reproduces.
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import devices
from krmfn.kubevirt.virt_api.amd64 import is_only_watchdog, validate_video_type

VALID_VIDEO_TYPES = ("virtio",)
VIDEO_NOT_SUPPORTED_FMT = "video model '%s' is not supported on s390x architecture"
WATCHDOG_NOT_SUPPORTED = "s390x only supports Diag288 watchdog device"


def validate_virtual_machine_instance_s390x_setting(field: str, spec: dict) -> list[Cause]:
    """``ValidateVirtualMachineInstanceS390XSetting`` on the spec at ``field``."""
    return validate_watchdog_s390x(field, spec) + validate_video_type(field, spec, VALID_VIDEO_TYPES,
                                                                      VIDEO_NOT_SUPPORTED_FMT)


def validate_watchdog_s390x(field: str, spec: dict) -> list[Cause]:
    """``validateWatchdogS390x``: a watchdog must be diag288, without i6300esb."""
    watchdog = devices(spec).get("watchdog")
    if watchdog is None or is_only_watchdog(watchdog, "diag288", "i6300esb"):
        return []
    return [Cause(f"{field}.domain.devices.watchdog", WATCHDOG_NOT_SUPPORTED, CAUSE_FIELD_VALUE_NOT_SUPPORTED)]
