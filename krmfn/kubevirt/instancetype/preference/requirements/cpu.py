"""CPU requirement (docs/kubevirt/requirements.md#cpu).

Mirrors `checkCPU` and `checkSpread` in KubeVirt's pkg/instancetype/preference/requirements/cpu.go.
Without an instance type the VM's CPU counts only in the dimension(s) the preference prefers. A
v1beta2 instance type (krmfn's own) supplies its guest or its topology's product; when it supplies
neither, the VM's vCPUs (its `domain.cpu.guest`, already spread by the preference) are checked as
a VM's.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.bundle import V1BETA1, V1BETA2
from krmfn.kubevirt.instancetype.preference import topology
from krmfn.kubevirt.instancetype.preference.requirements.failure import RequirementFailure

INSTANCETYPE_PATH = "spec.instancetype"
CPU_PATH = "spec.template.spec.domain.cpu"

INSUFFICIENT_INSTANCETYPE_CPU_FMT = (
    "insufficient CPU resources of {provided} vCPU provided by instance type, preference requires {required} vCPU"
)
INSUFFICIENT_VM_CPU_FMT = (
    "insufficient CPU resources of {provided} vCPU provided by VirtualMachine, preference requires {required} vCPU "
    "provided as {provided_as}"
)
NO_VM_CPU_FMT = "no CPU resources provided by VirtualMachine, preference requires {required} vCPU"

_UINT32_MASK = 0xFFFFFFFF

# Topology (new and deprecated spelling) -> (counted dimensions, in KubeVirt's path order, and
# the "provided as" text). Spread is handled separately, by its `across` value.
_ALL_DIMENSIONS = (("cores", "sockets", "threads"), "cores, sockets and threads")
_SINGLE_TOPOLOGIES: dict[str, tuple[tuple[str, ...], str]] = {
    topology.THREADS: (("threads",), "threads"),
    topology.PREFER_THREADS: (("threads",), "threads"),
    topology.CORES: (("cores",), "cores"),
    topology.PREFER_CORES: (("cores",), "cores"),
    topology.SOCKETS: (("sockets",), "sockets"),
    topology.PREFER_SOCKETS: (("sockets",), "sockets"),
    topology.ANY: _ALL_DIMENSIONS,
    topology.PREFER_ANY: _ALL_DIMENSIONS,
}
_SPREAD_ACROSS_DIMENSIONS: dict[str, tuple[str, ...]] = {
    topology.SPREAD_ACROSS_SOCKETS_CORES: ("sockets", "cores"),
    topology.SPREAD_ACROSS_CORES_THREADS: ("cores", "threads"),
    topology.SPREAD_ACROSS_SOCKETS_CORES_THREADS: ("sockets", "cores", "threads"),
}


def check_cpu(it_spec: dict | None, pf_spec: dict, template_spec: dict,
              it_version: str = V1BETA1) -> RequirementFailure | None:
    """Check `PF.requirements.cpu.guest` against the instance type, else against T.domain.cpu."""
    required = uint32(_dict(_dict(pf_spec.get("requirements")).get("cpu")).get("guest"))
    if it_spec is not None and it_version == V1BETA2:
        provided = v1beta2.instancetype_vcpus(it_spec)
        if provided is not None:
            return _instancetype_failure(provided, required)
    elif it_spec is not None:
        return _check_instancetype_cpu(it_spec, required)
    cpu = _dict(template_spec.get("domain")).get("cpu")
    if not isinstance(cpu, dict):
        # Unreachable through KubeVirt's webhook, whose defaults always create domain.cpu first.
        return RequirementFailure((CPU_PATH,), NO_VM_CPU_FMT.format(required=required))
    return _check_vm_cpu(pf_spec, cpu, required)


def uint32(value: object) -> int:
    """A Go uint32 field's value: absent/null is 0, and so is a value Go could not decode."""
    decoded = topology.as_uint32(value)
    return 0 if decoded is None else decoded


def _check_instancetype_cpu(it_spec: dict, required: int) -> RequirementFailure | None:
    # The VM template is not looked at when an instance type is present.
    return _instancetype_failure(uint32(_dict(it_spec.get("cpu")).get("guest")), required)


def _instancetype_failure(provided: int, required: int) -> RequirementFailure | None:
    if provided >= required:
        return None
    return RequirementFailure(
        (INSTANCETYPE_PATH,),
        INSUFFICIENT_INSTANCETYPE_CPU_FMT.format(provided=provided, required=required),
    )


def _check_vm_cpu(pf_spec: dict, cpu: dict, required: int) -> RequirementFailure | None:
    preferred = topology.preferred_topology(pf_spec)
    if isinstance(preferred, str) and preferred in _SINGLE_TOPOLOGIES:
        dimensions, provided_as = _SINGLE_TOPOLOGIES[preferred]
    elif topology.is_spread(preferred):
        options = topology.spread_options(pf_spec)
        if isinstance(options, str):
            # A ratio Go cannot decode: KubeVirt would have rejected the preference itself.
            return RequirementFailure((), options)
        # KubeVirt's switch over `across` has no default branch: an unknown value counts 0 vCPUs
        # with no conflict path, and still fails (it is printed as the "provided as" text).
        across = options.across
        dimensions = _SPREAD_ACROSS_DIMENSIONS.get(across, ()) if isinstance(across, str) else ()
        provided_as = str(across)
    else:
        # An unknown topology matches no branch and never fails.
        return None
    provided = _product(cpu, dimensions)
    if provided >= required:
        return None
    return RequirementFailure(
        tuple(f"{CPU_PATH}.{dimension}" for dimension in dimensions),
        INSUFFICIENT_VM_CPU_FMT.format(provided=provided, required=required, provided_as=provided_as),
    )


def _product(cpu: dict, dimensions: tuple[str, ...]) -> int:
    """Go's uint32 product, which wraps at 2**32."""
    if not dimensions:
        return 0
    result = 1
    for dimension in dimensions:
        result = (result * uint32(cpu.get(dimension))) & _UINT32_MASK
    return result


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}
