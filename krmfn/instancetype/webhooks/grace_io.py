"""PORT IN PROGRESS (stub): grace_io."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_grace_io_virtualization(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_grace_io_virtualization_annotations(field: str, spec: dict, annotations_holder: dict,
                                                 config: ClusterConfig) -> list[Cause]:
    return []
