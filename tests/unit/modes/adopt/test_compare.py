"""krmfn.modes.adopt.compare: the original with KubeVirt's defaults, runtime forms, differences."""
from __future__ import annotations

from krmfn.modes.adopt.compare import comparable, defaulted, differences, runtime_form
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig


def vm(domain: dict, annotations: dict | None = None) -> dict:
    template: dict = {"spec": {"domain": domain}}
    if annotations is not None:
        template["metadata"] = {"annotations": annotations}
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "a"},
            "spec": {"template": template}}


def test_defaulted_adds_what_expand_adds_without_a_definition():
    out = defaulted(vm({"devices": {}, "resources": {"requests": {"memory": "2048Mi"}}}), ClusterConfig())
    assert isinstance(out, dict)
    spec = out["spec"]["template"]["spec"]
    assert spec["architecture"] == "amd64"
    assert spec["domain"]["machine"] == {"type": "q35"}
    assert spec["domain"]["memory"] == {"guest": "2Gi"}
    assert spec["domain"]["cpu"] == {"sockets": 1, "cores": 1, "threads": 1}
    assert spec["networks"] == [{"name": "default", "pod": {}}]


def test_defaulted_reports_the_defaults_error():
    assert defaulted(vm({"devices": {}}), ClusterConfig(network_interface="slirp")) == \
        "slirp interface is deprecated as of v1.3"


def test_runtime_form_requests_memory_from_the_guest_and_unset_topology_as_one():
    original = runtime_form(vm({"cpu": {"cores": 2}, "memory": {"guest": "4096Mi"}}))
    adopted = runtime_form(vm({"cpu": {"sockets": 1, "cores": 2, "threads": 1}, "memory": {"guest": "4Gi"},
                               "resources": {"requests": {"memory": "4Gi"}}}))
    assert differences(original, adopted) == []
    assert differences(comparable(vm({"cpu": {"cores": 2}})), comparable(vm({"cpu": {"sockets": 1, "cores": 2}}))) \
        == [("spec.template.spec.domain.cpu.sockets", None, 1)]


def test_krmfn_annotations_never_count_and_the_os_annotation_only_for_the_runtime_form():
    plain = vm({})
    marked = {**vm({}, {"vm.kubevirt.io/os": "linux"}),
              "metadata": {"name": "a", "annotations": {"krmfn.dev/inlined-from": "instancetype=X/y"}}}
    assert differences(runtime_form(plain), runtime_form(marked)) == []
    assert differences(comparable(plain), comparable(marked)) == [
        ("spec.template.metadata", None, {"annotations": {"vm.kubevirt.io/os": "linux"}})]


def test_differences_name_each_leaf_and_a_list_of_another_length_whole():
    assert differences({"a": {"b": 1, "c": [1, 2]}, "d": True}, {"a": {"b": 2, "c": [1]}, "d": 1, "e": "x"}) == [
        ("a.b", 1, 2), ("a.c", [1, 2], [1]), ("d", True, 1), ("e", None, "x")]
