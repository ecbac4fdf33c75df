"""PORT IN PROGRESS (stub): firmware."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_firmware_acpi(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
