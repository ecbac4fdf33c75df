"""krmfn's `instancetype.kubevirt.io/v1beta2` sizing rules (README "v1beta2: optional guest and
instance type topology").

No KubeVirt counterpart: two design proposals that were never merged (custom sizes with an optional
`spec.cpu.guest` / `spec.memory.guest` and a VM-side `spec.template.spec.domain.cpu.guest`; an
instance type `spec.cpu.topology`). krmfn serves v1beta2 itself and inline turns every VM that uses
it into a plain `kubevirt.io/v1` VM. The rules, numbered as in the README, each with its own
message (which says it is a v1beta2 rule):

1. an instance type sets `cpu.guest` or `cpu.topology`, not both (instance type admission);
2. without either, the VM must set `domain.cpu.guest`; without `memory.guest` in the instance
   type, the VM must set `domain.memory.guest`;
3. a VM's `domain.cpu.guest` is an error when the instance type sets vCPUs, and excludes
   `domain.cpu.sockets`, `cores` and `threads`;
4. VM-supplied vCPUs go through the preference's topology exactly as an instance type's guest does
   (docs/kubevirt/cpu-topology.md#cpu-topology, including the spread divisibility check of the VM webhook); an
   instance type's topology is written as given (an omitted or 0 dimension counts as 1) and no preference changes it;
5. preference requirements are checked against whichever side supplies the vCPUs and memory
   (``krmfn.kubevirt.instancetype.preference.requirements``);
6. `domain.cpu.guest` is accepted only when the VM's instance type is v1beta2 or, without an
   instance type, its preference is (otherwise it stays KubeVirt's unknown field).

Plain data; nothing here mutates its arguments.
"""
from __future__ import annotations


from krmfn.kubevirt.bundle import V1BETA2
from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.kubevirt.apimachinery.gozero import int_set, ptr_set
from krmfn.kubevirt.instancetype.preference.topology import (
    INVALID_UINT32_FMT,
    PREFERENCE_SPREAD_RATIO_PATH,
    CPUTopology,
    TopologyError,
    as_uint32,
    guest_cpu_topology,
    spread_check_message,
    spread_conflict,
)
from krmfn.model.reasons import NO_REASONS, V1BETA2_RULE

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

RULE = "instancetype.kubevirt.io/v1beta2 rule"  # every message says which rules it comes from
RULE_REASONS = frozenset({V1BETA2_RULE})
VM_GUEST_PATH = "spec.template.spec.domain.cpu.guest"
VM_MEMORY_GUEST_PATH = "spec.template.spec.domain.memory.guest"
DIMENSIONS = ("sockets", "cores", "threads")
UNRESOLVED = "unresolved"

INSTANCETYPE_GUEST_AND_TOPOLOGY = (
    "spec.cpu.guest and spec.cpu.topology should not be requested together "
    f"({RULE}: an instance type gives its vCPUs either as a count or as a topology)"
)
VM_GUEST_WITH_INSTANCETYPE_VCPUS_FMT = (
    "VM field spec.template.spec.domain.cpu.guest conflicts with selected instance type, which sets "
    f"spec.cpu.%s ({RULE}: the VM gives its vCPUs only when the instance type does not)"
)
VM_GUEST_WITH_TOPOLOGY_FMT = (
    "VM field spec.template.spec.domain.cpu.guest cannot be combined with %s "
    f"({RULE}: the vCPUs are a count, and the preference decides the topology)"
)
VM_GUEST_MISSING = (
    "selected instance type sets neither spec.cpu.guest nor spec.cpu.topology: the VM must set "
    f"spec.template.spec.domain.cpu.guest ({RULE})"
)
VM_GUEST_INVALID_FMT = (
    f"invalid value %r for spec.template.spec.domain.cpu.guest: must be a number of vCPUs from 1 to 4294967295 ({RULE})"
)
VM_MEMORY_MISSING = (
    "selected instance type has no spec.memory.guest: the VM must set "
    f"spec.template.spec.domain.memory.guest ({RULE})"
)
VM_GUEST_NOT_ACCEPTED = (
    "spec.template.spec.domain.cpu.guest is not a field of KubeVirt's VirtualMachine: krmfn accepts it "
    "only when the VM's instance type is instancetype.kubevirt.io/v1beta2 or, without an instance type, "
    f"its preference is ({RULE})"
)
# KubeVirt's spread messages say "provided by the instance type"; here the VM provides them.
_SPREAD_SUBJECT = ("provided by the instance type", "provided by the VirtualMachine")


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def vm_guest(template_spec: dict) -> Any:
    """The VM template's `domain.cpu.guest` as written, or None when absent (or null)."""
    cpu = _dict(_dict(template_spec.get("domain")).get("cpu"))
    return cpu.get("guest")


def vm_has_guest(vm: dict) -> bool:
    """Whether a VM sets `spec.template.spec.domain.cpu.guest` (the cheap test callers use first)."""
    template = _dict(_dict(vm.get("spec")).get("template"))
    return vm_guest(_dict(template.get("spec"))) is not None


def resolved_version(found: Any) -> str | None:
    """The rules version of a find result: its version, UNRESOLVED for a Failure, None for no
    matcher."""
    if found is None:
        return None
    return UNRESOLVED if isinstance(found, Failure) else found.version


def guest_accepted(instancetype_version: str | None, preference_version: str | None) -> bool:
    """Rule 6: the VM's instance type is v1beta2 or, without one, its preference is.

    Versions as ``resolved_version`` gives them. An unresolved reference accepts the field: the
    VM then fails on that reference, which says more than an unknown field would.
    """
    decisive = instancetype_version if instancetype_version is not None else preference_version
    return decisive in (V1BETA2, UNRESOLVED)


def vcpus_field(it_spec: dict) -> str | None:
    """Which instance type field supplies the vCPUs: "guest", "topology", or None (the VM does)."""
    cpu = _dict(it_spec.get("cpu"))
    if ptr_set(cpu.get("guest")):
        return "guest"
    if ptr_set(cpu.get("topology")):
        return "topology"
    return None


def instancetype_topology(it_spec: dict) -> CPUTopology | Conflict:
    """`spec.cpu.topology` as written into the VM: an omitted or 0 dimension counts as 1."""
    topology = _dict(_dict(it_spec.get("cpu")).get("topology"))
    values = []
    for dimension in DIMENSIONS:
        raw = topology.get(dimension)
        value = 0 if raw is None else as_uint32(raw)
        if value is None:
            return Conflict.with_message(INVALID_UINT32_FMT % (raw, f"spec.cpu.topology.{dimension}"),
                                         "instancetype", "spec", "cpu", "topology", dimension)
        values.append(value or 1)
    return CPUTopology(*values)


def instancetype_vcpus(it_spec: dict) -> int | None:
    """The vCPUs a v1beta2 instance type supplies (guest, or the topology's product), or None."""
    field = vcpus_field(it_spec)
    if field == "guest":
        return as_uint32(_dict(it_spec.get("cpu")).get("guest")) or 0
    if field == "topology":
        topology = instancetype_topology(it_spec)
        return topology.vcpus if isinstance(topology, CPUTopology) else None
    return None


def instancetype_causes(spec: dict, path: str = "spec") -> list[tuple[str, str]]:
    """Rule 1, for the instance type webhook: (field, message) of each violation."""
    if ptr_set(_dict(spec.get("cpu")).get("guest")) and ptr_set(_dict(spec.get("cpu")).get("topology")):
        return [(f"{path}.cpu.topology", INSTANCETYPE_GUEST_AND_TOPOLOGY)]
    return []


def _vm_guest_vcpus(guest: Any, base: Conflict) -> int | Conflict:
    vcpus = as_uint32(guest)
    if not vcpus:
        return Conflict.with_message(VM_GUEST_INVALID_FMT % (guest,), *base.child("domain", "cpu", "guest").path,
                                     reasons=RULE_REASONS)
    return vcpus


def _topology_conflict(base: Conflict, vm_cpu: dict) -> Conflict | None:
    """Rule 3: the VM's guest beside any of sockets, cores and threads."""
    dimensions = [d for d in DIMENSIONS if int_set(vm_cpu.get(d))]
    if not dimensions:
        return None
    named = ", ".join(f"spec.template.spec.domain.cpu.{d}" for d in dimensions)
    return Conflict.with_message(VM_GUEST_WITH_TOPOLOGY_FMT % named, *base.child("domain", "cpu", "guest").path,
                                 reasons=RULE_REASONS)


def vm_guest_conflicts(base: Conflict, vm_cpu: dict) -> list[Conflict]:
    """The VM's own ``domain.cpu.guest``: a valid vCPU count, with no sockets, cores or threads
    beside it (rule 3)."""
    conflicts = []
    vcpus = _vm_guest_vcpus(vm_cpu.get("guest"), base)
    if isinstance(vcpus, Conflict):
        conflicts.append(vcpus)
    topology = _topology_conflict(base, vm_cpu)
    if topology is not None:
        conflicts.append(topology)
    return conflicts


def cpu_conflicts(base: Conflict, it_spec: dict, vm_cpu: dict) -> list[Conflict]:
    """Rules 2 (vCPUs) and 3 for a VM of a v1beta2 instance type, before KubeVirt's own CPU
    conflicts."""
    guest_path = base.child("domain", "cpu", "guest").path
    field = vcpus_field(it_spec)
    if vm_cpu.get("guest") is None:
        return [] if field else [Conflict.with_message(VM_GUEST_MISSING, *guest_path, reasons=RULE_REASONS)]
    if not field:
        return vm_guest_conflicts(base, vm_cpu)
    conflicts = [Conflict.with_message(VM_GUEST_WITH_INSTANCETYPE_VCPUS_FMT % field, *guest_path, reasons=RULE_REASONS)]
    topology = _topology_conflict(base, vm_cpu)
    return conflicts + ([topology] if topology is not None else [])


def vm_topology(base: Conflict, pf_spec: dict | None, vm_cpu: dict) -> CPUTopology | Conflict:
    """The topology for the VM's own `domain.cpu.guest` under the preference
    (docs/kubevirt/cpu-topology.md#cpu-topology), as for an instance type's guest."""
    vcpus = _vm_guest_vcpus(vm_cpu.get("guest"), base)
    if isinstance(vcpus, Conflict):
        return vcpus
    topology = guest_cpu_topology(vcpus, pf_spec)
    if isinstance(topology, TopologyError):
        return spread_conflict(topology, PREFERENCE_SPREAD_RATIO_PATH)
    return topology


def memory_conflict(base: Conflict, vm_memory: dict) -> Conflict | None:
    """Rule 2 (memory), for an instance type without `memory.guest`."""
    if ptr_set(vm_memory.get("guest")):
        return None
    return Conflict.with_message(VM_MEMORY_MISSING, *base.child("domain", "memory", "guest").path, reasons=RULE_REASONS)


def vm_spread_conflict(pf_spec: dict | None, template_spec: dict) -> Conflict | None:
    """The VM webhook's spread divisibility check (docs/kubevirt/cpu-topology.md#divisibility-check) for vCPUs the VM
    supplies."""
    vcpus = as_uint32(vm_guest(template_spec))
    if not vcpus:
        return None  # no or an invalid guest: apply reports it
    error = spread_check_message(vcpus, pf_spec)
    if error is None:
        return None
    return Conflict.with_message(error.message.replace(*_SPREAD_SUBJECT), *VM_GUEST_PATH.split("."),
                                 reasons=frozenset({error.reason}) if error.reason else NO_REASONS)
