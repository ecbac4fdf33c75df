"""PORT IN PROGRESS (stub): UTIL."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_utility_volumes_not_present_on_creation(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
