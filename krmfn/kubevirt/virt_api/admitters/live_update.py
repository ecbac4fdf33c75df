"""The live-update checks of the VM validating webhook.

Mirrors ``validateLiveUpdateFeatures`` and ``validateLiveUpdateCPU``
(pkg/virt-api/webhooks/validating-webhook/admitters/vms-admitter.go) and
``memory.ValidateLiveUpdateMemory`` (pkg/liveupdate/memory/memory.go), at d923fdb8. They run on
``vmCopy.Spec`` (the template with the instance type and preference applied and the defaults set),
and only under the ``LiveUpdate`` rollout strategy.

Oddities kept from KubeVirt:

* every memory hotplug error is reported at ``<field>.template.spec.domain.memory.guest``, whatever
  it is about (realtime, launch security, maxGuest, architecture);
* the 1Gi block alignment applies only when ``hugepages.pageSize`` is spelled exactly ``1Gi``;
* the CPU sockets cause repeats ``validateCPUHotplug``'s, path and message alike, so a VM with more
  sockets than ``maxSockets`` gets it twice (KubeVirt caps the causes at 10, not duplicates).
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.apimachinery.quantity import Quantity
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import (
    cpu_spec,
    domain_field,
    guest_memory,
    has_guest_mapping_passthrough,
    memory_spec,
    optional_quantity,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.cpu import SOCKETS_ABOVE_MAX, uint32
from krmfn.model.reasons import needs_setting

# memory.HotplugBlockAlignmentBytes, Hotplug1GHugePagesBlockAlignmentBytes, requiredMinGuestMemory
HOTPLUG_BLOCK_ALIGNMENT_BYTES = 0x200000
HOTPLUG_1G_HUGEPAGES_BLOCK_ALIGNMENT_BYTES = 0x40000000
REQUIRED_MIN_GUEST_MEMORY = 0x40000000
HUGEPAGES_1G = "1Gi"
AMD64 = "amd64"

HOTPLUG_NOT_WITH_REALTIME = "Memory hotplug is not compatible with realtime VMs"
HOTPLUG_NOT_WITH_GUEST_MAPPING_PASSTHROUGH = "Memory hotplug is not compatible with guest mapping passthrough"
HOTPLUG_NOT_WITH_ENCRYPTION = "Memory hotplug is not compatible with encrypted VMs"
GUEST_REQUIRED = "Guest memory must be configured when memory hotplug is enabled"
MAX_GUEST_REQUIRED = "Max guest memory must be configured when memory hotplug is enabled"
GUEST_ABOVE_MAX_GUEST = "Guest memory is greater than the configured maxGuest memory"
GUEST_NOT_ALIGNED_FMT = "Guest memory must be %s aligned"
MAX_GUEST_NOT_ALIGNED_FMT = "MaxGuest must be %s aligned"
HOTPLUG_AMD64_ONLY = "Memory hotplug is only available for x86_64 VMs"
HOTPLUG_GUEST_TOO_SMALL = "Memory hotplug is only available for VMs with at least 1Gi of guest memory"

STAGE = "Stage"


def validate_live_update_features(field: str, template_spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateLiveUpdateFeatures``: under ``LiveUpdate``, the CPU sockets against
    ``maxSockets`` and, with ``memory.maxGuest``, the memory hotplug requirements."""
    if not config.vm_rollout_strategy_live_update():
        return []
    cpu = cpu_spec(template_spec)
    causes = [] if cpu is None else _validate_live_update_cpu(field, cpu)
    memory = memory_spec(template_spec)
    max_guest = None if memory is None else optional_quantity(memory.get("maxGuest"))
    if max_guest is not None:
        error = validate_live_update_memory(template_spec, max_guest)
        if error is not None:
            causes.append(Cause(f"{field}.template.spec.domain.memory.guest", error, CAUSE_FIELD_VALUE_INVALID,
                                frozenset({needs_setting("vmRolloutStrategy", STAGE)})))
    return causes


def _validate_live_update_cpu(field: str, cpu: dict) -> list[Cause]:
    """``validateLiveUpdateCPU``: more sockets than a set ``maxSockets``."""
    if cpu.get("maxSockets") is None:
        return []
    sockets, max_sockets = uint32(cpu, "sockets"), uint32(cpu, "maxSockets")
    if sockets != 0 and max_sockets != 0 and sockets > max_sockets:
        return [Cause(f"{field}.template.spec.domain.cpu.sockets", SOCKETS_ABOVE_MAX, CAUSE_FIELD_VALUE_INVALID)]
    return []


def validate_live_update_memory(spec: dict, max_guest: Quantity | None) -> str | None:
    """``memory.ValidateLiveUpdateMemory``: the first memory hotplug requirement that ``spec`` (a
    VMI spec) misses with this ``maxGuest``, as its error message; None when it has them all."""
    cpu = cpu_spec(spec)
    if cpu is not None and cpu.get("realtime") is not None:
        return HOTPLUG_NOT_WITH_REALTIME
    if cpu is not None and has_guest_mapping_passthrough(cpu):
        return HOTPLUG_NOT_WITH_GUEST_MAPPING_PASSTHROUGH
    if domain_field(spec, "launchSecurity") is not None:
        return HOTPLUG_NOT_WITH_ENCRYPTION
    alignment = _block_alignment(spec)
    guest = guest_memory(spec)
    if guest is None:
        return GUEST_REQUIRED
    if max_guest is None:
        return MAX_GUEST_REQUIRED
    if guest > max_guest:
        return GUEST_ABOVE_MAX_GUEST
    if guest.value() % alignment != 0:  # only its being zero matters: Python's and Go's % agree on that
        return GUEST_NOT_ALIGNED_FMT % _alignment_text(alignment)
    if max_guest.value() % alignment != 0:
        return MAX_GUEST_NOT_ALIGNED_FMT % _alignment_text(alignment)
    if as_str(spec.get("architecture")) != AMD64:
        return HOTPLUG_AMD64_ONLY
    if guest.value() < REQUIRED_MIN_GUEST_MEMORY:
        return HOTPLUG_GUEST_TOO_SMALL
    return None


def _block_alignment(spec: dict) -> int:
    """2Mi, or 1Gi with 1Gi hugepages."""
    hugepages = as_dict(memory_spec(spec)).get("hugepages")
    if isinstance(hugepages, dict) and hugepages.get("pageSize") == HUGEPAGES_1G:
        return HOTPLUG_1G_HUGEPAGES_BLOCK_ALIGNMENT_BYTES
    return HOTPLUG_BLOCK_ALIGNMENT_BYTES


def _alignment_text(alignment: int) -> str:
    """``resource.NewQuantity(alignment, resource.BinarySI)`` printed: ``2Mi`` or ``1Gi``."""
    return quantity.new_quantity(alignment, quantity.BINARY_SI).canonical()
