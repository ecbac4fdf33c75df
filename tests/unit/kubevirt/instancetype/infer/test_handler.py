"""Applying inference to a VM: policies, matcher replacement, memory drop
(docs/kubevirt/resolution.md#inference-from-a-volume, docs/kubevirt/admission.md#vm-mutating-webhook)."""
import copy

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.kubevirt.instancetype.infer.handler import infer_matchers

LABELS = {
    "instancetype.kubevirt.io/default-instancetype": "u1.medium",
    "instancetype.kubevirt.io/default-instancetype-kind": "VirtualMachineClusterInstancetype",
    "instancetype.kubevirt.io/default-preference": "fedora",
}


def pvc(labels):
    return {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
            "metadata": {"name": "disk1", "namespace": "ns", "labels": labels}}


def vm(instancetype=None, preference=None, memory=None, volume=None):
    domain = {"devices": {}}
    if memory is not None:
        domain["memory"] = memory
    spec = {"template": {"spec": {"domain": domain, "volumes": [
        volume or {"name": "root", "persistentVolumeClaim": {"claimName": "disk1"}}]}}}
    if instancetype is not None:
        spec["instancetype"] = instancetype
    if preference is not None:
        spec["preference"] = preference
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {"name": "vm", "namespace": "ns"}, "spec": spec}


def run(machine, objects):
    before = copy.deepcopy(machine)
    outcome = infer_matchers(machine, Bundle(objects), "ns")
    assert machine == before, "the input VM must not be mutated"
    return outcome


def test_e9_both_matchers_inferred():
    outcome = run(vm({"inferFromVolume": "root"}, {"inferFromVolume": "root"}), [pvc(LABELS)])
    assert outcome.failure is None and outcome.inferred
    spec = outcome.vm["spec"]
    assert spec["instancetype"] == {"name": "u1.medium", "kind": "VirtualMachineClusterInstancetype"}
    assert spec["preference"] == {"name": "fedora"}


def test_without_inference_the_vm_is_returned_as_is():
    machine = vm({"name": "u1.medium"})
    assert run(machine, []).vm is machine


def test_e11_ignore_missing_label_removes_the_matcher_and_keeps_memory():
    machine = vm({"inferFromVolume": "root", "inferFromVolumeFailurePolicy": "Ignore"}, memory={"guest": "1Gi"})
    outcome = run(machine, [pvc({})])
    assert "instancetype" not in outcome.vm["spec"]
    assert outcome.vm["spec"]["template"]["spec"]["domain"]["memory"] == {"guest": "1Gi"}


def test_e12_ignore_success_drops_the_whole_memory():
    memory = {"guest": "512Mi", "hugepages": {"pageSize": "2Mi"}}
    outcome = run(vm({"inferFromVolume": "root", "inferFromVolumeFailurePolicy": "Ignore"}, memory=memory),
                  [pvc(LABELS)])
    assert "memory" not in outcome.vm["spec"]["template"]["spec"]["domain"]
    assert outcome.vm["spec"]["instancetype"]["name"] == "u1.medium"


def test_e12_reject_keeps_memory():
    outcome = run(vm({"inferFromVolume": "root"}, memory={"guest": "512Mi"}), [pvc(LABELS)])
    assert outcome.vm["spec"]["template"]["spec"]["domain"]["memory"] == {"guest": "512Mi"}


def test_ignore_on_preference_does_not_drop_memory():
    outcome = run(vm(preference={"inferFromVolume": "root", "inferFromVolumeFailurePolicy": "Ignore"},
                     memory={"guest": "1Gi"}), [pvc(LABELS)])
    assert outcome.vm["spec"]["template"]["spec"]["domain"]["memory"] == {"guest": "1Gi"}


def test_e13_fatal_errors_reject_even_under_ignore():
    outcome = run(vm({"inferFromVolume": "root", "inferFromVolumeFailurePolicy": "Ignore"}), [])
    assert outcome.failure == Failure('persistentvolumeclaims "disk1" not found',
                                      "spec.instancetype.inferFromVolume", "inference-failed")
    outcome = run(vm({"inferFromVolume": "nope", "inferFromVolumeFailurePolicy": "Ignore"}), [pvc(LABELS)])
    assert outcome.failure.message == "unable to find volume nope to infer defaults"


def test_reject_policy_rejects_ignorable_errors():
    outcome = run(vm(preference={"inferFromVolume": "root"}, volume={"name": "root", "containerDisk": {}}), [])
    assert outcome.failure == Failure("unable to infer defaults from volume root as type is not supported",
                                      "spec.preference.inferFromVolume", "inference-failed")


def test_e57_matcher_validation_of_inferring_matchers():
    outcome = run(vm({"inferFromVolume": "root", "inferFromVolumeFailurePolicy": "RejectInferFromVolumeFailure"}),
                  [pvc(LABELS)])
    assert outcome.failure == Failure("Invalid value 'RejectInferFromVolumeFailure' for InferFromVolumeFailurePolicy",
                                      "spec.instancetype.inferFromVolumeFailurePolicy", "matcher-invalid")
    outcome = run(vm(preference={"name": "a", "kind": "b", "inferFromVolume": "root"}), [pvc(LABELS)])
    assert outcome.failure.message == ("Name already set, should be cleared before setting inferFromVolume, "
                                       "Kind already set, should be cleared before setting inferFromVolume")
    assert outcome.failure.path == "spec.preference.name"


def test_empty_label_value_gives_a_matcher_without_name():
    outcome = run(vm({"inferFromVolume": "root"}), [pvc({"instancetype.kubevirt.io/default-instancetype": ""})])
    assert outcome.vm["spec"]["instancetype"] == {}
