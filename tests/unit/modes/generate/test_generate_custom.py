"""krmfn.modes.generate: custom sizes (seed 000), asked for with ``custom: true`` and emitted as
instancetype.kubevirt.io/v1beta2 for every class but u1, with exact outputs; and what a request
without vcpus or memory is instead: a copy that keeps the source's, or an error where the source
has none to keep."""
from __future__ import annotations

from typing import Any

import pytest

from krmfn import catalog
from krmfn.model.findings import ERROR, INFO, Finding
from krmfn.modes.generate.options import GenerateOptions
from krmfn.modes.generate.requests import SizeRequest
from krmfn.modes.generate.engine import generate
from krmfn.modes.generate.mode import run_generate
from tests.conftest import krmfn_process, load12

P = "instancetype.kubevirt.io/"
V1BETA1 = "instancetype.kubevirt.io/v1beta1"
V1BETA2 = "instancetype.kubevirt.io/v1beta2"
DEDICATED = {"dedicatedCPUPlacement": True, "isolateEmulatorThread": True}
CRIO = {"cpu-load-balancing.crio.io": "disable", "cpu-quota.crio.io": "disable",
        "irq-load-balancing.crio.io": "disable"}


def run(*requests: SizeRequest, bundle: list[Any] | None = None, **options: Any) -> tuple[list[dict], list[Finding]]:
    return generate(list(requests), bundle or [], GenerateOptions(**options))


def custom(source: str, name: str | None = None, **changes: Any) -> SizeRequest:
    return SizeRequest(source, name or f"{source}.custom", None, None, custom=True, **changes)


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
                                        "leaves to the VM, and no patch or set adds anything (the proposal gives "
                                        "every class but u1 one)")


@pytest.mark.parametrize("changes", [{"set": ["cpu.model=host-passthrough"]},
                                     {"patches": [{"op": "add", "path": "/cpu", "value": {"model": "host-model"}}]}])
def test_emptiness_is_judged_after_the_patches_and_sets(changes: dict) -> None:
    objects, findings = run(custom("u1.medium", "u1.mine", **changes))
    assert [f.severity for f in findings] == [INFO]
    assert objects[0]["apiVersion"] == V1BETA2 and set(objects[0]["spec"]) == {"cpu"}


def test_a_set_that_adds_only_an_empty_map_leaves_the_custom_size_empty() -> None:
    objects, findings = run(custom("u1.medium", "u1.mine", patches=[{"op": "add", "path": "/cpu", "value": {}}]))
    assert objects == [] and [f.check for f in findings] == ["generate-custom-empty"]


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


@pytest.mark.parametrize("vcpus,memory", [(4, None), (None, "4Gi"), (4, "4Gi")])
def test_custom_takes_no_vcpus_or_memory(vcpus: Any, memory: Any) -> None:
    objects, findings = run(SizeRequest("cx1", "cx1.half", vcpus, memory, custom=True))
    given = [key for key, value in (("vcpus", vcpus), ("memory", memory)) if value is not None]
    assert objects == [] and [(f.check, f.path) for f in findings if f.severity == ERROR] == [
        ("generate-custom-size", f"spec.sizes[0].{key}") for key in given]
    assert findings[0].message.startswith(f"{given[0]} cannot be given with custom: a custom size leaves the vCPUs "
                                          "and memory to the VM")


@pytest.mark.parametrize("value,expected", [(True, V1BETA2), ("true", V1BETA2), ("True", V1BETA2), (False, None),
                                            ("false", None), ("", None)])
def test_custom_is_a_boolean(value: Any, expected: str | None) -> None:
    objects, findings = run(SizeRequest("cx1.large", "cx1.mine", None, None, custom=value))
    assert objects[0]["apiVersion"] == (expected or V1BETA1)


@pytest.mark.parametrize("value", ["yes", 1, [True]])
def test_custom_other_values_are_errors(value: Any) -> None:
    objects, findings = run(SizeRequest("cx1.large", "cx1.mine", None, None, custom=value))
    assert objects == [] and [(f.check, f.path) for f in findings] == [("generate-custom-invalid",
                                                                         "spec.sizes[0].custom")]
    assert findings[0].message == f'custom must be true or false, got "{value}"'


# -- a request without vcpus or memory keeps the source's --------------------------------------


@pytest.mark.parametrize("source", ["u1.medium", "cx1.large", "m1.2xlarge1gi", "n1.medium", "rt1.small", "d1.medium",
                                    "o1.medium"])
def test_a_copy_without_vcpus_and_memory_keeps_the_source_spec(source: str) -> None:
    objects, findings = run(SizeRequest(source, "mine", None, None))
    catalog_spec = catalog.lookup("VirtualMachineClusterInstancetype", source, "v1.7.0")["spec"]
    assert [(obj["apiVersion"], obj["spec"]) for obj in objects] == [(V1BETA1, catalog_spec)]
    assert [f.check for f in findings] == ["generate-source"]


def test_the_issue_example_keeps_u1_medium_and_adds_the_cpu_model() -> None:
    objects, findings = run(SizeRequest("u1.medium", "u1.hp", None, None, set=["cpu.model=host-passthrough"]))
    assert objects[0]["spec"] == {"cpu": {"guest": 1, "model": "host-passthrough"}, "memory": {"guest": "4Gi"}}
    assert findings[-1].message == ('VirtualMachineInstancetype "u1.hp" (the source\'s 1 vCPU and 4Gi; 1 change) '
                                    'copied from VirtualMachineClusterInstancetype "u1.medium" of catalog v1.7.0')


@pytest.mark.parametrize("vcpus,memory,spec,what", [
    (8, None, {"cpu": {"guest": 8, "maxSockets": 8}, "memory": {"guest": "4Gi"}}, "8 vCPUs, the source's 4Gi"),
    (None, "8Gi", {"cpu": {"guest": 2, "maxSockets": 2}, "memory": {"guest": "8Gi"}}, "the source's 2 vCPUs, 8Gi"),
])
def test_what_the_request_leaves_out_is_kept(vcpus: Any, memory: Any, spec: dict, what: str) -> None:
    objects, findings = run(SizeRequest("cx1.large", "cx1.mine", vcpus, memory), labels="recompute")
    assert {key: objects[0]["spec"][key]["guest"] for key in ("cpu", "memory")} == {
        key: spec[key]["guest"] for key in ("cpu", "memory")}
    assert objects[0]["spec"]["cpu"]["maxSockets"] == spec["cpu"]["maxSockets"]  # it follows the vCPUs
    labels = objects[0]["metadata"]["labels"]
    assert (labels[P + "cpu"], labels[P + "memory"]) == (str(spec["cpu"]["guest"]), spec["memory"]["guest"])
    assert what in findings[-1].message


@pytest.mark.parametrize("vcpus,memory,path,left_out", [
    (None, None, "spec.sizes[0].from", "vcpus and memory"),
    (4, None, "spec.sizes[0].memory", "memory"),
    (None, "8Gi", "spec.sizes[0].vcpus", "vcpus"),
])
def test_a_class_has_no_size_to_keep(vcpus: Any, memory: Any, path: str, left_out: str) -> None:
    objects, findings = run(SizeRequest("cx1", "cx1.mine", vcpus, memory))
    assert objects == [] and [(f.check, f.path) for f in findings] == [("generate-size-missing", path)]
    assert findings[0].message == (
        f"{left_out} left out, but from names class cx1 (Compute Exclusive) of catalog v1.7.0, which has no vCPUs "
        "and memory of its own to keep: give vcpus and memory, name one of its sizes (cx1.medium), or set custom for "
        "the class's custom size")


def test_the_cli_names_the_flags_of_a_size_left_out() -> None:
    outcome = run_generate([], {"from": "u1", "name": "u1.mine", "vcpus": "2"}, single_path="--")
    assert [(f.check, f.path) for f in outcome.findings] == [("generate-size-missing", "--memory")]


CUSTOM_SOURCE = {"apiVersion": V1BETA2, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": "c"},
                 "spec": {"cpu": {"dedicatedCPUPlacement": True}}}
TOPOLOGY_SOURCE = {"apiVersion": V1BETA2, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": "t"},
                   "spec": {"cpu": {"topology": {"sockets": 2, "cores": 2}}, "memory": {"guest": "4Gi"}}}


@pytest.mark.parametrize("source", [CUSTOM_SOURCE, TOPOLOGY_SOURCE])
def test_a_v1beta2_source_copied_without_a_size_stays_v1beta2_as_it_is(source: dict) -> None:
    objects, findings = run(SizeRequest(source["metadata"]["name"], "copy", None, None), bundle=[source],
                            labels="recompute")
    assert (objects[0]["apiVersion"], objects[0]["spec"]) == (V1BETA2, source["spec"])
    assert objects[0]["metadata"]["annotations"]["config.kubernetes.io/local-config"] == "true"
    assert "the source's v1beta2 sizing" in findings[-1].message


@pytest.mark.parametrize("source,vcpus,memory,path,message", [
    (CUSTOM_SOURCE, 2, None, "spec.sizes[0].memory",
     'memory left out, but the bundle\'s VirtualMachineClusterInstancetype "c" (item 0) has no spec.memory.guest to '
     "keep (the VM gives it): give memory, or leave out vcpus too for a copy that keeps the source's sizing"),
    (TOPOLOGY_SOURCE, None, "8Gi", "spec.sizes[0].vcpus",
     'vcpus left out, but the bundle\'s VirtualMachineClusterInstancetype "t" (item 0) gives its vCPUs as '
     "spec.cpu.topology (v1beta2), which a v1beta1 copy cannot keep: give vcpus, or leave out memory too for a copy "
     "that keeps the source's sizing"),
])
def test_a_value_the_source_cannot_give_is_an_error(source: dict, vcpus: Any, memory: Any, path: str,
                                                    message: str) -> None:
    objects, findings = run(SizeRequest(source["metadata"]["name"], "copy", vcpus, memory), bundle=[source])
    assert objects == [] and [(f.check, f.path, f.message) for f in findings] == [
        ("generate-size-missing", path, message)]


def test_an_invalid_guest_of_the_source_is_not_kept() -> None:
    source = {"apiVersion": V1BETA1, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": "bad"},
              "spec": {"cpu": {"guest": 0}, "memory": {"guest": "1Gi"}}}
    objects, findings = run(SizeRequest("bad", "copy", None, None), bundle=[source])
    assert objects == [] and [(f.check, f.path) for f in findings] == [("generate-size-missing",
                                                                         "spec.sizes[0].vcpus")]
    assert 'has spec.cpu.guest "0", which is not a valid value to keep: give vcpus' in findings[0].message


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


def test_the_configmap_form_asks_for_a_custom_size_with_custom() -> None:
    outcome = run_generate([], {"from": "d1", "name": "d1.custom", "custom": True})
    assert [(obj["apiVersion"], obj["metadata"]["name"]) for obj in outcome.items] == [(V1BETA2, "d1.custom")]
    outcome = run_generate([], {"from": "d1.medium", "name": "d1.copy", "custom": False})
    assert [(obj["apiVersion"], obj["metadata"]["name"]) for obj in outcome.items] == [(V1BETA1, "d1.copy")]


def test_a_custom_size_is_local_config_and_a_sized_one_is_not() -> None:
    objects, _ = run(custom("m1"), SizeRequest("m1", "m1.mine", 2, "16Gi"))
    assert [obj["metadata"]["annotations"].get("config.kubernetes.io/local-config") for obj in objects] == [
        "true", None]


@pytest.mark.parametrize("value", [True, "true"])
def test_a_preference_takes_no_custom(value: Any) -> None:
    objects, findings = run(SizeRequest("fedora", "myfedora", None, None, custom=value))
    assert objects == [] and [(f.check, f.path) for f in findings] == [("generate-preference-size",
                                                                         "spec.sizes[0].custom")]
    objects, findings = run(SizeRequest("fedora", "myfedora", None, None, custom=False))
    assert [obj["kind"] for obj in objects] == ["VirtualMachinePreference"]


def test_the_cli_copy_and_the_cli_custom_size() -> None:
    copy = krmfn_process(["generate", "--no-config", "--from", "u1.medium", "--name", "u1.hp", "--set",
                          "cpu.model=host-passthrough"])
    assert (copy.code, load12(copy.stdout)["spec"]) == (0, {"cpu": {"guest": 1, "model": "host-passthrough"},
                                                            "memory": {"guest": "4Gi"}})
    custom_size = krmfn_process(["generate", "--no-config", "--from", "cx1", "--name", "cx1.custom", "--custom"])
    assert (custom_size.code, load12(custom_size.stdout)["apiVersion"]) == (0, V1BETA2)
    class_only = krmfn_process(["generate", "--no-config", "--from", "cx1", "--name", "cx1.custom"])
    assert (class_only.code, class_only.stdout) == (1, "")
    assert class_only.stderr.startswith("krmfn: --from: vcpus and memory left out, but from names class cx1 ")


def test_a_kept_value_stays_as_the_source_spells_it() -> None:
    source = {"apiVersion": V1BETA1, "kind": "VirtualMachineClusterInstancetype", "metadata": {"name": "mine"},
              "spec": {"cpu": {"guest": 2}, "memory": {"guest": "4096Mi"}}}
    objects, _ = run(SizeRequest("mine", "copy", 4, None), bundle=[source], labels="recompute")
    assert objects[0]["spec"] == {"cpu": {"guest": 4}, "memory": {"guest": "4096Mi"}}
    objects, _ = run(SizeRequest("mine", "copy", None, "4096Mi"), bundle=[source])
    assert objects[0]["spec"] == {"cpu": {"guest": 2}, "memory": {"guest": "4Gi"}}  # given: canonical
