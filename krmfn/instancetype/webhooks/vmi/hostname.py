"""PORT IN PROGRESS (stub): hostname."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def validate_hostname_not_conforming_to_dns_label_rules(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []


def validate_subdomain_dns_subdomain_rules(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    return []
