"""expand_vm end to end (docs/kubevirt/expand.md#algorithm) with exact outputs and messages."""
import copy

import pytest

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.instancetype.expand.expand import clone, expand_vm
from krmfn.kubevirt.instancetype.find.result import Failure

IT_API = "instancetype.kubevirt.io/v1beta1"
U1_MEDIUM = {"apiVersion": IT_API, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": "u1.medium"},
             "spec": {"cpu": {"guest": 1}, "memory": {"guest": "4Gi"}}}
FEDORA = {"apiVersion": IT_API, "kind": "VirtualMachineClusterPreference", "metadata": {"name": "fedora"},
          "spec": {"devices": {"preferredDiskBus": "virtio", "preferredInterfaceModel": "virtio"}}}


def vm(spec_extra=None, domain=None, volumes=None, status=None):
    spec = {"runStrategy": "Always", "template": {"spec": {
        "domain": domain if domain is not None else {"devices": {}},
        "volumes": volumes if volumes is not None else [
            {"name": "rootdisk", "containerDisk": {"image": "quay.io/containerdisks/fedora:latest"}}]}}}
    spec.update(spec_extra or {})
    out = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm1", "namespace": "ns"},
           "spec": spec}
    if status is not None:
        out["status"] = status
    return out


def expand(machine, objects=(U1_MEDIUM, FEDORA), **kwargs):
    objects = list(objects)
    before_vm, before_objects = copy.deepcopy(machine), copy.deepcopy(objects)
    result = expand_vm(machine, Bundle(objects), **kwargs)
    assert machine == before_vm, "the input VM must not be mutated"
    assert objects == before_objects, "the bundle must not be mutated"
    return result


def test_e60_typical_expand():
    result = expand(vm({"instancetype": {"name": "u1.medium"}, "preference": {"name": "fedora"}}))
    assert result.failure is None
    assert result.vm["spec"] == {
        "runStrategy": "Always",
        "template": {"spec": {
            "architecture": "amd64",
            "domain": {
                "cpu": {"sockets": 1, "cores": 1, "threads": 1},
                "devices": {"disks": [{"name": "rootdisk", "disk": {"bus": "virtio"}}],
                            "interfaces": [{"name": "default", "bridge": {}, "model": "virtio"}]},
                "machine": {"type": "q35"},
                "memory": {"guest": "4Gi"},
            },
            "evictionStrategy": "None",
            "networks": [{"name": "default", "pod": {}}],
            "volumes": [{"name": "rootdisk", "containerDisk": {"image": "quay.io/containerdisks/fedora:latest",
                                                              "imagePullPolicy": "Always"}}],
        }},
    }
    assert result.vm["metadata"] == {"name": "vm1", "namespace": "ns"}
    assert result.instancetype.source() == "VirtualMachineClusterInstancetype/u1.medium"
    assert result.preference.source() == "VirtualMachineClusterPreference/fedora"


def test_e61_no_matchers_returns_the_same_object():
    machine = vm(domain={"devices": {}})
    result = expand(machine)
    assert result.vm is machine and result.failure is None


def test_null_matchers_count_as_absent():
    machine = vm({"instancetype": None, "preference": None})
    assert expand(machine).vm is machine


def test_e62_autoattach_false_still_gets_the_default_network():
    pf = {**FEDORA, "metadata": {"name": "noauto"}, "spec": {"devices": {"preferredAutoattachPodInterface": False}}}
    result = expand(vm({"preference": {"name": "noauto"}}), [pf])
    devices = result.vm["spec"]["template"]["spec"]["domain"]["devices"]
    assert devices["autoattachPodInterface"] is False
    assert devices["interfaces"] == [{"name": "default", "bridge": {}}]
    assert result.vm["spec"]["template"]["spec"]["networks"] == [{"name": "default", "pod": {}}]


def test_e63_preference_only_defaults():
    pf = {**FEDORA, "metadata": {"name": "empty"}, "spec": {}}
    domain = {"resources": {"requests": {"cpu": "1500m", "memory": "2048Mi"}}}
    result = expand(vm({"preference": {"name": "empty"}}, domain=domain, volumes=[]), [pf])
    spec = result.vm["spec"]["template"]["spec"]
    assert spec["domain"]["cpu"] == {"sockets": 2, "cores": 1, "threads": 1}
    assert spec["domain"]["memory"] == {"guest": "2Gi"}
    assert spec["domain"]["resources"] == {"requests": {"cpu": "1500m", "memory": "2048Mi"}}
    assert spec["architecture"] == "amd64" and spec["domain"]["machine"] == {"type": "q35"}
    assert spec["evictionStrategy"] == "None"


def test_e2_missing_instance_type():
    result = expand(vm({"instancetype": {"name": "nonexistent-instancetype"}}))
    assert result.vm is None
    assert result.failure == Failure(
        'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "nonexistent-instancetype" not found',
        "spec.instancetype.name", "instancetype-not-found")


def test_instance_type_error_reported_before_preference_error():
    result = expand(vm({"instancetype": {"name": "a"}, "preference": {"name": "b", "kind": "vmcp"}}))
    assert result.failure.message == 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "a" not found'
    result = expand(vm({"instancetype": {"name": "u1.medium"}, "preference": {"name": "b", "kind": "vmcp"}}))
    assert result.failure.message == "got unexpected kind in PreferenceMatcher: vmcp"


def test_e67_conflict():
    result = expand(vm({"instancetype": {"name": "u1.medium"}}, domain={"cpu": {"sockets": 4}, "devices": {}}))
    assert result.failure == Failure(
        "VM field(s) spec.template.spec.domain.cpu.sockets conflicts with selected instance type",
        "spec.template.spec.domain.cpu.sockets", "instancetype-conflict")


def test_several_conflicts_and_annotation_path():
    it = {**U1_MEDIUM, "spec": {**U1_MEDIUM["spec"], "annotations": {"team": "a"}}}
    machine = vm({"instancetype": {"name": "u1.medium"}}, domain={"cpu": {"cores": 2}, "devices": {}})
    machine["spec"]["template"]["metadata"] = {"annotations": {"team": "b"}}
    result = expand(machine, [it])
    assert result.failure.message == (
        "VM field(s) spec.template.spec.domain.cpu.cores, annotations.team conflicts with selected instance type")
    assert result.failure.path == "spec.template.spec.domain.cpu.cores"


def test_network_default_error():
    result = expand(vm({"instancetype": {"name": "u1.medium"}}),
                    config=ClusterConfig(permit_bridge_interface_on_pod_network=False))
    assert result.failure == Failure("bridge interface is not enabled in kubevirt-config",
                                     "spec.template.spec.networks", "default-network-interface")


def test_status_refs_stripped_and_other_status_kept():
    status = {"printableStatus": "Stopped", "instancetypeRef": {"name": "u1.medium"},
              "preferenceRef": {"name": "fedora"}}
    result = expand(vm({"instancetype": {"name": "u1.medium"}}, status=status))
    assert result.vm["status"] == {"printableStatus": "Stopped"}
    result = expand(vm({"instancetype": {"name": "u1.medium"}}, status={"instancetypeRef": {"name": "x"}}))
    assert "status" not in result.vm


def test_template_metadata_and_other_spec_fields_kept():
    machine = vm({"instancetype": {"name": "u1.medium"}, "dataVolumeTemplates": [{"metadata": {"name": "dv"}}]})
    machine["spec"]["template"]["metadata"] = {"labels": {"app": "x"}}
    result = expand(machine)
    assert result.vm["spec"]["template"]["metadata"] == {"labels": {"app": "x"}}
    assert result.vm["spec"]["dataVolumeTemplates"] == [{"metadata": {"name": "dv"}}]
    assert "instancetype" not in result.vm["spec"]


def test_instance_type_annotations_go_to_the_template_metadata():
    it = {**U1_MEDIUM, "spec": {**U1_MEDIUM["spec"], "annotations": {"team": "a"}}}
    result = expand(vm({"instancetype": {"name": "u1.medium"}}), [it])
    assert result.vm["spec"]["template"]["metadata"] == {"annotations": {"team": "a"}}


def test_without_defaults_only_the_instance_type_and_preference_apply():
    result = expand(vm({"instancetype": {"name": "u1.medium"}}), apply_defaults=False)
    assert result.vm["spec"]["template"]["spec"] == {
        "domain": {"devices": {}, "cpu": {"sockets": 1, "cores": 1, "threads": 1}, "memory": {"guest": "4Gi"}},
        "volumes": [{"name": "rootdisk", "containerDisk": {"image": "quay.io/containerdisks/fedora:latest"}}],
    }


def test_vm_namespace_defaults_to_the_bundle_default():
    it = {"apiVersion": IT_API, "kind": "VirtualMachineInstancetype", "metadata": {"name": "it"},
          "spec": {"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}}}
    machine = vm({"instancetype": {"name": "it", "kind": "VirtualMachineInstancetype"}})
    del machine["metadata"]["namespace"]
    result = expand_vm(machine, Bundle([it], default_namespace="default"))
    assert result.vm["spec"]["template"]["spec"]["domain"]["cpu"]["sockets"] == 2
    assert "namespace" not in result.vm["metadata"]


def test_expanded_vms_share_nothing_with_the_instance_type():
    it = {**U1_MEDIUM, "spec": {**U1_MEDIUM["spec"], "nodeSelector": {"a": "b"}}}
    objects = [it]
    bundle = Bundle(objects)
    first = expand_vm(vm({"instancetype": {"name": "u1.medium"}}), bundle).vm
    first["spec"]["template"]["spec"]["nodeSelector"]["a"] = "changed"
    second = expand_vm(vm({"instancetype": {"name": "u1.medium"}}), bundle).vm
    assert second["spec"]["template"]["spec"]["nodeSelector"] == {"a": "b"}


@pytest.mark.parametrize("value", [{"a": [1, {"b": None}]}, [], "x", 3])
def test_clone_is_a_deep_copy(value):
    copied = clone(value)
    assert copied == value
    if isinstance(value, dict):
        assert copied["a"] is not value["a"] and copied["a"][1] is not value["a"][1]


def test_conflict_finding_path_uses_the_json_field_name():
    it = {**U1_MEDIUM, "spec": {**U1_MEDIUM["spec"], "cpu": {"guest": 1, "dedicatedCPUPlacement": True}}}
    machine = vm({"instancetype": {"name": "u1.medium"}}, domain={"cpu": {"dedicatedCpuPlacement": True},
                                                                  "devices": {}})
    result = expand(machine, [it])
    assert result.failure.message == (
        "VM field(s) spec.template.spec.domain.cpu.dedicatedCPUPlacement conflicts with selected instance type")
    assert result.failure.path == "spec.template.spec.domain.cpu.dedicatedCpuPlacement"


def test_undecodable_instance_type_value_points_at_the_matcher():
    it = {**U1_MEDIUM, "spec": {"cpu": {"guest": "two"}, "memory": {"guest": "1Gi"}}}
    result = expand(vm({"instancetype": {"name": "u1.medium"}}), [it])
    assert result.failure.path == "spec.instancetype"
    assert result.failure.check == "instancetype-invalid"
    assert "spec.cpu.guest" in result.failure.message


# --- every missing reference (docs/kubevirt/expand.md#every-missing-reference) ----------------

IT_MISSING = 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.meduim" not found'
PF_MISSING = 'virtualmachineclusterpreferences.instancetype.kubevirt.io "fedroa" not found'


def test_expand_stops_at_the_instance_type_and_the_missing_preference_behind_it_comes_later():
    result = expand(vm({"instancetype": {"name": "u1.meduim"}, "preference": {"name": "fedroa"}}))
    # KubeVirt's answer: Expand returns the instance type's error without looking for the preference
    assert result.failure == Failure(IT_MISSING, "spec.instancetype.name", "instancetype-not-found")
    # what the user meets once the instance type is fixed, in the words KubeVirt gives then
    alone = expand(vm({"instancetype": {"name": "u1.medium"}, "preference": {"name": "fedroa"}}))
    assert alone.failure == Failure(PF_MISSING, "spec.preference.name", "preference-not-found")
    assert result.failure.later == (alone.failure,)
    assert [failure.message for failure in result.failure.every()] == [IT_MISSING, PF_MISSING]


def test_nothing_comes_later_when_the_preference_is_found_or_absent():
    for spec in ({"instancetype": {"name": "u1.meduim"}, "preference": {"name": "fedora"}},
                 {"instancetype": {"name": "u1.meduim"}}):
        failure = expand(vm(spec)).failure
        assert failure is not None and failure.message == IT_MISSING and failure.later == ()
