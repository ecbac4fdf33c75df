"""``validateIOThreadsPolicy`` (vmi-create-admitter.go)."""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict

VALID_IO_THREADS_POLICIES = ("shared", "auto", "supplementalPool")
IO_THREADS_POLICY_SUPPLEMENTAL_POOL = "supplementalPool"
INVALID_IO_THREADS_POLICY_FMT = "Invalid IOThreadsPolicy (%s)"
# Oddities kept: the message says "dedicated policy" and the path "ioThreads.count".
IO_THREADS_COUNT_REQUIRED = "the number of iothreads needs to be set and positive for the dedicated policy"


def validate_io_threads_policy(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """An unknown ``ioThreadsPolicy``; ``supplementalPool`` without a positive
    ``ioThreads.supplementalPoolThreadCount``."""
    holder = spec.get("domain")
    if not isinstance(holder, dict):
        return []
    policy = holder.get("ioThreadsPolicy")
    if policy is None:
        return []
    causes = []
    if policy not in VALID_IO_THREADS_POLICIES:
        causes.append(Cause(f"{field}.domain.ioThreadsPolicy", INVALID_IO_THREADS_POLICY_FMT % (policy,),
                            CAUSE_FIELD_VALUE_INVALID))
    count = as_dict(holder.get("ioThreads")).get("supplementalPoolThreadCount")
    if policy == IO_THREADS_POLICY_SUPPLEMENTAL_POOL and (not isinstance(count, int) or count < 1):
        causes.append(Cause(f"{field}.domain.ioThreads.count", IO_THREADS_COUNT_REQUIRED, CAUSE_FIELD_VALUE_INVALID))
    return causes
