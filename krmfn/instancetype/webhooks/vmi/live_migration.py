"""PORT IN PROGRESS (stub): live_migration."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_live_migration(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
