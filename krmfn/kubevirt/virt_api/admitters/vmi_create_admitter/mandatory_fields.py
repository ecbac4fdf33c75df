"""``ValidateVirtualMachineInstanceMandatoryFields`` (vmi-create-admitter.go, d923fdb8): a VMI, after
its presets and defaults, must ask for memory: a memory request whose value is not 0 (a negative one
passes here; ``validateMemoryRequestsNegativeOrNull`` reports it), else ``memory.guest`` or
``memory.hugepages``. Only the VMI webhook runs it, on the VMI's spec.

The cause has no field (krmfn locates it at the memory request). Its message names
``hugepages.pageSize`` since v1.8 (PR #15979, 3ffcd37ca9 "virt-api, admit, vmi: Fix hugepages
typo"); v1.7 names ``hugepages.size`` (``KubevirtVersion.names_hugepages_page_size``).
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import memory_request, memory_spec
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion

NO_MEMORY_FMT = "no memory requested, at least one of '%s', '%s' or '%s' must be set"


def validate_virtual_machine_instance_mandatory_fields(field: str, spec: dict,
                                                       version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION
                                                       ) -> list[Cause]:
    """``ValidateVirtualMachineInstanceMandatoryFields`` on the spec at ``field``."""
    if memory_request(spec).value() != 0:
        return []
    memory = memory_spec(spec)
    if memory is not None and (memory.get("guest") is not None or memory.get("hugepages") is not None):
        return []
    page_size = "pageSize" if version.names_hugepages_page_size else "size"
    message = NO_MEMORY_FMT % (f"{field}.domain.memory.guest", f"{field}.domain.memory.hugepages.{page_size}",
                               f"{field}.domain.resources.requests.memory")
    return [Cause("", message, CAUSE_FIELD_VALUE_REQUIRED, located=f"{field}.domain.resources.requests.memory")]
