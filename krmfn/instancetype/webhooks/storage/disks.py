"""PORT IN PROGRESS (stub): DISKS."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_container_disks(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_disks(field: str, disks: list) -> list[Cause]:
    """``ValidateDisks``: ``field`` is the path of the disks list."""
    return []
