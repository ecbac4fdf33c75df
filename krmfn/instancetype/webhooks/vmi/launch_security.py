"""PORT IN PROGRESS (stub): launch_security."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_launch_security(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
