"""PORT IN PROGRESS (stub): storageadmitters.Admit."""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.response import Cause


def admit_vm_storage(vm: dict, config: ClusterConfig) -> list[Cause]:
    return []
