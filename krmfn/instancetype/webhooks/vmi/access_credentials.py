"""PORT IN PROGRESS (stub): access_credentials."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_access_credentials(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
