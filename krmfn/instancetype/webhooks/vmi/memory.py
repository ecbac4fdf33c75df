"""PORT IN PROGRESS (stub): memory."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_memory_requests_negative_or_null(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_memory_limits_negative_or_null(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_hugepages_memory_requests(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_guest_memory_limit(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_reserved_overhead_memlock(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
