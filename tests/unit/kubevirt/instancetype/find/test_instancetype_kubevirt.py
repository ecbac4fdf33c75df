"""Cases of KubeVirt's `pkg/instancetype/find/spec_test.go` (d923fdb8), ported: the instance type
SpecFinder (`find_instancetype`) with the bundle as the cluster. An object KubeVirt's test creates
through the fake clients (and adds to the informer stores) is an object of the bundle; a GET of a
ControllerRevision is a `Resolved` with `revision` set, a GET of the live object one without.

The other Go files of `pkg/instancetype/find` (instancetype.go, cluster_instancetype.go,
controller_revision.go, revision.go) have no tests of their own; spec_test.go covers them.

Not ported:
- the informer-versus-client half of "uses client when instancetype not found within informer" and
  "returns expected instancetype using only the client" (krmfn has one store, the bundle, standing
  for both): their results are ported, the recorded client GET actions are not;
- the `ContainElement`/`ToNot(ContainElement)` checks on the fake clients' recorded actions: the
  `revision` of the result says which object was read instead.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.find.instancetype import find_instancetype
from krmfn.kubevirt.instancetype.find.matcher import Resolved, SpecLookup
from krmfn.kubevirt.instancetype.find.result import Failure

IT_API = "instancetype.kubevirt.io/v1beta1"
NAMESPACE = "default"
VM_NAME = "testvmi"
NON_EXISTING = "non-existing-resource"
STORED = "stored"
OBJECT_NAME_LABEL = "instancetype.kubevirt.io/object-name"


@dataclass(frozen=True)
class Context:
    """One Ginkgo Context: the instance type it creates and the matcher libvmi gives the VM."""

    id: str
    kind: str
    name: str
    matcher_kind: str | None  # None: libvmi.WithClusterInstancetype leaves the kind unset
    namespaced: bool
    not_found: str  # the API server's NotFound message for NON_EXISTING

    def spec(self, guest: int = 2) -> dict:
        return {"cpu": {"guest": guest}, "memory": {"guest": "128Mi"}}

    def object(self, name: str | None = None, guest: int = 2) -> dict:
        metadata = {"name": name or self.name}
        if self.namespaced:
            metadata["namespace"] = NAMESPACE
        return {"apiVersion": IT_API, "kind": self.kind, "metadata": metadata, "spec": self.spec(guest)}

    def matcher(self, name: str | None = None) -> dict:
        matcher = {"name": name or self.name}
        if self.matcher_kind is not None:
            matcher["kind"] = self.matcher_kind
        return matcher


CLUSTER = Context("Using global ClusterInstancetype", "VirtualMachineClusterInstancetype",
                  "test-cluster-instancetype", None, False,
                  'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "non-existing-resource" not found')
NAMESPACED = Context("Using namespaced Instancetype", "VirtualMachineInstancetype", "test-instancetype",
                     "virtualmachineinstancetype", True,
                     'virtualmachineinstancetypes.instancetype.kubevirt.io "non-existing-resource" not found')
CONTEXTS = [pytest.param(CLUSTER, id="cluster"), pytest.param(NAMESPACED, id="namespaced")]


def vm(instancetype: dict | None = None, status: dict | None = None) -> dict:
    spec: dict = {"runStrategy": "Halted", "template": {"spec": {"domain": {}}}}
    if instancetype is not None:
        spec["instancetype"] = instancetype
    machine = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
               "metadata": {"name": VM_NAME, "namespace": NAMESPACE}, "spec": spec}
    if status is not None:
        machine["status"] = status
    return machine


def controller_revision(obj: dict) -> dict:
    """revision.CreateControllerRevision(vm, obj): named after the VM and the object (no UID, generation 0
    in the test), labelled for the object, holding the object without its labels."""
    name = obj["metadata"]["name"]
    return {
        "apiVersion": "apps/v1", "kind": "ControllerRevision",
        "metadata": {
            "name": f"{VM_NAME}-{name}-v1beta1--0", "namespace": NAMESPACE,
            "labels": {
                "instancetype.kubevirt.io/object-generation": "0",
                "instancetype.kubevirt.io/object-kind": obj["kind"],
                OBJECT_NAME_LABEL: name,
                "instancetype.kubevirt.io/object-uid": "",
                "instancetype.kubevirt.io/object-version": "v1beta1",
            },
        },
        "data": obj,
        "revision": 0,
    }


def find(machine: dict, *objects: dict) -> SpecLookup:
    return find_instancetype(machine, Bundle(objects), NAMESPACE)


def assert_resolved(found: SpecLookup, spec: dict, revision: str | None) -> None:
    """The spec found, and whether it was read from a ControllerRevision (which one) or the live object."""
    assert isinstance(found, Resolved), found
    assert (found.spec, found.revision) == (spec, revision)


def test_find_returns_nil_when_no_instancetype_is_specified() -> None:
    assert find(vm(), CLUSTER.object(), NAMESPACED.object()) is None


def test_find_returns_error_when_invalid_instancetype_kind_is_specified() -> None:
    found = find(vm({"name": "foo", "kind": "bar"}), CLUSTER.object(), NAMESPACED.object())
    assert isinstance(found, Failure), found
    assert (found.message, found.path) == ("got unexpected kind in InstancetypeMatcher: bar", "spec.instancetype.kind")


@pytest.mark.parametrize("context", CONTEXTS)
@pytest.mark.parametrize("case", [
    "returns expected instancetype",
    "uses client when instancetype not found within informer",
    "returns expected instancetype using only the client",
])
def test_returns_expected_instancetype(context: Context, case: str) -> None:
    assert_resolved(find(vm(context.matcher()), context.object()), context.spec(), None)


def _by_controller_revision_ref(machine: dict, revision: str) -> None:
    machine["status"] = {"instancetypeRef": {"controllerRevisionRef": {"name": revision}}}


def _by_revision_name(machine: dict, revision: str) -> None:
    machine["spec"]["instancetype"] = {"revisionName": revision}


def _by_revision_name_over_controller_revision_ref(machine: dict, revision: str) -> None:
    machine["status"] = {"instancetypeRef": {"controllerRevisionRef": {"name": "foobar"}}}
    machine["spec"]["instancetype"] = {"revisionName": revision}


@pytest.mark.parametrize("context", CONTEXTS)
@pytest.mark.parametrize("update_vm", [
    pytest.param(_by_controller_revision_ref, id="returns expected instancetype referenced by ControllerRevisionRef"),
    pytest.param(_by_revision_name, id="returns expected instancetype referenced by RevisionName"),
    pytest.param(_by_revision_name_over_controller_revision_ref,
                 id="returns expected instancetype referenced by RevisionName over ControllerRevisionRef"),
])
def test_returns_expected_instancetype_referenced_by(context: Context,
                                                    update_vm: Callable[[dict, str], None]) -> None:
    live = context.object()
    revision = controller_revision(context.object())
    machine = vm(context.matcher())
    update_vm(machine, revision["metadata"]["name"])
    assert_resolved(find(machine, live, revision), context.spec(), revision["metadata"]["name"])


def test_find_returns_expected_instancetype_spec_with_no_kind_provided() -> None:
    matcher = {**CLUSTER.matcher(), "kind": ""}
    assert_resolved(find(vm(matcher), CLUSTER.object()), CLUSTER.spec(), None)


@pytest.mark.parametrize("context", CONTEXTS)
def test_find_fails_when_instancetype_does_not_exist(context: Context) -> None:
    found = find(vm(context.matcher(NON_EXISTING)), context.object())
    assert isinstance(found, Failure), found
    assert (found.message, found.path) == (context.not_found, "spec.instancetype.name")


@pytest.mark.parametrize("context", CONTEXTS)
def test_find_returns_only_referenced_object_bug_14595(context: Context) -> None:
    stored = controller_revision(context.object(STORED, guest=99))
    machine = vm(context.matcher(), status={"instancetypeRef": {
        "name": STORED, "kind": context.kind, "controllerRevisionRef": {"name": stored["metadata"]["name"]}}})
    assert_resolved(find(machine, context.object(), stored), context.spec(), None)
