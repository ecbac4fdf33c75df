"""PORT IN PROGRESS (stub): domain."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_domain_spec(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
