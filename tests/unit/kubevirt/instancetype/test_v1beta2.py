"""krmfn's instancetype.kubevirt.io/v1beta2 rules (README "v1beta2"): one test per rule, through
expand (what inline writes) and through admission (what validate reports), with exact messages."""
from __future__ import annotations

import copy

from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.expand.expand import expand_vm
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.util import webhooks as r

V1BETA1 = "instancetype.kubevirt.io/v1beta1"
V1BETA2 = "instancetype.kubevirt.io/v1beta2"
RULE = "instancetype.kubevirt.io/v1beta2 rule"


def instancetype(name="it", api=V1BETA2, **spec):
    return {"apiVersion": api, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": name}, "spec": spec}


def preference(name="pf", api=V1BETA1, **spec):
    return {"apiVersion": api, "kind": "VirtualMachineClusterPreference", "metadata": {"name": name}, "spec": spec}


def vm(cpu=None, memory=None, instancetype_name="it", preference_name=None):
    domain = {"devices": {}}
    if cpu is not None:
        domain["cpu"] = cpu
    if memory is not None:
        domain["memory"] = memory
    spec = {"runStrategy": "Halted", "template": {"spec": {"domain": domain}}}
    if instancetype_name:
        spec["instancetype"] = {"name": instancetype_name}
    if preference_name:
        spec["preference"] = {"name": preference_name}
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": spec}


def expand(machine, *objects):
    before = copy.deepcopy(machine)
    result = expand_vm(machine, Bundle(objects), apply_defaults=False)
    assert machine == before, "the VM must not be mutated"
    return result


def domain_of(result):
    return result.vm["spec"]["template"]["spec"]["domain"]


def failure(result):
    return result.failure.message, result.failure.path


def admit(*objects):
    """The verdict of the last object (normally the VM), with the others stored first."""
    verdict = admit_bundle(list(objects))[-1]
    return verdict.allowed, verdict.stage, [(c.field, c.message) for c in verdict.causes]


# --- instance type schema and rule 1 --------------------------------------------------------------
def test_v1beta2_instance_type_without_guests_is_admitted():
    assert admit(instancetype(cpu={"dedicatedCPUPlacement": True})) == (True, None, [])
    assert admit(instancetype(memory={"hugepages": {"pageSize": "2Mi"}})) == (True, None, [])


def test_v1beta1_still_requires_both_guests():
    allowed, stage, causes = admit(instancetype(api=V1BETA1, cpu={}, memory={}))
    assert (allowed, stage, causes) == (False, r.STAGE_CRD_SCHEMA, [("spec.cpu.guest", "Required value"),
                                                                  ("spec.memory.guest", "Required value")])


def test_cpu_topology_is_a_v1beta2_field():
    allowed, stage, causes = admit(instancetype(api=V1BETA1, cpu={"guest": 1, "topology": {"sockets": 2}},
                                                memory={"guest": "1Gi"}))
    assert (allowed, stage) == (False, r.STAGE_FIELD_VALIDATION)
    assert causes == [("", 'VirtualMachineClusterInstancetype in version "v1beta1" cannot be handled as a '
                           'VirtualMachineClusterInstancetype: strict decoding error: unknown field '
                           '"spec.cpu.topology"')]
    assert admit(instancetype(cpu={"topology": {"sockets": 2, "cores": 2}})) == (True, None, [])


def test_rule_1_guest_and_topology_together():
    assert admit(instancetype(cpu={"guest": 4, "topology": {"sockets": 2}})) == (
        False, r.STAGE_VALIDATING_WEBHOOK,
        [("spec.cpu.topology", "spec.cpu.guest and spec.cpu.topology should not be requested together "
                               f"({RULE}: an instance type gives its vCPUs either as a count or as a topology)")])


# --- rule 2: no vCPUs or no memory in the instance type -------------------------------------------
def test_rule_2_vm_must_give_its_vcpus():
    it = instancetype(memory={"guest": "1Gi"})
    message = ("selected instance type sets neither spec.cpu.guest nor spec.cpu.topology: the VM must set "
               f"spec.template.spec.domain.cpu.guest ({RULE})")
    assert failure(expand(vm(), it)) == (message, "spec.template.spec.domain.cpu.guest")
    assert admit(it, vm()) == (False, r.STAGE_INSTANCETYPE_APPLY, [("spec.template.spec.domain.cpu.guest", message)])


def test_rule_2_sockets_are_not_a_way_to_give_vcpus():
    allowed, stage, causes = admit(instancetype(memory={"guest": "1Gi"}), vm({"sockets": 2}))
    assert [field for field, _ in causes] == ["spec.template.spec.domain.cpu.guest",
                                              "spec.template.spec.domain.cpu.sockets"]
    assert causes[1][1] == "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type"


def test_vm_guest_must_be_a_vcpu_count():
    result = expand(vm({"guest": 0}, {"guest": "1Gi"}), instancetype())
    assert failure(result) == (
        "invalid value 0 for spec.template.spec.domain.cpu.guest: must be a number of vCPUs from 1 to 4294967295 "
        f"({RULE})", "spec.template.spec.domain.cpu.guest")


def test_rule_2_vm_must_give_its_memory():
    it = instancetype(cpu={"guest": 2})
    message = ("selected instance type has no spec.memory.guest: the VM must set "
               f"spec.template.spec.domain.memory.guest ({RULE})")
    assert failure(expand(vm(), it)) == (message, "spec.template.spec.domain.memory.guest")
    assert admit(it, vm()) == (False, r.STAGE_INSTANCETYPE_APPLY,
                               [("spec.template.spec.domain.memory.guest", message)])


def test_vm_memory_guest_still_conflicts_with_the_instance_types():
    result = expand(vm(memory={"guest": "2Gi"}), instancetype(cpu={"guest": 2}, memory={"guest": "1Gi"}))
    assert failure(result) == ("VM field(s) spec.template.spec.domain.memory.guest conflicts with selected instance "
                               "type", "spec.template.spec.domain.memory.guest")


def test_vm_memory_is_kept_as_written_and_overcommitted():
    result = expand(vm({"guest": 2}, {"guest": "8192Mi"}), instancetype(memory={"overcommitPercent": 50}))
    assert domain_of(result)["memory"] == {"guest": "8192Mi"}
    assert domain_of(result)["resources"] == {"requests": {"memory": "4Gi"}}


# --- rule 3: the VM's guest beside the instance type's vCPUs, or beside sockets, cores and threads ---
def test_rule_3_vm_guest_with_instance_type_guest():
    it = instancetype(cpu={"guest": 2}, memory={"guest": "1Gi"})
    message = ("VM field spec.template.spec.domain.cpu.guest conflicts with selected instance type, which sets "
               f"spec.cpu.guest ({RULE}: the VM gives its vCPUs only when the instance type does not)")
    assert failure(expand(vm({"guest": 4}), it)) == (message, "spec.template.spec.domain.cpu.guest")
    assert admit(it, vm({"guest": 4})) == (False, r.STAGE_INSTANCETYPE_APPLY,
                                           [("spec.template.spec.domain.cpu.guest", message)])


def test_rule_3_vm_guest_with_instance_type_topology():
    it = instancetype(cpu={"topology": {"sockets": 2}}, memory={"guest": "1Gi"})
    assert failure(expand(vm({"guest": 4}), it))[0] == (
        "VM field spec.template.spec.domain.cpu.guest conflicts with selected instance type, which sets "
        f"spec.cpu.topology ({RULE}: the VM gives its vCPUs only when the instance type does not)")


def test_rule_3_vm_guest_with_sockets_and_threads():
    it = instancetype(memory={"guest": "1Gi"})
    message = ("VM field spec.template.spec.domain.cpu.guest cannot be combined with "
               "spec.template.spec.domain.cpu.sockets, spec.template.spec.domain.cpu.threads "
               f"({RULE}: the vCPUs are a count, and the preference decides the topology)")
    machine = vm({"guest": 4, "sockets": 2, "threads": 2})
    assert failure(expand(machine, it)) == (message, "spec.template.spec.domain.cpu.guest")
    assert admit(it, machine) == (False, r.STAGE_INSTANCETYPE_APPLY, [("spec.template.spec.domain.cpu.guest", message)])


# --- rule 4: the VM's vCPUs through the preference; the instance type's topology as given ---------
def test_vm_vcpus_go_through_the_preference_topology():
    it = instancetype(cpu={"dedicatedCPUPlacement": True}, memory={"hugepages": {"pageSize": "2Mi"}})
    spread = preference(cpu={"preferredCPUTopology": "spread"})
    result = expand(vm({"guest": 6}, {"guest": "12Gi"}, preference_name="pf"), it, spread)
    assert domain_of(result)["cpu"] == {"dedicatedCpuPlacement": True, "sockets": 3, "cores": 2, "threads": 1}
    assert domain_of(result)["memory"] == {"guest": "12Gi", "hugepages": {"pageSize": "2Mi"}}


def test_vm_vcpus_without_preference_are_sockets():
    assert domain_of(expand(vm({"guest": 6}, {"guest": "1Gi"}), instancetype()))["cpu"] == {
        "sockets": 6, "cores": 1, "threads": 1}


def test_instance_type_topology_is_used_as_given_whatever_the_preference():
    it = instancetype(cpu={"topology": {"sockets": 3, "cores": 2}, "maxSockets": 3}, memory={"guest": "1Gi"})
    cores = preference(cpu={"preferredCPUTopology": "cores"})
    result = expand(vm(preference_name="pf"), it, cores)
    assert domain_of(result)["cpu"] == {"maxSockets": 3, "sockets": 3, "cores": 2, "threads": 1}


def test_instance_type_topology_is_not_spread_checked():
    it = instancetype(cpu={"topology": {"sockets": 3}}, memory={"guest": "1Gi"})
    spread = preference(cpu={"preferredCPUTopology": "spread"})
    assert admit(it, spread, vm(preference_name="pf")) == (True, None, [])


def test_v1beta2_instance_type_guest_behaves_as_v1beta1():
    it = instancetype(cpu={"guest": 4}, memory={"guest": "2048Mi"})
    cores = preference(cpu={"preferredCPUTopology": "cores"})
    result = expand(vm(preference_name="pf"), it, cores)
    assert domain_of(result)["cpu"] == {"sockets": 1, "cores": 4, "threads": 1}
    assert domain_of(result)["memory"] == {"guest": "2Gi"}


def test_vm_vcpus_are_spread_checked_like_an_instance_types():
    spread = preference(cpu={"preferredCPUTopology": "spread"})
    assert admit(instancetype(), spread, vm({"guest": 3}, {"guest": "1Gi"}, preference_name="pf")) == (
        False, r.STAGE_INSTANCETYPE_APPLY,
        [("spec.template.spec.domain.cpu.guest",
          "3 vCPUs provided by the VirtualMachine are not divisible by the Spec.PreferSpreadSocketToCoreRatio or "
          "Spec.CPU.PreferSpreadOptions.Ratio of 2 provided by the preference")])


# --- rule 5: requirements against whichever side supplies -----------------------------------------
def test_cpu_requirement_against_the_instance_type_topology():
    it = instancetype(cpu={"topology": {"sockets": 2, "cores": 3}}, memory={"guest": "1Gi"})
    needs = preference(requirements={"cpu": {"guest": 8}})
    assert admit(it, needs, vm(preference_name="pf")) == (
        False, r.STAGE_PREFERENCE_REQUIREMENTS,
        [("spec.instancetype", "failure checking preference requirements: insufficient CPU resources of 6 vCPU "
                               "provided by instance type, preference requires 8 vCPU")])


def test_cpu_requirement_against_the_vm_guest():
    needs = preference(requirements={"cpu": {"guest": 4}})
    assert admit(instancetype(), needs, vm({"guest": 2}, {"guest": "1Gi"}, preference_name="pf")) == (
        False, r.STAGE_PREFERENCE_REQUIREMENTS,
        [("spec.template.spec.domain.cpu.sockets",
          "failure checking preference requirements: insufficient CPU resources of 2 vCPU provided by "
          "VirtualMachine, preference requires 4 vCPU provided as sockets")])
    assert admit(instancetype(), needs, vm({"guest": 4}, {"guest": "1Gi"}, preference_name="pf")) == (True, None, [])


def test_memory_requirement_against_the_vm_memory():
    needs = preference(requirements={"memory": {"guest": "2Gi"}})
    assert admit(instancetype(cpu={"guest": 1}), needs, vm(memory={"guest": "1Gi"}, preference_name="pf")) == (
        False, r.STAGE_PREFERENCE_REQUIREMENTS,
        [("spec.template.spec.domain.memory",
          "failure checking preference requirements: insufficient Memory resources of 1Gi provided by "
          "VirtualMachine, preference requires 2Gi")])


def test_memory_requirement_against_the_instance_type_guest():
    needs = preference(requirements={"memory": {"guest": "2Gi"}})
    it = instancetype(memory={"guest": "1Gi"})
    assert admit(it, needs, vm({"guest": 1}, preference_name="pf"))[2] == [
        ("spec.instancetype", "failure checking preference requirements: insufficient Memory resources of 1Gi "
                              "provided by instance type, preference requires 2Gi")]


# --- rule 6: domain.cpu.guest needs v1beta2 -------------------------------------------------------
GUEST_NOT_ACCEPTED = (
    "spec.template.spec.domain.cpu.guest is not a field of KubeVirt's VirtualMachine: krmfn accepts it only "
    "when the VM's instance type is instancetype.kubevirt.io/v1beta2 or, without an instance type, its "
    f"preference is ({RULE})")
UNKNOWN_GUEST = ('VirtualMachine in version "v1" cannot be handled as a VirtualMachine: strict decoding error: '
                 'unknown field "spec.template.spec.domain.cpu.guest"')


def test_rule_6_vm_guest_with_a_v1beta1_instance_type():
    it = instancetype(api=V1BETA1, cpu={"guest": 2}, memory={"guest": "1Gi"})
    assert failure(expand(vm({"guest": 2}), it)) == (GUEST_NOT_ACCEPTED, "spec.template.spec.domain.cpu.guest")
    assert admit(it, vm({"guest": 2})) == (False, r.STAGE_FIELD_VALIDATION, [("", UNKNOWN_GUEST)])


def test_rule_6_vm_guest_without_matchers():
    machine = vm({"guest": 2}, {"guest": "1Gi"}, instancetype_name=None)
    assert failure(expand(machine)) == (GUEST_NOT_ACCEPTED, "spec.template.spec.domain.cpu.guest")
    assert admit(machine) == (False, r.STAGE_FIELD_VALIDATION, [("", UNKNOWN_GUEST)])


def test_rule_6_vm_guest_with_only_a_v1beta1_preference():
    machine = vm({"guest": 2}, {"guest": "1Gi"}, instancetype_name=None, preference_name="pf")
    assert failure(expand(machine, preference())) == (GUEST_NOT_ACCEPTED, "spec.template.spec.domain.cpu.guest")


def test_rule_6_vm_guest_with_only_a_v1beta2_preference_goes_through_its_topology():
    machine = vm({"guest": 4}, {"guest": "1Gi"}, instancetype_name=None, preference_name="pf")
    pf = preference(api=V1BETA2, cpu={"preferredCPUTopology": "cores"})
    assert domain_of(expand(machine, pf))["cpu"] == {"sockets": 1, "cores": 4, "threads": 1}
    assert admit(pf, machine) == (True, None, [])


def test_rule_6_an_unresolved_instance_type_accepts_the_field_and_fails_on_the_reference():
    machine = vm({"guest": 2}, {"guest": "1Gi"}, instancetype_name="missing")
    assert failure(expand(machine)) == (
        'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "missing" not found', "spec.instancetype.name")
    assert v1beta2.guest_accepted(v1beta2.UNRESOLVED, None)


# --- the output -----------------------------------------------------------------------------------
def test_expanded_vm_has_no_guest_and_no_matchers():
    result = expand(vm({"guest": 2, "model": "host-passthrough"}, {"guest": "1Gi"}), instancetype())
    assert domain_of(result)["cpu"] == {"model": "host-passthrough", "sockets": 2, "cores": 1, "threads": 1}
    assert "instancetype" not in result.vm["spec"]
    assert result.instancetype.source() == "VirtualMachineClusterInstancetype/it"
    assert result.instancetype.version == "v1beta2"
