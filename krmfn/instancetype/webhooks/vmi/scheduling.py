"""PORT IN PROGRESS (stub): scheduling."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_start_strategy(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_spec_affinity(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_spec_topology_spread_constraints(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_reboot_policy(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_service_account_name(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
