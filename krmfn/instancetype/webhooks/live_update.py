"""PORT IN PROGRESS (stub): validateLiveUpdateFeatures."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_live_update_features(field: str, template_spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
