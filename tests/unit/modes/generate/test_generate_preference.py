"""krmfn.modes.generate: copies of preferences (issue 19): kinds, paths, labels, names, re-render, no size."""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.modes.generate.options import GenerateOptions
from krmfn.modes.generate.requests import SizeRequest
from krmfn.modes.generate.engine import generate
from krmfn.model.findings import ERROR, INFO, Finding

API = "instancetype.kubevirt.io/v1beta1"
CLUSTER_PREF = "VirtualMachineClusterPreference"
PREF = "VirtualMachinePreference"
P = "instancetype.kubevirt.io/"
# fedora's spec in catalog v1.7.0, as the copy must carry it
FEDORA_SPEC = {
    "annotations": {"vm.kubevirt.io/os": "linux"},
    "devices": {"preferredDiskBus": "virtio", "preferredInterfaceModel": "virtio", "preferredRng": {}},
    "preferredArchitecture": "amd64",
    "requirements": {"architecture": "amd64", "cpu": {"guest": 1}, "memory": {"guest": "2Gi"}},
    "features": {"preferredSmm": {}},
    "firmware": {"preferredEfi": {"secureBoot": True}},
}
FEDORA_ANNOTATIONS = {
    "openshift.io/provider-display-name": "KubeVirt",
    "openshift.io/documentation-url": '"https://github.com/kubevirt/common-instancetypes"\n',
    "openshift.io/support-url": '"https://github.com/kubevirt/common-instancetypes/issues"\n',
    "openshift.io/display-name": "Fedora (amd64)",
    "tags": "hidden,kubevirt,fedora",
    "iconClass": "icon-fedora",
}


def path_annotations(path: str) -> dict[str, str]:
    return {"internal.config.kubernetes.io/path": path, "config.kubernetes.io/path": path,
            "internal.config.kubernetes.io/index": "0", "config.kubernetes.io/index": "0"}


def run(*requests: SizeRequest, bundle: list[Any] | None = None, **options: Any) -> tuple[list[dict], list[Finding]]:
    return generate(list(requests), bundle or [], GenerateOptions(**options))


def errors(findings: list[Finding]) -> list[tuple[str | None, str | None, str]]:
    return [(f.check, f.path, f.message) for f in findings if f.severity == ERROR]


def preference(name: str, kind: str = PREF, spec: dict | None = None, api: str = API, **metadata: Any) -> dict:
    return {"apiVersion": api, "kind": kind, "metadata": {"name": name, **metadata},
            "spec": spec if spec is not None else {"devices": {"preferredDiskBus": "sata"}}}


def test_a_catalog_preference_is_copied_namespaced_with_its_labels_removed() -> None:
    objects, findings = run(SizeRequest("fedora", "myfedora", None, None))
    assert objects == [{
        "apiVersion": API, "kind": PREF,
        "metadata": {"name": "myfedora",
                     "annotations": {**FEDORA_ANNOTATIONS, **path_annotations("preferences/myfedora.yaml")}},
        "spec": FEDORA_SPEC,
    }]
    assert [(f.severity, f.check, f.path, f.message) for f in findings] == [
        (INFO, "generate-source", "spec.sizes[0]",
         'VirtualMachinePreference "myfedora" (unchanged) copied from VirtualMachineClusterPreference "fedora" of '
         "catalog v1.7.0")]


def test_cluster_gives_the_cluster_kind_in_clusterpreferences() -> None:
    objects, _ = run(SizeRequest("fedora", "myfedora", None, None), cluster=True)
    assert objects[0]["kind"] == CLUSTER_PREF
    assert objects[0]["metadata"]["annotations"]["config.kubernetes.io/path"] == "clusterpreferences/myfedora.yaml"
    assert "namespace" not in objects[0]["metadata"]


def test_namespace_is_set_on_the_namespaced_copy() -> None:
    objects, _ = run(SizeRequest("fedora", "myfedora", None, None), namespace="lab")
    assert objects[0]["metadata"]["namespace"] == "lab"


def test_recompute_keeps_the_preference_labels_but_the_release_label() -> None:
    source = preference("linux", CLUSTER_PREF, labels={P + "os-type": "linux", P + "common-instancetypes-version":
                                                       "v1.7.0", "team": "a"})
    objects, findings = run(SizeRequest("linux", "mylinux", None, None), bundle=[source], labels="recompute")
    assert objects[0]["metadata"]["labels"] == {P + "os-type": "linux", "team": "a"}  # no cpu, memory or size
    assert errors(findings) == []
    objects, _ = run(SizeRequest("linux", "mylinux", None, None), bundle=[source])
    assert objects[0]["metadata"]["labels"] == {"team": "a"}


@pytest.mark.parametrize("from_", ["virtualmachinepreference/mine", "VirtualMachinePreferences/mine", "mine"])
def test_a_bundle_preference_by_kind_prefix_or_name(from_: str) -> None:
    objects, findings = run(SizeRequest(from_, "mine2", None, None), bundle=[preference("mine")])
    assert objects[0]["spec"] == {"devices": {"preferredDiskBus": "sata"}}
    assert findings[-1].message == ('VirtualMachinePreference "mine2" (unchanged) copied from the bundle\'s '
                                    'VirtualMachinePreference "mine" (item 0)')


def test_a_namespaced_preference_in_several_namespaces_needs_namespace() -> None:
    bundle = [preference("mine", namespace="a", spec={"cpu": {"preferredCPUTopology": "cores"}}),
              preference("mine", namespace="b", spec={"cpu": {"preferredCPUTopology": "threads"}})]
    objects, findings = run(SizeRequest("mine", "mine2", None, None), bundle=bundle)
    assert objects == []
    assert errors(findings) == [("generate-from-ambiguous", "spec.sizes[0].from",
                                 'from "mine": VirtualMachinePreference "mine" exists in several namespaces (a, b); '
                                 "set namespace to pick one")]
    objects, _ = run(SizeRequest("mine", "mine2", None, None), bundle=bundle, namespace="b")
    assert objects[0]["spec"] == {"cpu": {"preferredCPUTopology": "threads"}}


@pytest.mark.parametrize("vcpus,memory,paths", [
    (2, None, ["spec.sizes[0].vcpus"]),
    (None, "4Gi", ["spec.sizes[0].memory"]),
    (2, "4Gi", ["spec.sizes[0].vcpus", "spec.sizes[0].memory"]),
])
def test_a_preference_copy_takes_no_size(vcpus: Any, memory: Any, paths: list[str]) -> None:
    objects, findings = run(SizeRequest("fedora", "myfedora", vcpus, memory), SizeRequest("fedora", "other", None,
                                                                                         None))
    assert [obj["metadata"]["name"] for obj in objects] == ["other"]  # the other entry is still generated
    assert [(f.check, f.path) for f in findings if f.severity == ERROR] == [("generate-preference-size", p)
                                                                           for p in paths]
    key = paths[0].rsplit(".", 1)[1]
    assert findings[0].message == (f"{key} is given, but from names a preference, which has no size: leave vcpus, "
                                   "memory and custom out (a patch changes a preference's requirements or CPU "
                                   "topology)")


def test_a_catalog_preference_name_is_not_reused() -> None:
    objects, findings = run(SizeRequest("fedora", "windows.11", None, None))
    assert objects == []
    assert errors(findings) == [("generate-name-clash-catalog", "spec.sizes[0].name",
                                 'name "windows.11" is a common preference of catalog v1.7.0; virt-operator reconciles '
                                 "those by name, and a namespaced twin would be mistaken for it: choose another name")]


def test_a_bundle_preference_of_the_same_name_clashes_unless_it_is_a_previous_output() -> None:
    elsewhere = preference("myfedora", annotations={"config.kubernetes.io/path": "mine.yaml"})
    objects, findings = run(SizeRequest("fedora", "myfedora", None, None), bundle=[elsewhere])
    assert objects == []
    assert errors(findings) == [("generate-name-clash-bundle", "spec.sizes[0].name",
                                 'name "myfedora" is already used by a VirtualMachinePreference in the bundle '
                                 "(mine.yaml): choose another name")]
    previous = preference("myfedora", annotations=path_annotations("preferences/myfedora.yaml"))
    objects, findings = run(SizeRequest("fedora", "myfedora", None, None), bundle=[previous])
    assert objects[0]["spec"] == FEDORA_SPEC
    assert [(f.check, f.item, f.message) for f in findings][0] == (
        "generate-replaced", 0,
        'VirtualMachinePreference "myfedora" at preferences/myfedora.yaml is replaced by the newly generated object')


def test_an_instance_type_and_a_preference_may_share_a_name_but_not_two_preferences() -> None:
    objects, findings = run(SizeRequest("u1.medium", "mine", 2, "2Gi"), SizeRequest("fedora", "mine", None, None),
                            SizeRequest("windows.11", "mine", None, None))
    assert [obj["kind"] for obj in objects] == ["VirtualMachineInstancetype", PREF]
    assert errors(findings) == [("generate-name-duplicate", "spec.sizes[2].name",
                                 'name "mine" is generated twice in this run')]


def test_a_legacy_preference_is_copied_as_v1beta1() -> None:
    legacy = preference("old", CLUSTER_PREF, api="instancetype.kubevirt.io/v1alpha2")
    objects, findings = run(SizeRequest("old", "new", None, None), bundle=[legacy])
    assert objects[0]["apiVersion"] == API and errors(findings) == []


def test_an_invalid_bundle_preference_is_rejected_at_from() -> None:
    bad = preference("bad", spec={"cpu": {"preferredCPUTopology": "cubes"}})
    objects, findings = run(SizeRequest("bad", "good", None, None), bundle=[bad])
    assert objects == []
    assert errors(findings) == [("generate-admission", "spec.sizes[0].from",
                                 "the copy as it is: KubeVirt's admission rejects the VirtualMachinePreference "
                                 "(validating-webhook): spec.cpu.preferredCPUTopology: unknown preferredCPUTopology "
                                 "cubes")]
