"""Instance type ``cpu`` (docs/kubevirt/instancetype-apply.md#field-table, #cpu,
docs/kubevirt/cpu-topology.md#cpu-topology).

Mirrors ``applyCPU`` and ``validateCPU`` of ``pkg/instancetype/apply/cpu.go``; the topology itself
(``applyGuestCPUTopology``) lives in ``krmfn.kubevirt.instancetype.preference.topology``. A v1beta2 instance
type (krmfn's own, ``krmfn.kubevirt.instancetype.v1beta2``) may instead give a topology, or leave the vCPUs
to the VM's ``domain.cpu.guest``.
"""
from __future__ import annotations


from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.bundle import V1BETA1, V1BETA2
from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import bool_set, child, clone, int_set, ptr_set, str_set
from krmfn.kubevirt.instancetype.preference.topology import (
    INSTANCETYPE_CPU_GUEST_PATH,
    INVALID_UINT32_FMT,
    PREFERENCE_SPREAD_RATIO_PATH,
    CPUTopology,
    TopologyError,
    as_uint32,
    guest_cpu_topology,
    spread_conflict,
)
from krmfn.model.reasons import SPREAD_TOPOLOGY

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# IT field (v1beta1 JSON name) -> VMI field (JSON name). The conflict path uses the Go name of the
# VMI field for dedicated CPUs: "dedicatedCPUPlacement" (docs/kubevirt/conflicts.md#paths).
_COPIED_SCALARS = (
    ("model", "model"),
    ("dedicatedCPUPlacement", "dedicatedCpuPlacement"),
    ("isolateEmulatorThread", "isolateEmulatorThread"),
    ("maxSockets", "maxSockets"),
)
_COPIED_OBJECTS = ("numa", "realtime")


def apply_cpu(base: Conflict, it_spec: dict, pf_spec: dict | None, template_spec: dict,
              version: str = V1BETA1) -> list[Conflict]:
    """Apply ``IT.cpu`` to ``T.domain.cpu``: every CPU conflict, or the copied fields and topology.

    ``domain.cpu`` is created first. On conflict nothing else is written. Otherwise model,
    dedicatedCPUPlacement, isolateEmulatorThread, numa, realtime and maxSockets are copied when
    present in the IT (maxSockets silently overrides the VM,
    docs/kubevirt/instancetype-apply.md#example-full-cpu-copy), then sockets, cores and threads are all written from
    ``IT.cpu.guest`` and the preference (docs/kubevirt/cpu-topology.md#cpu-topology).

    ``version`` ``v1beta2``: the v1beta2 rules come first; the topology is the IT's
    ``cpu.topology`` as given, or the IT's guest, or the VM's ``domain.cpu.guest`` (then removed),
    each of the last two through the preference.
    """
    domain = child(template_spec, "domain")
    vm_cpu = child(domain, "cpu")
    it_cpu = _it_cpu(it_spec)
    if version == V1BETA2:
        conflicts = _v1beta2_conflicts(base, it_spec, domain, vm_cpu)
    else:
        conflicts = validate_cpu(base, it_cpu, domain)
    if conflicts:
        return conflicts
    topology = _topology(base, it_spec, it_cpu, pf_spec, vm_cpu, version)
    if isinstance(topology, Conflict):
        return [topology]
    vm_cpu.pop("guest", None)
    for it_field, vm_field in _COPIED_SCALARS:
        if ptr_set(it_cpu.get(it_field)):
            _set_non_pointer(vm_cpu, vm_field, it_cpu[it_field])
    for name in _COPIED_OBJECTS:
        if ptr_set(it_cpu.get(name)):
            vm_cpu[name] = clone(it_cpu[name])
    write_topology(vm_cpu, topology)
    return []


def validate_cpu(base: Conflict, it_cpu: dict, domain: dict) -> list[Conflict]:
    """``validateCPU``: all CPU conflicts, in KubeVirt's order (docs/kubevirt/instancetype-apply.md#cpu step 2)."""
    vm_cpu = domain.get("cpu")
    vm_cpu = vm_cpu if isinstance(vm_cpu, dict) else {}
    conflicts: list[Conflict] = []
    for section in ("requests", "limits"):
        if _has_resource(domain, section, "cpu"):
            conflicts.append(base.child("domain", "resources", section, "cpu"))
    for dimension in ("sockets", "cores", "threads"):
        if int_set(vm_cpu.get(dimension)):
            conflicts.append(base.child("domain", "cpu", dimension))
    if str_set(vm_cpu.get("model")) and ptr_set(it_cpu.get("model")):
        conflicts.append(base.child("domain", "cpu", "model"))
    if bool_set(vm_cpu.get("dedicatedCpuPlacement")) and ptr_set(it_cpu.get("dedicatedCPUPlacement")):
        conflicts.append(base.child("domain", "cpu", "dedicatedCPUPlacement"))
    if bool_set(vm_cpu.get("isolateEmulatorThread")) and ptr_set(it_cpu.get("isolateEmulatorThread")):
        conflicts.append(base.child("domain", "cpu", "isolateEmulatorThread"))
    for name in _COPIED_OBJECTS:
        if ptr_set(vm_cpu.get(name)) and ptr_set(it_cpu.get(name)):
            conflicts.append(base.child("domain", "cpu", name))
    return conflicts


def write_topology(vm_cpu: dict, topology: CPUTopology) -> None:
    """Write sockets, cores and threads; a 0 is written as Go prints it: absent (omitempty)."""
    _set_non_pointer(vm_cpu, "sockets", topology.sockets)
    _set_non_pointer(vm_cpu, "cores", topology.cores)
    _set_non_pointer(vm_cpu, "threads", topology.threads)


def _v1beta2_conflicts(base: Conflict, it_spec: dict, domain: dict, vm_cpu: dict) -> list[Conflict]:
    """The v1beta2 CPU rules, then KubeVirt's conflicts; beside a VM guest, rule 3 replaces the
    sockets, cores and threads conflicts."""
    sizing = v1beta2.cpu_conflicts(base, it_spec, vm_cpu)
    conflicts = validate_cpu(base, _it_cpu(it_spec), domain)
    if vm_cpu.get("guest") is not None:
        dimensions = {base.child("domain", "cpu", d).path for d in v1beta2.DIMENSIONS}
        conflicts = [c for c in conflicts if c.path not in dimensions]
    return sizing + conflicts


def _topology(base: Conflict, it_spec: dict, it_cpu: dict, pf_spec: dict | None, vm_cpu: dict,
              version: str) -> CPUTopology | Conflict:
    if version != V1BETA2:
        return _guest_topology(it_cpu, pf_spec)
    field = v1beta2.vcpus_field(it_spec)
    if field == "topology":
        return v1beta2.instancetype_topology(it_spec)
    if field == "guest":
        return _guest_topology(it_cpu, pf_spec)
    return v1beta2.vm_topology(base, pf_spec, vm_cpu)


def _guest_topology(it_cpu: dict, pf_spec: dict | None) -> CPUTopology | Conflict:
    raw_guest = it_cpu.get("guest")
    vcpus = 0 if raw_guest is None else as_uint32(raw_guest)
    if vcpus is None:
        return Conflict.with_message(INVALID_UINT32_FMT % (raw_guest, "spec.cpu.guest"), INSTANCETYPE_CPU_GUEST_PATH,
                                     reasons=frozenset({SPREAD_TOPOLOGY}))
    topology = guest_cpu_topology(vcpus, pf_spec)
    if isinstance(topology, TopologyError):
        return spread_conflict(topology, PREFERENCE_SPREAD_RATIO_PATH)
    return topology


def _it_cpu(it_spec: dict) -> dict:
    cpu = it_spec.get("cpu")
    return cpu if isinstance(cpu, dict) else {}


def _has_resource(domain: dict, section: str, resource: str) -> bool:
    """A ResourceList key check: present whatever the value, even "0"
    (docs/kubevirt/instancetype-apply.md#field-table)."""
    resources = domain.get("resources")
    entries = resources.get(section) if isinstance(resources, dict) else None
    return isinstance(entries, dict) and resource in entries


def _set_non_pointer(target: dict, key: str, value: Any) -> None:
    """Assign a non-pointer Go field: its zero value ("", false, 0) is what Go omits, so drop it."""
    if value is None or value == "" or value is False or (isinstance(value, int) and value == 0):
        target.pop(key, None)
    else:
        target[key] = value
