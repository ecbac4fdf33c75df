"""validateRealtime: cpu.realtime needs dedicatedCpuPlacement and numa.guestMappingPassthrough."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.realtime import validate_realtime

F = "spec.template.spec"
NEEDS_DEDICATED = (f"{F}.domain.cpu.dedicatedCpuPlacement",
                   f"{F}.domain.cpu.dedicatedCpuPlacement must be set to true when {F}.domain.cpu.realtime is used")
NEEDS_PASSTHROUGH = (f"{F}.domain.cpu.numa.guestMappingPassthrough",
                     f"{F}.domain.cpu.numa.guestMappingPassthrough must be defined when {F}.domain.cpu.realtime "
                     "is used")


@pytest.mark.parametrize("cpu, expected", [
    (None, []),
    ({"dedicatedCpuPlacement": True}, []),
    ({"realtime": None}, []),
    ({"realtime": {}, "dedicatedCpuPlacement": True, "numa": {"guestMappingPassthrough": {}}}, []),
    ({"realtime": {}}, [NEEDS_DEDICATED, NEEDS_PASSTHROUGH]),
    ({"realtime": {"mask": "0"}, "dedicatedCpuPlacement": True}, [NEEDS_PASSTHROUGH]),
    ({"realtime": {}, "numa": {"guestMappingPassthrough": {}}}, [NEEDS_DEDICATED]),
    ({"realtime": {}, "dedicatedCpuPlacement": True, "numa": {}}, [NEEDS_PASSTHROUGH]),
])
def test_realtime(cpu: dict | None, expected: list) -> None:
    spec = {"domain": {"cpu": cpu} if cpu is not None else {}}
    causes = validate_realtime(F, spec, ClusterConfig())
    assert [(c.field, c.message) for c in causes] == expected
    assert {c.type for c in causes} <= {"FieldValueRequired"}


def test_realtime_from_the_instance_type_through_the_chain() -> None:
    instancetype = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
                    "metadata": {"name": "it"},
                    "spec": {"cpu": {"guest": 2, "dedicatedCPUPlacement": True, "realtime": {}},
                             "memory": {"guest": "2Gi"}}}
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "instancetype": {"name": "it"},
                   "template": {"spec": {"domain": {"devices": {}}}}}}
    verdict = admit_bundle([instancetype, vm])[1]
    assert verdict is not None and verdict.stage == "validating-webhook/remaining-vm-checks"
    assert [(c.field, c.message) for c in verdict.causes] == [NEEDS_PASSTHROUGH]
