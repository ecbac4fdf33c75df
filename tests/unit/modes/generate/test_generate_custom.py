"""krmfn.modes.generate: custom sizes (seed 000), a size request without vcpus and memory, emitted as
instancetype.kubevirt.io/v1beta2 for every class but u1, with exact outputs."""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.model.findings import ERROR, INFO, Finding
from krmfn.modes.generate.options import GenerateOptions
from krmfn.modes.generate.requests import SizeRequest
from krmfn.modes.generate.engine import generate
from krmfn.modes.generate.mode import run_generate

P = "instancetype.kubevirt.io/"
V1BETA1 = "instancetype.kubevirt.io/v1beta1"
V1BETA2 = "instancetype.kubevirt.io/v1beta2"
DEDICATED = {"dedicatedCPUPlacement": True, "isolateEmulatorThread": True}
CRIO = {"cpu-load-balancing.crio.io": "disable", "cpu-quota.crio.io": "disable",
        "irq-load-balancing.crio.io": "disable"}


def run(*requests: SizeRequest, bundle: list[Any] | None = None, **options: Any) -> tuple[list[dict], list[Finding]]:
    return generate(list(requests), bundle or [], GenerateOptions(**options))


def custom(source: str, name: str | None = None) -> SizeRequest:
    return SizeRequest(source, name or f"{source}.custom", None, None)


# The spec each class keeps (docs/common-instancetypes.md#custom-sizes, "a faithful custom size per class").
@pytest.mark.parametrize("source,spec", [
    ("o1", {"memory": {"overcommitPercent": 50}}),
    ("cx1", {"cpu": {**DEDICATED, "numa": {"guestMappingPassthrough": {}}}, "ioThreadsPolicy": "auto",
             "memory": {"hugepages": {"pageSize": "2Mi"}}}),
    ("m1", {"memory": {"hugepages": {"pageSize": "2Mi"}}}),
    ("n1", {"cpu": DEDICATED, "memory": {"hugepages": {"pageSize": "1Gi"}}, "annotations": CRIO}),
    ("rt1", {"cpu": {**DEDICATED, "numa": {"guestMappingPassthrough": {}}, "realtime": {}},
             "memory": {"hugepages": {"pageSize": "1Gi"}}, "annotations": CRIO}),
    ("d1", {"cpu": DEDICATED, "ioThreadsPolicy": "auto"}),
])
def test_a_custom_size_of_every_class_but_u1(source: str, spec: dict) -> None:
    objects, findings = run(custom(source))
    assert [(obj["apiVersion"], obj["metadata"]["name"], obj["spec"]) for obj in objects] == [
        (V1BETA2, f"{source}.custom", spec)]
    assert [f.severity for f in findings] == [INFO]


def test_custom_size_info_message() -> None:
    _, findings = run(custom("cx1"))
    assert findings[0].message == ('VirtualMachineInstancetype "cx1.custom" (custom size: the VM gives the vCPUs and '
                                   "memory) copied from class cx1 (Compute Exclusive) of catalog v1.7.0")


@pytest.mark.parametrize("source", ["u1", "u1.medium"])
def test_u1_has_no_custom_size(source: str) -> None:
    objects, findings = run(custom(source, "u1.custom"))
    assert objects == []
    assert [(f.severity, f.check, f.path) for f in findings] == [(ERROR, "generate-custom-empty", "spec.sizes[0].from")]
    assert findings[0].message.startswith("a custom size of ")
    assert findings[0].message.endswith(" would be empty: it gives nothing but vCPUs and memory, which a custom size "
                                        "leaves to the VM (the proposal gives every class but u1 one)")


def test_recompute_sets_cpu_memory_and_size_to_custom() -> None:
    objects, _ = run(custom("cx1"), labels="recompute", cluster=True)
    labels = objects[0]["metadata"]["labels"]
    assert {key: labels[P + key] for key in ("cpu", "memory", "size", "class", "hugepages")} == {
        "cpu": "custom", "memory": "custom", "size": "custom", "class": "compute.exclusive", "hugepages": "2Mi"}
    assert objects[0]["kind"] == "VirtualMachineClusterInstancetype"


def test_remove_drops_every_instancetype_label() -> None:
    objects, _ = run(custom("cx1"))
    assert "labels" not in objects[0]["metadata"]


def test_a_custom_size_of_a_sized_instance_type_drops_a_max_sockets_that_followed_the_guest() -> None:
    objects, _ = run(custom("cx1.2xlarge"))
    assert "maxSockets" not in objects[0]["spec"]["cpu"]
    kept = {"apiVersion": V1BETA1, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": "mine"},
            "spec": {"cpu": {"guest": 8, "maxSockets": 16}, "memory": {"guest": "8Gi"}}}
    objects, _ = run(custom("mine"), bundle=[kept])
    assert objects[0]["spec"] == {"cpu": {"maxSockets": 16}}


@pytest.mark.parametrize("vcpus,memory,check,path", [
    (4, None, "generate-memory-invalid", "spec.sizes[0].memory"),
    (None, "4Gi", "generate-vcpus-invalid", "spec.sizes[0].vcpus"),
])
def test_vcpus_and_memory_go_together(vcpus: Any, memory: Any, check: str, path: str) -> None:
    objects, findings = run(SizeRequest("cx1", "cx1.half", vcpus, memory))
    assert objects == [] and [(f.check, f.path) for f in findings if f.severity == ERROR] == [(check, path)]
    assert "for a custom size" in findings[0].message


def test_a_concrete_size_of_a_v1beta2_source_is_v1beta1() -> None:
    source = {"apiVersion": V1BETA2, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": "shape"},
              "spec": {"cpu": {"topology": {"sockets": 2, "cores": 2}}, "memory": {"hugepages": {"pageSize": "2Mi"}}}}
    objects, _ = run(SizeRequest("shape", "shape.big", 8, "16Gi"), bundle=[source])
    assert (objects[0]["apiVersion"], objects[0]["spec"]) == (
        V1BETA1, {"cpu": {"guest": 8}, "memory": {"hugepages": {"pageSize": "2Mi"}, "guest": "16Gi"}})


def test_a_concrete_size_of_a_legacy_source_is_v1beta1() -> None:
    source = {"apiVersion": "instancetype.kubevirt.io/v1alpha2", "kind": "VirtualMachineClusterInstancetype",
              "metadata": {"name": "old"}, "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}}
    objects, _ = run(SizeRequest("old", "old.big", 2, "2Gi"), bundle=[source])
    assert objects[0]["apiVersion"] == V1BETA1


def test_the_configmap_form_asks_for_a_custom_size_by_leaving_vcpus_and_memory_out() -> None:
    outcome = run_generate([], {"from": "d1", "name": "d1.custom"})
    assert [(obj["apiVersion"], obj["metadata"]["name"]) for obj in outcome.items] == [(V1BETA2, "d1.custom")]


def test_a_custom_size_is_local_config_and_a_sized_one_is_not() -> None:
    objects, _ = run(custom("m1"), SizeRequest("m1", "m1.mine", 2, "16Gi"))
    assert [obj["metadata"]["annotations"].get("config.kubernetes.io/local-config") for obj in objects] == [
        "true", None]
