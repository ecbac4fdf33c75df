"""PORT IN PROGRESS (stub): machine."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_emulated_machine(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
