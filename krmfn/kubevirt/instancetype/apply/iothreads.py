"""Instance type ``ioThreads`` and ``ioThreadsPolicy`` (docs/kubevirt/instancetype-apply.md#field-table).

Mirrors ``pkg/instancetype/apply/iothreads.go`` and ``pkg/instancetype/apply/iothreadpolicy.go``.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import child, ptr_set

SUPPLEMENTAL_POOL_THREAD_COUNT = "supplementalPoolThreadCount"


def apply_io_threads(base: Conflict, it_spec: dict, template_spec: dict) -> list[Conflict]:
    """Copy ``IT.ioThreads.supplementalPoolThreadCount`` into ``domain.ioThreads``.

    Nothing happens when the IT has no count (``ioThreads: {}`` has no effect). A VM
    ``ioThreads: {}`` without a count does not conflict and receives the count.
    """
    it_io_threads = it_spec.get("ioThreads")
    if not isinstance(it_io_threads, dict) or not ptr_set(it_io_threads.get(SUPPLEMENTAL_POOL_THREAD_COUNT)):
        return []
    domain = child(template_spec, "domain")
    vm_io_threads = domain.get("ioThreads")
    if isinstance(vm_io_threads, dict) and ptr_set(vm_io_threads.get(SUPPLEMENTAL_POOL_THREAD_COUNT)):
        return [base.child("domain", "ioThreads", SUPPLEMENTAL_POOL_THREAD_COUNT)]
    child(domain, "ioThreads")[SUPPLEMENTAL_POOL_THREAD_COUNT] = it_io_threads[SUPPLEMENTAL_POOL_THREAD_COUNT]
    return []


def apply_io_threads_policy(base: Conflict, it_spec: dict, template_spec: dict) -> list[Conflict]:
    """Copy ``IT.ioThreadsPolicy`` into ``domain.ioThreadsPolicy``; conflict when both are present."""
    it_policy = it_spec.get("ioThreadsPolicy")
    if not ptr_set(it_policy):
        return []
    domain = child(template_spec, "domain")
    if ptr_set(domain.get("ioThreadsPolicy")):
        return [base.child("domain", "ioThreadsPolicy")]
    domain["ioThreadsPolicy"] = it_policy
    return []
