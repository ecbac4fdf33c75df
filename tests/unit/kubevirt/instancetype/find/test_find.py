"""Instance type and preference resolution (docs/kubevirt/resolution.md#instance-type-resolution–2.6) with exact
KubeVirt messages."""
import pytest

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.find.instancetype import find_instancetype
from krmfn.kubevirt.instancetype.find.matcher import Resolved
from krmfn.kubevirt.instancetype.find.preference import find_preference
from krmfn.kubevirt.instancetype.find.result import Failure

IT_API = "instancetype.kubevirt.io/v1beta1"


def obj(kind, name, spec=None, namespace=None, api=IT_API):
    metadata = {"name": name}
    if namespace is not None:
        metadata["namespace"] = namespace
    return {"apiVersion": api, "kind": kind, "metadata": metadata, "spec": spec or {}}


def revision(name, data, namespace="ns", labels=None):
    metadata = {"name": name, "namespace": namespace}
    if labels:
        metadata["labels"] = labels
    cr = {"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": metadata, "revision": 1}
    if data is not None:
        cr["data"] = data
    return cr


def payload(kind, guest):
    return {"apiVersion": IT_API, "kind": kind, "metadata": {"name": "x"},
            "spec": {"cpu": {"guest": guest}, "memory": {"guest": "1Gi"}}}


def vm(instancetype=None, preference=None, status=None, namespace="ns"):
    spec = {"template": {"spec": {}}}
    if instancetype is not None:
        spec["instancetype"] = instancetype
    if preference is not None:
        spec["preference"] = preference
    out = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
           "metadata": {"name": "vm", "namespace": namespace}, "spec": spec}
    if status is not None:
        out["status"] = status
    return out


SMALL_NS = obj("VirtualMachineInstancetype", "small", {"cpu": {"guest": 1}}, "ns")
SMALL_CLUSTER = obj("VirtualMachineClusterInstancetype", "small", {"cpu": {"guest": 2}})


def guest(found):
    assert isinstance(found, Resolved), found
    return found.spec["cpu"]["guest"]


@pytest.mark.parametrize("kind", ["VirtualMachineInstanceType", "virtualmachineinstancetypes",
                                  "VIRTUALMACHINEINSTANCETYPE"])
def test_e1_namespaced_kind_spellings(kind):
    bundle = Bundle([SMALL_NS, SMALL_CLUSTER])
    found = find_instancetype(vm({"name": "small", "kind": kind}), bundle, "ns")
    assert guest(found) == 1
    assert found.kind == "VirtualMachineInstancetype" and found.name == "small"


@pytest.mark.parametrize("matcher", [{"name": "small"}, {"name": "small", "kind": ""}])
def test_e1_omitted_kind_is_cluster(matcher):
    assert guest(find_instancetype(vm(matcher), Bundle([SMALL_NS, SMALL_CLUSTER]), "ns")) == 2


def test_e1_invalid_kinds():
    bundle = Bundle([SMALL_NS])
    assert find_instancetype(vm({"name": "small", "kind": "vmf"}), bundle, "ns") == Failure(
        "got unexpected kind in InstancetypeMatcher: vmf", "spec.instancetype.kind", "instancetype-kind-invalid")
    assert find_preference(vm(preference={"name": "p", "kind": "vmcp"}), bundle, "ns") == Failure(
        "got unexpected kind in PreferenceMatcher: vmcp", "spec.preference.kind", "preference-kind-invalid")


def test_no_matcher_is_nothing():
    assert find_instancetype(vm(), Bundle([]), "ns") is None
    assert find_preference(vm(), Bundle([]), "ns") is None
    assert find_instancetype(vm(instancetype=None), Bundle([]), "ns") is None


def test_e2_missing_objects_not_found_messages():
    bundle = Bundle([])
    cases = [
        (find_instancetype, vm({"name": "nonexistent-instancetype"}),
         'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "nonexistent-instancetype" not found'),
        (find_instancetype, vm({"name": "it", "kind": "VirtualMachineInstancetype"}),
         'virtualmachineinstancetypes.instancetype.kubevirt.io "it" not found'),
        (find_preference, vm(preference={"name": "pf"}),
         'virtualmachineclusterpreferences.instancetype.kubevirt.io "pf" not found'),
        (find_preference, vm(preference={"name": "pf", "kind": "VirtualMachinePreference"}),
         'virtualmachinepreferences.instancetype.kubevirt.io "pf" not found'),
    ]
    for finder, machine, message in cases:
        found = finder(machine, bundle, "ns")
        assert isinstance(found, Failure) and found.message == message
        assert found.path.endswith(".name")


def test_namespaced_object_in_other_namespace_is_not_found():
    bundle = Bundle([obj("VirtualMachineInstancetype", "it", {}, "other")])
    found = find_instancetype(vm({"name": "it", "kind": "VirtualMachineInstancetype"}), bundle, "ns")
    assert found.message == 'virtualmachineinstancetypes.instancetype.kubevirt.io "it" not found'


def test_namespace_defaults_for_objects_without_one():
    bundle = Bundle([obj("VirtualMachineInstancetype", "it", {"cpu": {"guest": 3}})], default_namespace="lab")
    assert guest(find_instancetype(vm({"name": "it", "kind": "VirtualMachineInstancetype"}), bundle, "lab")) == 3


def test_empty_name_is_refused_like_client_go():
    found = find_instancetype(vm({"inferFromVolume": "root"}), Bundle([]), "ns")
    assert found == Failure("resource name may not be empty", "spec.instancetype.inferFromVolume",
                            "instancetype-name-invalid")
    found = find_preference(vm(preference={}), Bundle([]), "ns")
    assert found.message == "resource name may not be empty"


def test_rejected_objects_do_not_exist():
    rejected = {("VirtualMachineClusterInstancetype", "", "small")}
    bundle = Bundle([SMALL_CLUSTER], rejected=rejected)
    found = find_instancetype(vm({"name": "small"}), bundle, "ns")
    assert found.message == 'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "small" not found'


def test_rejected_set_can_be_filled_after_construction():
    bundle = Bundle([SMALL_CLUSTER])
    bundle.rejected.add(("VirtualMachineClusterInstancetype", "", "small"))
    assert isinstance(find_instancetype(vm({"name": "small"}), bundle, "ns"), Failure)


def test_e3_revision_name_wins_over_status_ref_and_live():
    bundle = Bundle([
        SMALL_CLUSTER,
        revision("cr-a", payload("VirtualMachineClusterInstancetype", 4)),
        revision("cr-b", payload("VirtualMachineClusterInstancetype", 6),
                 labels={"instancetype.kubevirt.io/object-name": "small"}),
    ])
    machine = vm({"name": "small", "revisionName": "cr-a"},
                 status={"instancetypeRef": {"controllerRevisionRef": {"name": "cr-b"}}})
    found = find_instancetype(machine, bundle, "ns")
    assert guest(found) == 4
    assert found.revision == "cr-a" and found.source() == "VirtualMachineClusterInstancetype/small@cr-a"


def test_status_ref_used_when_labelled_for_the_matcher():
    bundle = Bundle([SMALL_CLUSTER, revision("cr", payload("VirtualMachineClusterInstancetype", 4),
                                             labels={"instancetype.kubevirt.io/object-name": "small"})])
    machine = vm({"name": "small"}, status={"instancetypeRef": {"controllerRevisionRef": {"name": "cr"}}})
    assert guest(find_instancetype(machine, bundle, "ns")) == 4


@pytest.mark.parametrize("labels", [None, {"instancetype.kubevirt.io/object-name": "stored"}])
def test_e4_status_ref_for_another_object_is_ignored(labels):
    bundle = Bundle([SMALL_CLUSTER, revision("x", payload("VirtualMachineClusterInstancetype", 4), labels=labels)])
    machine = vm({"name": "small"}, status={"instancetypeRef": {"controllerRevisionRef": {"name": "x"}}})
    assert guest(find_instancetype(machine, bundle, "ns")) == 2


def test_e5_dangling_status_ref_is_an_error():
    machine = vm({"name": "small"}, status={"instancetypeRef": {"controllerRevisionRef": {"name": "gone"}}})
    found = find_instancetype(machine, Bundle([SMALL_CLUSTER]), "ns")
    assert found == Failure('controllerrevisions.apps "gone" not found',
                            "status.instancetypeRef.controllerRevisionRef.name", "revision-not-found")


def test_revision_name_missing_and_in_other_namespace():
    bundle = Bundle([SMALL_CLUSTER, revision("cr-x", payload("VirtualMachineClusterInstancetype", 4), "other")])
    for name in ("gone-rev", "cr-x"):
        found = find_instancetype(vm({"name": "small", "revisionName": name}), bundle, "ns")
        assert found == Failure(f'controllerrevisions.apps "{name}" not found',
                                "spec.instancetype.revisionName", "revision-not-found")


def test_e6_wrong_payload_kind():
    bundle = Bundle([revision("cr", payload("VirtualMachinePreference", 1)),
                     revision("cr2", payload("VirtualMachineClusterInstancetype", 1))])
    found = find_instancetype(vm({"name": "it", "revisionName": "cr"}), bundle, "ns")
    assert found.message == "unexpected type in ControllerRevision: *v1beta1.VirtualMachinePreference"
    assert found.path == "spec.instancetype.revisionName"
    found = find_preference(vm(preference={"name": "p", "revisionName": "cr2"}), bundle, "ns")
    assert found.message == "unexpected type in ControllerRevision: *v1beta1.VirtualMachineClusterInstancetype"


def test_e7_legacy_payload():
    data = payload("VirtualMachineInstancetype", 2)
    data["apiVersion"] = "instancetype.kubevirt.io/v1alpha2"
    found = find_instancetype(vm({"name": "it", "revisionName": "cr"}), Bundle([revision("cr", data)]), "ns")
    assert found.message == (
        'failed to decode object in ControllerRevision: no kind "VirtualMachineInstancetype" is registered for '
        'version "instancetype.kubevirt.io/v1alpha2" in scheme "kubevirt.io/client-go/kubevirt/scheme/register.go:44"')


def test_e8_invalid_kind_ignored_when_a_revision_is_used():
    bundle = Bundle([revision("cr", payload("VirtualMachineClusterInstancetype", 4))])
    assert guest(find_instancetype(vm({"name": "it", "kind": "bogus", "revisionName": "cr"}), bundle, "ns")) == 4
    found = find_instancetype(vm({"name": "it", "kind": "bogus"}), bundle, "ns")
    assert found.message == "got unexpected kind in InstancetypeMatcher: bogus"


def test_matcher_with_only_revision_name_resolves():
    bundle = Bundle([revision("cr", payload("VirtualMachineClusterInstancetype", 4))])
    assert guest(find_instancetype(vm({"revisionName": "cr"}), bundle, "ns")) == 4


def test_cluster_and_namespaced_payloads_are_interchangeable():
    bundle = Bundle([revision("cr", payload("VirtualMachineInstancetype", 5))])
    assert guest(find_instancetype(vm({"name": "it", "revisionName": "cr"}), bundle, "ns")) == 5


def test_preference_status_ref():
    pf = obj("VirtualMachineClusterPreference", "pf", {"cpu": {"preferredCPUTopology": "sockets"}})
    frozen = {"apiVersion": IT_API, "kind": "VirtualMachineClusterPreference", "metadata": {"name": "pf"},
              "spec": {"cpu": {"preferredCPUTopology": "threads"}}}
    bundle = Bundle([pf, revision("cr", frozen, labels={"instancetype.kubevirt.io/object-name": "pf"})])
    machine = vm(preference={"name": "pf"}, status={"preferenceRef": {"controllerRevisionRef": {"name": "cr"}}})
    found = find_preference(machine, bundle, "ns")
    assert found.spec == {"cpu": {"preferredCPUTopology": "threads"}}


def test_found_spec_is_the_bundle_object_not_a_copy():
    found = find_instancetype(vm({"name": "small"}), Bundle([SMALL_CLUSTER]), "ns")
    assert found.spec is SMALL_CLUSTER["spec"]
