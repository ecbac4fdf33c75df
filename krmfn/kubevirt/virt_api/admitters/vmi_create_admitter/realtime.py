"""``validateRealtime`` with ``validateCPURealtime`` and ``validateMemoryRealtime``
(vmi-create-admitter.go, d923fdb8): ``cpu.realtime`` needs ``dedicatedCpuPlacement`` and
``numa.guestMappingPassthrough``. Both causes are of type FieldValueRequired."""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_REQUIRED, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._resources import cpu_spec, has_guest_mapping_passthrough

REALTIME_NEEDS_DEDICATED_FMT = "%s must be set to true when %s is used"
REALTIME_NEEDS_GUEST_MAPPING_PASSTHROUGH_FMT = "%s must be defined when %s is used"


def validate_realtime(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """With ``cpu.realtime`` set: the CPU and the memory requirements, in that order."""
    cpu = cpu_spec(spec)
    if cpu is None or cpu.get("realtime") is None:
        return []
    realtime = f"{field}.domain.cpu.realtime"
    causes = []
    if cpu.get("dedicatedCpuPlacement") is not True:
        dedicated = f"{field}.domain.cpu.dedicatedCpuPlacement"
        causes.append(Cause(dedicated, REALTIME_NEEDS_DEDICATED_FMT % (dedicated, realtime),
                            CAUSE_FIELD_VALUE_REQUIRED))
    if not has_guest_mapping_passthrough(cpu):
        passthrough = f"{field}.domain.cpu.numa.guestMappingPassthrough"
        causes.append(Cause(passthrough, REALTIME_NEEDS_GUEST_MAPPING_PASSTHROUGH_FMT % (passthrough, realtime),
                            CAUSE_FIELD_VALUE_REQUIRED))
    return causes
