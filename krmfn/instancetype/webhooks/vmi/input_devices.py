"""PORT IN PROGRESS (stub): input devices."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_input_devices(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
