"""find_revision: which ControllerRevision a matcher uses (docs/kubevirt/resolution.md#instance-type-resolution steps
2–3)."""
from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.kubevirt.instancetype.find.revision import FoundRevision, find_revision


def cr(name, labels=None, namespace="ns"):
    return {"apiVersion": "apps/v1", "kind": "ControllerRevision",
            "metadata": {"name": name, "namespace": namespace, **({"labels": labels} if labels else {})}}


def test_no_revision_means_live_object():
    assert find_revision({}, {"name": "it"}, "instancetype", "instancetypeRef", Bundle([]), "ns") is None


def test_revision_name_found():
    rev = cr("r")
    found = find_revision({}, {"revisionName": "r"}, "preference", "preferenceRef", Bundle([rev]), "ns")
    assert found == FoundRevision(rev, "spec.preference.revisionName")


def test_status_ref_requires_object_name_label():
    rev = cr("r", {"instancetype.kubevirt.io/object-name": "it"})
    vm = {"status": {"instancetypeRef": {"controllerRevisionRef": {"name": "r"}}}}
    found = find_revision(vm, {"name": "it"}, "instancetype", "instancetypeRef", Bundle([rev]), "ns")
    assert found == FoundRevision(rev, "status.instancetypeRef.controllerRevisionRef.name")
    assert find_revision(vm, {"name": "other"}, "instancetype", "instancetypeRef", Bundle([rev]), "ns") is None


def test_invalid_revision_name_is_refused():
    found = find_revision({}, {"revisionName": "a/b"}, "instancetype", "instancetypeRef", Bundle([]), "ns")
    assert isinstance(found, Failure)
    assert found.message == "invalid resource name \"a/b\": [may not contain '/']"
