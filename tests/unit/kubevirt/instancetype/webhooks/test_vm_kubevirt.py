"""Cases of KubeVirt's `pkg/instancetype/webhooks/vm/admitter_test.go` (d923fdb8), ported: the VM
validating webhook's instance type part, `ApplyToVM` (find, the spread check, apply on a copy),
which krmfn runs in `validate_instancetype_parts`, and the requirements checker's `Check`
(`find_requirement_failure`). The instance type and preference KubeVirt's test creates (and
updates) through the fake client are objects of the bundle; the VM is in `default`.

`ApplyToVM`'s `(nil, nil, causes)` is a rejection at the instance type apply stage with those
causes; its `(instancetypeSpec, preferenceSpec, nil)` is the admitted copy's `conflict_free` pair.
`validate_instancetype_parts` also runs the steps after `ApplyToVM` (the VMI spec defaults and the
preference requirements); no VM of these cases fails them.

Not ported: nothing. (The Go test's `ContainElements`/`ConsistOf` are compared here as whole lists
in KubeVirt's order.)
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.preference.requirements import find_requirement_failure
from krmfn.kubevirt.instancetype.preference.requirements.failure import RequirementFailure
from krmfn.kubevirt.instancetype.webhooks.vm import AdmittedCopy, Mutation, validate_instancetype_parts
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, STAGE_INSTANCETYPE_APPLY, Admission, Cause
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

IT_API = "instancetype.kubevirt.io/v1beta1"
NAMESPACE = "default"
INSTANCETYPE_NAME = "instancetypeName"
PREFERENCE_NAME = "preferenceName"
UNKNOWN = "unknown"
INSTANCETYPE_MATCHER = {"name": INSTANCETYPE_NAME, "kind": "virtualmachineinstancetype"}
PREFERENCE_MATCHER = {"name": PREFERENCE_NAME, "kind": "virtualmachinepreference"}


def instancetype_spec(guest: int = 2) -> dict:
    return {"cpu": {"guest": guest}, "memory": {"guest": "128Mi"}}


def preference_spec() -> dict:
    return {"cpu": {"preferredCPUTopology": "cores"}}


def instancetype(spec: dict) -> dict:
    return {"apiVersion": IT_API, "kind": "VirtualMachineInstancetype",
            "metadata": {"name": INSTANCETYPE_NAME, "namespace": NAMESPACE}, "spec": spec}


def preference(spec: dict) -> dict:
    return {"apiVersion": IT_API, "kind": "VirtualMachinePreference",
            "metadata": {"name": PREFERENCE_NAME, "namespace": NAMESPACE}, "spec": spec}


def vm(domain: dict | None = None, instancetype_matcher: dict | None = INSTANCETYPE_MATCHER,
       preference_matcher: dict | None = PREFERENCE_MATCHER) -> dict:
    """libvmi.NewVirtualMachine(libvmi.New(WithNamespace(default)), WithInstancetype, WithPreference)."""
    spec: dict = {"runStrategy": "Halted", "template": {"metadata": {}, "spec": {"domain": domain or {}}}}
    if instancetype_matcher is not None:
        spec["instancetype"] = dict(instancetype_matcher)
    if preference_matcher is not None:
        spec["preference"] = dict(preference_matcher)
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {"name": "testvmi", "namespace": NAMESPACE}, "spec": spec}


def apply_to_vm(machine: dict, it_spec: dict | None = None, pf_spec: dict | None = None) -> Admission | AdmittedCopy:
    """`admitter.ApplyToVM(vm)` with the `BeforeEach` instance type and preference (or the updated specs)."""
    bundle = Bundle([instancetype(it_spec or instancetype_spec()), preference(pf_spec or preference_spec())])
    return validate_instancetype_parts(Mutation(machine), bundle, NAMESPACE, ClusterConfig())


def conflict(field: str) -> Cause:
    return Cause(field, f"VM field(s) {field} conflicts with selected instance type", CAUSE_FIELD_VALUE_INVALID)


def assert_rejected(verdict: Admission | AdmittedCopy, causes: list[Cause]) -> None:
    """`(nil, nil, causes)`: rejected by ApplyToVM with exactly these causes."""
    assert isinstance(verdict, Admission), verdict
    assert (verdict.allowed, verdict.stage, verdict.causes) == (False, STAGE_INSTANCETYPE_APPLY, causes)


def test_should_reject_if_instancetype_fails_to_apply_to_vmi() -> None:
    verdict = apply_to_vm(vm({"cpu": {"sockets": 1}, "memory": {"guest": "1Gi"}}))
    assert_rejected(verdict, [conflict("spec.template.spec.domain.cpu.sockets"),
                              conflict("spec.template.spec.domain.memory.guest")])


def test_should_reject_if_instancetype_and_vm_define_cpu_sockets_cores_and_threads() -> None:
    verdict = apply_to_vm(vm({"cpu": {"sockets": 1, "cores": 1, "threads": 1}}))
    assert_rejected(verdict, [conflict("spec.template.spec.domain.cpu.sockets"),
                              conflict("spec.template.spec.domain.cpu.cores"),
                              conflict("spec.template.spec.domain.cpu.threads")])


@pytest.mark.parametrize(("resources", "field"), [
    pytest.param({"requests": {"cpu": "1"}}, "spec.template.spec.domain.resources.requests.cpu",
                 id="CPU resource requests"),
    pytest.param({"limits": {"cpu": "1"}}, "spec.template.spec.domain.resources.limits.cpu",
                 id="CPU resource limits"),
    pytest.param({"requests": {"memory": "128Mi"}}, "spec.template.spec.domain.resources.requests.memory",
                 id="Memory resource requests"),
    pytest.param({"limits": {"memory": "128Mi"}}, "spec.template.spec.domain.resources.limits.memory",
                 id="Memory resource limits"),
])
def test_should_reject_if_instancetype_and_vm_define_conflicting_resources(resources: dict, field: str) -> None:
    assert_rejected(apply_to_vm(vm({"resources": resources})), [conflict(field)])


def test_should_reject_if_preference_requirements_are_not_met() -> None:
    pf_spec = {**preference_spec(), "requirements": {"cpu": {"guest": 10}}}
    failure = find_requirement_failure(None, pf_spec, vm()["spec"]["template"]["spec"])
    assert failure == RequirementFailure(("spec.template.spec.domain.cpu",),
                                         "no CPU resources provided by VirtualMachine, preference requires 10 vCPU")


SOCKETS_CORES = ("{} vCPUs provided by the instance type are not divisible by the "
                 "Spec.PreferSpreadSocketToCoreRatio or Spec.CPU.PreferSpreadOptions.Ratio of {} provided by the "
                 "preference")
CORES_THREADS = "{} vCPUs provided by the instance type are not divisible by the number of threads per core {}"
SOCKETS_CORES_THREADS = ("{} vCPUs provided by the instance type are not divisible by the number of threads per "
                         "core {} and Spec.PreferSpreadSocketToCoreRatio or Spec.CPU.PreferSpreadOptions.Ratio of {}")


def _spread_entries() -> list:
    """The 24 entries of "should reject if PreferSpread requested with": each spec with `spread` and
    with `preferSpread`."""
    rows: list[tuple[str, int, int | None, dict, str]] = [
        # (entry text up to "with <topology>", vCPUs, preferSpreadSocketToCoreRatio, spreadOptions, message)
        ("3 vCPUs, default of SpreadAcrossSocketsCores and default SocketCoreRatio of 2", 3, None, {},
         SOCKETS_CORES.format(3, 2)),
        ("2 vCPUs, default of SpreadAcrossSocketsCores and SocketCoreRatio via PreferSpreadSocketToCoreRatio of 3",
         2, 3, {}, SOCKETS_CORES.format(2, 3)),
        ("2 vCPUs, default of SpreadAcrossSocketsCores and SocketCoreRatio via SpreadOptions of 3", 2, None,
         {"ratio": 3}, SOCKETS_CORES.format(2, 3)),
        ("4 vCPUs, default of SpreadAcrossSocketsCores and SocketCoreRatio via PreferSpreadSocketToCoreRatio of 3",
         4, 3, {}, SOCKETS_CORES.format(4, 3)),
        ("4 vCPUs, default of SpreadAcrossSocketsCores and SocketCoreRatio via SpreadOptions of 3", 4, None,
         {"ratio": 3}, SOCKETS_CORES.format(4, 3)),
        ("3 vCPUs and SpreadAcrossCoresThreads", 3, None, {"across": "CoresThreads"}, CORES_THREADS.format(3, 2)),
        ("5 vCPUs and SpreadAcrossCoresThreads", 5, None, {"across": "CoresThreads"}, CORES_THREADS.format(5, 2)),
        ("5 vCPUs, SpreadAcrossSocketsCoresThreads and default SocketCoreRatio of 2", 5, None,
         {"across": "SocketsCoresThreads"}, SOCKETS_CORES_THREADS.format(5, 2, 2)),
        ("6 vCPUs, SpreadAcrossSocketsCoresThreads and SocketCoreRatio via PreferSpreadSocketToCoreRatio of 4", 6, 4,
         {"across": "SocketsCoresThreads"}, SOCKETS_CORES_THREADS.format(6, 2, 4)),
        ("6 vCPUs, SpreadAcrossSocketsCoresThreads and SocketCoreRatio via SpreadOptions of 4", 6, None,
         {"across": "SocketsCoresThreads", "ratio": 4}, SOCKETS_CORES_THREADS.format(6, 2, 4)),
    ]
    params = []
    for text, vcpus, ratio, spread_options, message in rows:
        for topology in ("spread", "preferSpread"):
            cpu: dict = {"preferredCPUTopology": topology}
            if spread_options:
                cpu["spreadOptions"] = spread_options
            pf_spec: dict = {"cpu": cpu}
            if ratio is not None:
                pf_spec["preferSpreadSocketToCoreRatio"] = ratio
            params.append(pytest.param(vcpus, pf_spec, message, id=f"{text} with {topology}"))
    return params


@pytest.mark.parametrize(("vcpus", "pf_spec", "message"), _spread_entries())
def test_should_reject_if_prefer_spread_requested_with(vcpus: int, pf_spec: dict, message: str) -> None:
    verdict = apply_to_vm(vm(), instancetype_spec(vcpus), pf_spec)
    assert_rejected(verdict, [Cause("instancetype.spec.cpu.guest", message, CAUSE_FIELD_VALUE_INVALID)])


@pytest.mark.parametrize("topology", [pytest.param("spread", id="with spread"),
                                      pytest.param("preferSpread", id="with preferSpread")])
def test_should_admit_vm_with_preference_using_prefer_spread_and_without_instancetype(topology: str) -> None:
    pf_spec = {"cpu": {"preferredCPUTopology": topology}}
    verdict = apply_to_vm(vm(instancetype_matcher=None), pf_spec=pf_spec)
    assert isinstance(verdict, AdmittedCopy), verdict
    assert verdict.conflict_free == (None, pf_spec)


def _not_found_log(resource: str, what: str) -> str:
    return f'ignoring err "{resource}.instancetype.kubevirt.io \\"unknown\\" not found" when looking for {what}'


@pytest.mark.parametrize(("machine", "log"), [
    pytest.param(vm(instancetype_matcher={"name": UNKNOWN, "kind": "virtualmachineinstancetype"},
                    preference_matcher=None),
                 _not_found_log("virtualmachineinstancetypes", "instance type"),
                 id="VirtualMachineInstancetype is referenced but not found"),
    pytest.param(vm(instancetype_matcher={"name": UNKNOWN}, preference_matcher=None),
                 _not_found_log("virtualmachineclusterinstancetypes", "instance type"),
                 id="VirtualMachineClusterInstancetype is referenced but not found"),
    pytest.param(vm(instancetype_matcher=None,
                    preference_matcher={"name": UNKNOWN, "kind": "virtualmachinepreference"}),
                 _not_found_log("virtualmachinepreferences", "preference"),
                 id="VirtualMachinePreference is referenced but not found"),
    pytest.param(vm(instancetype_matcher=None, preference_matcher={"name": UNKNOWN}),
                 _not_found_log("virtualmachineclusterpreferences", "preference"),
                 id="VirtualMachineClusterPreference is referenced but not found"),
])
def test_should_admit_when(machine: dict, log: str) -> None:
    """`(nil, nil, nil)`: the find error is only logged (as KubeVirt's `ignoreFindFailureWarnFmt`)."""
    verdict = apply_to_vm(machine)
    assert isinstance(verdict, AdmittedCopy), verdict
    assert (verdict.conflict_free, verdict.logs) == ((None, None), [log])
