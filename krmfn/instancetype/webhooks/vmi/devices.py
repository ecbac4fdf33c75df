"""PORT IN PROGRESS (stub): devices."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_mdev_ramfb(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_host_devices_with_passthrough_enabled(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_sound_devices(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_vsock(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_persistent_reservation(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_downward_metrics(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_filesystems_with_virtiofs_enabled(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_video_config(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_panic_devices(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
