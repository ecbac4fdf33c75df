"""PORT IN PROGRESS (stub): VOL."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_volumes(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
