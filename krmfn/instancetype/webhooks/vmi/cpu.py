"""PORT IN PROGRESS (stub): cpu."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_cpu_request_not_negative(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_cpu_limit_not_negative(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_cpu_request_does_not_exceed_limit(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_cpu_pinning(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_numa(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_cpu_isolator_thread(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_cpu_feature_policies(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_cpu_hotplug(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
