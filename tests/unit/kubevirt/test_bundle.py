"""The bundle index: keys, namespace defaulting, served versions, rejected objects
(docs/kubevirt/resolution.md#namespaces, #missing-references)."""
from krmfn.kubevirt.bundle import (
    Bundle,
    find_stored,
    is_served,
    key_of,
    not_found_message,
    object_namespace,
    request_name_error,
    semantics_version,
)

IT_API = "instancetype.kubevirt.io/v1beta1"


def obj(kind, name, namespace=None, api=IT_API, **extra):
    metadata = {"name": name, **({"namespace": namespace} if namespace is not None else {})}
    return {"apiVersion": api, "kind": kind, "metadata": metadata, **extra}


def test_keys_and_namespace_defaulting():
    assert key_of(obj("VirtualMachineInstancetype", "a")) == ("VirtualMachineInstancetype", "default", "a")
    assert key_of(obj("VirtualMachineInstancetype", "a"), "lab") == ("VirtualMachineInstancetype", "lab", "a")
    assert key_of(obj("VirtualMachineClusterInstancetype", "a", "ns")) == ("VirtualMachineClusterInstancetype", "", "a")
    assert key_of(obj("ConfigMap", "a", api="v1")) is None
    assert key_of({"kind": "VirtualMachinePreference", "metadata": {}}) is None
    assert object_namespace({"metadata": {"namespace": ""}}, "lab") == "lab"


def test_lookups_ignore_namespace_for_cluster_kinds_only():
    cluster = obj("VirtualMachineClusterPreference", "p", "somewhere")
    namespaced = obj("VirtualMachinePreference", "p", "ns")
    bundle = Bundle([cluster, namespaced])
    assert bundle.get("VirtualMachineClusterPreference", "anything", "p") is cluster
    assert bundle.get("VirtualMachinePreference", "ns", "p") is namespaced
    assert bundle.get("VirtualMachinePreference", "other", "p") is None


def test_only_served_group_versions_exist():
    bundle = Bundle([
        obj("VirtualMachineClusterInstancetype", "old", api="instancetype.kubevirt.io/v1alpha2"),
        obj("VirtualMachineClusterInstancetype", "foreign", api="example.com/v1beta1"),
        obj("PersistentVolumeClaim", "pvc", "ns", api="v1"),
        obj("DataVolume", "dv", "ns", api="cdi.kubevirt.io/v1beta1"),
        obj("DataSource", "ds", "ns", api="cdi.kubevirt.io/v1beta1"),
        obj("VolumeSnapshot", "snap", "ns", api="snapshot.storage.k8s.io/v1"),
        obj("ControllerRevision", "cr", "ns", api="apps/v1"),
    ])
    assert bundle.get("VirtualMachineClusterInstancetype", "", "old") is None
    assert bundle.get("VirtualMachineClusterInstancetype", "", "foreign") is None
    assert len(bundle) == 5


def test_first_duplicate_wins_and_rejected_objects_are_hidden():
    first, second = obj("VirtualMachineClusterInstancetype", "a"), obj("VirtualMachineClusterInstancetype", "a")
    bundle = Bundle([first, second])
    assert bundle.get("VirtualMachineClusterInstancetype", "", "a") is first
    bundle.rejected.add(("VirtualMachineClusterInstancetype", "", "a"))
    assert bundle.get("VirtualMachineClusterInstancetype", "", "a") is None
    assert ("VirtualMachineClusterInstancetype", "", "a") not in bundle


def test_messages():
    assert not_found_message("PersistentVolumeClaim", "d") == 'persistentvolumeclaims "d" not found'
    assert not_found_message("DataSource", "d") == 'datasources.cdi.kubevirt.io "d" not found'
    assert not_found_message("VolumeSnapshot", "d") == 'volumesnapshots.snapshot.storage.k8s.io "d" not found'
    assert not_found_message("ControllerRevision", "d") == 'controllerrevisions.apps "d" not found'
    assert request_name_error("") == "resource name may not be empty"
    assert request_name_error("ok.name") is None
    assert request_name_error("..") == "invalid resource name \"..\": [may not be '..']"
    assert request_name_error("a/b%") == "invalid resource name \"a/b%\": [may not contain '/' may not contain '%']"


def test_krmfns_v1beta2_is_served_and_read_by_its_own_rules():
    new = obj("VirtualMachineClusterInstancetype", "custom", api="instancetype.kubevirt.io/v1beta2")
    assert is_served(new) and Bundle([new]).get("VirtualMachineClusterInstancetype", "", "custom") is new
    assert semantics_version(new) == "v1beta2"
    assert semantics_version(obj("VirtualMachineClusterInstancetype", "x")) == "v1beta1"
    assert semantics_version(obj("VirtualMachineClusterInstancetype", "x", api="instancetype.kubevirt.io/v1alpha1")) \
        == "v1beta1"


def test_find_stored_finds_the_first_served_object_of_a_name_in_a_namespace() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm"}}
    second = {**vm, "spec": {}}
    unserved = {"apiVersion": "kubevirt.io/v9", "kind": "VirtualMachine", "metadata": {"name": "old"}}
    elsewhere = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "x", "namespace": "n"}}
    items = ["not an object", vm, second, unserved, elsewhere]
    versions = frozenset({"v1"})
    assert find_stored(items, "VirtualMachine", "kubevirt.io", versions, "default", "vm") is vm
    assert find_stored(items, "VirtualMachine", "kubevirt.io", versions, "default", "old") is None
    assert find_stored(items, "VirtualMachine", "kubevirt.io", versions, "default", "x") is None
    assert find_stored(items, "VirtualMachine", "kubevirt.io", versions, "n", "x") is elsewhere
    assert find_stored(items, "VirtualMachine", "kubevirt.io", versions, "mine", "vm", "mine") is vm
