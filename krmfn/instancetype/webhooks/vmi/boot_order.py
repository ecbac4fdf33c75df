"""PORT IN PROGRESS (stub): boot_order."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_boot_order(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
