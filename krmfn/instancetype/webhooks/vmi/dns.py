"""PORT IN PROGRESS (stub): dns."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_dns(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
