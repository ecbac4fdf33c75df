"""The amd64 settings of the VMI validating webhook.

Mirrors ``ValidateVirtualMachineInstanceAmd64Setting`` of ``pkg/virt-api/webhooks/amd64.go``
(d923fdb8; the same in v1.7 and v1.8): ``validateWatchdogAmd64`` (only an i6300esb watchdog) then
``validateVideoTypeAmd64`` (vga, cirrus, virtio, ramfb, bochs). ``ValidateLaunchSecurityAmd64``, the
file's other check, is ``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.launch_security``.
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_NOT_SUPPORTED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_str, devices

VALID_VIDEO_TYPES = ("vga", "cirrus", "virtio", "ramfb", "bochs")
VIDEO_NOT_SUPPORTED_FMT = "video model '%s' is not supported on amd64 architecture"
WATCHDOG_NOT_SUPPORTED = "amd64 only supports I6300ESB watchdog device"


def validate_virtual_machine_instance_amd64_setting(field: str, spec: dict) -> list[Cause]:
    """``ValidateVirtualMachineInstanceAmd64Setting`` on the spec at ``field``."""
    return validate_watchdog_amd64(field, spec) + validate_video_type(field, spec, VALID_VIDEO_TYPES,
                                                                      VIDEO_NOT_SUPPORTED_FMT)


def validate_watchdog_amd64(field: str, spec: dict) -> list[Cause]:
    """``validateWatchdogAmd64``: a watchdog must be i6300esb, without diag288."""
    watchdog = devices(spec).get("watchdog")
    if watchdog is None or is_only_watchdog(watchdog, "i6300esb", "diag288"):
        return []
    return [Cause(f"{field}.domain.devices.watchdog", WATCHDOG_NOT_SUPPORTED, CAUSE_FIELD_VALUE_NOT_SUPPORTED)]


def is_only_watchdog(watchdog: object, model: str, other: str) -> bool:
    """``isOnlyI6300ESBWatchdog`` / ``isOnlyDiag288Watchdog``: ``model`` set and ``other`` not."""
    return isinstance(watchdog, dict) and watchdog.get(model) is not None and watchdog.get(other) is None


def validate_video_type(field: str, spec: dict, valid: tuple[str, ...], message_fmt: str) -> list[Cause]:
    """``validateVideoType<Arch>``: a video device's type must be one of ``valid`` (an unset type
    is ``""``, which none accepts)."""
    video = devices(spec).get("video")
    if video is None:
        return []
    video_type = as_str(video.get("type")) if isinstance(video, dict) else ""
    if video_type in valid:
        return []
    return [Cause(f"{field}.domain.devices.video.type", message_fmt % video_type, CAUSE_FIELD_VALUE_NOT_SUPPORTED)]
