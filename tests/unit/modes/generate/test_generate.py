"""krmfn.modes.generate: custom sizes of instance types (docs/common-instancetypes.md#customized-copies), every rule
with passing and failing examples and exact outputs."""
from __future__ import annotations

import ast
import copy
import pathlib
from typing import Any

import pytest

from krmfn import catalog
from krmfn.model.findings import ERROR, INFO, WARNING, Finding
from krmfn.modes.generate.findings import FINDINGS
from krmfn.modes.generate.options import GenerateOptions
from krmfn.modes.generate.requests import SizeRequest, size_request_from_data, size_requests
from krmfn.modes.generate.engine import generate
from krmfn.modes.generate.metadata import output_path
from krmfn.modes.generate import findings as generate_findings
from krmfn.model.findings import SEVERITIES
from krmfn.model.options import complete

P = "instancetype.kubevirt.io/"
CLUSTER_IT = "VirtualMachineClusterInstancetype"
NAMESPACED_IT = "VirtualMachineInstancetype"
API = "instancetype.kubevirt.io/v1beta1"


def path_annotations(path: str) -> dict[str, str]:
    return {"internal.config.kubernetes.io/path": path, "config.kubernetes.io/path": path,
            "internal.config.kubernetes.io/index": "0", "config.kubernetes.io/index": "0"}


def run(*requests: SizeRequest, bundle: list[Any] | None = None, **options: Any) -> tuple[list[dict], list[Finding]]:
    return generate(list(requests), bundle or [], GenerateOptions(**options))


def checks(findings: list[Finding]) -> list[tuple[str, str | None, str | None]]:
    return [(finding.severity, finding.check, finding.path) for finding in findings]


def errors(findings: list[Finding]) -> list[tuple[str | None, str | None]]:
    return [(finding.check, finding.path) for finding in findings if finding.severity == ERROR]


def instancetype(name: str, kind: str = CLUSTER_IT, spec: dict | None = None, **metadata: Any) -> dict[str, Any]:
    return {"apiVersion": API, "kind": kind, "metadata": {"name": name, **metadata},
            "spec": spec if spec is not None else {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}}


# -- the default: namespaced kind, instancetype.kubevirt.io/* removed ------------------------------


def test_proposal_example_u1_mysize() -> None:
    """`virtctl customize u1.medium --name u1.mysize --vcpus 4 --memory 4Gi` (seed 000)."""
    objects, findings = run(SizeRequest("u1.medium", "u1.mysize", 4, "4Gi"))
    assert objects == [{
        "apiVersion": API,
        "kind": NAMESPACED_IT,
        "metadata": {"name": "u1.mysize", "annotations": path_annotations("instancetypes/u1.mysize.yaml")},
        "spec": {"cpu": {"guest": 4}, "memory": {"guest": "4Gi"}},
    }]
    assert [(f.severity, f.check, f.path, f.item, f.message) for f in findings] == [
        (INFO, "generate-source", "spec.sizes[0]", None,
         'VirtualMachineInstancetype "u1.mysize" (4 vCPUs, 4Gi) copied from '
         'VirtualMachineClusterInstancetype "u1.medium" of catalog v1.7.0')]


def test_cx1_class_remove_mode_keeps_the_class_spec_and_follows_max_sockets() -> None:
    objects, findings = run(SizeRequest("cx1", "cx1.mysize", 6, "12Gi"))
    assert objects == [{
        "apiVersion": API,
        "kind": NAMESPACED_IT,
        "metadata": {"name": "cx1.mysize", "annotations": path_annotations("instancetypes/cx1.mysize.yaml")},
        "spec": {"cpu": {"guest": 6, "maxSockets": 6, "dedicatedCPUPlacement": True, "isolateEmulatorThread": True,
                         "numa": {"guestMappingPassthrough": {}}},
                 "ioThreadsPolicy": "auto",
                 "memory": {"guest": "12Gi", "hugepages": {"pageSize": "2Mi"}}},
    }]
    assert findings[0].message == ('VirtualMachineInstancetype "cx1.mysize" (6 vCPUs, 12Gi) copied from class cx1 '
                                   "(Compute Exclusive) of catalog v1.7.0")


def test_cluster_kind_and_path() -> None:
    objects, _ = run(SizeRequest("o1.large", "o1.mysize", 3, "6Gi"), cluster=True)
    assert objects[0]["kind"] == CLUSTER_IT
    assert objects[0]["metadata"] == {"name": "o1.mysize",
                                      "annotations": path_annotations("clusterinstancetypes/o1.mysize.yaml")}
    assert objects[0]["spec"] == {"cpu": {"guest": 3}, "memory": {"guest": "6Gi", "overcommitPercent": 50}}


def test_namespace_option() -> None:
    objects, findings = run(SizeRequest("d1.large", "d1.mysize", 3, "12Gi"), namespace="lab")
    assert objects[0]["metadata"]["namespace"] == "lab"
    assert list(objects[0]["metadata"]) == ["name", "namespace", "annotations"]
    assert checks(findings) == [(INFO, "generate-source", "spec.sizes[0]")]


def test_several_sizes_in_request_order_and_deterministic() -> None:
    requests = [SizeRequest("u1.medium", "u1.b", 2, "2Gi"), SizeRequest("n1", "n1.a", 6, "6Gi"),
                SizeRequest("rt1.small", "rt1.c", 2, "2Gi")]
    first = generate(requests, [], GenerateOptions(labels="recompute"))
    second = generate(list(requests), [], GenerateOptions(labels="recompute"))
    assert first == second
    assert [obj["metadata"]["name"] for obj in first[0]] == ["u1.b", "n1.a", "rt1.c"]
    assert [finding.path for finding in first[1]] == ["spec.sizes[0]", "spec.sizes[1]", "spec.sizes[2]"]


# -- labels: recompute ---------------------------------------------------------------------------


def test_recompute_labels_cx1_1gi_twin() -> None:
    """The catalog source's release label (``common-instancetypes-version``) is not copied."""
    source_labels = catalog.lookup(CLUSTER_IT, "cx1.medium1gi")["metadata"]["labels"]
    assert source_labels[P + "common-instancetypes-version"] == "v1.7.0"
    objects, findings = run(SizeRequest("cx1.medium1gi", "cx1.3xlarge1gi", 12, "24Gi"), labels="recompute",
                            cluster=True)
    metadata = objects[0]["metadata"]
    assert metadata["labels"] == {
        P + "class": "compute.exclusive", P + "cpu": "12", P + "dedicatedCPUPlacement": "true",
        P + "hugepages": "1Gi", P + "icon-pf": "pficon-registry", P + "isolateEmulatorThread": "true",
        P + "memory": "24Gi", P + "numa": "true", P + "size": "3xlarge1gi", P + "vendor": "kubevirt.io",
        P + "version": "1"}
    assert metadata["annotations"][P + "displayName"] == "Compute Exclusive"
    assert metadata["annotations"][P + "description"].startswith("The CX Series")
    assert objects[0]["spec"]["cpu"]["maxSockets"] == 12
    assert objects[0]["spec"]["memory"] == {"guest": "24Gi", "hugepages": {"pageSize": "1Gi"}}
    assert checks(findings) == [(INFO, "generate-source", "spec.sizes[0]")]


def test_recompute_derivations_hold_like_upstreams_label_test() -> None:
    objects, _ = run(*(SizeRequest(cls, f"{cls}.custom8", 8, "32Gi") for cls in ("u1", "o1", "cx1", "m1", "n1",
                                                                               "rt1", "d1")), labels="recompute")
    for obj in objects:
        labels, spec = obj["metadata"]["labels"], obj["spec"]
        assert labels[P + "cpu"] == str(spec["cpu"]["guest"]) == "8"
        assert labels[P + "memory"] == spec["memory"]["guest"] == "32Gi"
        assert labels[P + "size"] == "custom8"
        assert labels.get(P + "hugepages") == spec["memory"].get("hugepages", {}).get("pageSize")


def test_recompute_drops_the_release_version_label_and_operator_metadata() -> None:
    source = catalog.lookup(CLUSTER_IT, "u1.small")
    source["metadata"]["labels"].update({P + "common-instancetypes-version": "v1.7.0",
                                         "app.kubernetes.io/managed-by": "virt-operator",
                                         "app.kubernetes.io/component": "compute", "team": "a"})
    source["metadata"]["annotations"].update({"kubevirt.io/install-strategy-version": "v1.6.0",
                                              "config.kubernetes.io/path": "u1.yaml", "note": "kept"})
    source["metadata"].update({"uid": "123", "resourceVersion": "9", "generation": 2})
    objects, _ = run(SizeRequest("u1.small", "u1.mine", 1, "3Gi"), bundle=[source], labels="recompute")
    metadata = objects[0]["metadata"]
    assert set(metadata) == {"name", "labels", "annotations"}
    assert P + "common-instancetypes-version" not in metadata["labels"]
    assert "app.kubernetes.io/managed-by" not in metadata["labels"]
    assert "app.kubernetes.io/component" not in metadata["labels"]
    assert metadata["labels"]["team"] == "a"
    assert metadata["annotations"]["note"] == "kept"
    assert "kubevirt.io/install-strategy-version" not in metadata["annotations"]
    assert metadata["annotations"]["config.kubernetes.io/path"] == "instancetypes/u1.mine.yaml"


def test_remove_keeps_foreign_labels_but_not_instancetype_ones() -> None:
    source = instancetype("base", labels={P + "class": "x", "team": "a"},
                          annotations={P + "displayName": "X", "note": "kept"})
    objects, _ = run(SizeRequest("base", "mine", 2, "2Gi"), bundle=[source])
    assert objects[0]["metadata"] == {"name": "mine", "labels": {"team": "a"},
                                      "annotations": {"note": "kept", **path_annotations("instancetypes/mine.yaml")}}


def test_recompute_name_without_size_part_warns_and_drops_size() -> None:
    objects, findings = run(SizeRequest("u1.medium", "mysize", 1, "1Gi"), labels="recompute")
    assert P + "size" not in objects[0]["metadata"]["labels"]
    assert objects[0]["metadata"]["labels"][P + "cpu"] == "1"
    assert checks(findings)[0] == (WARNING, "generate-label-size", "spec.sizes[0].name")


def test_recompute_size_label_too_long_is_an_error() -> None:
    name = "u1." + "a" * 64
    objects, findings = run(SizeRequest("u1.medium", name, 1, "1Gi"), labels="recompute")
    assert objects == []
    assert errors(findings) == [("generate-label-value", "spec.sizes[0].name")]
    assert run(SizeRequest("u1.medium", name, 1, "1Gi"))[0] != []  # remove mode: no size label, no problem


# -- class rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("source", ["cx1", "cx1.8xlarge", "cx1.medium1gi"])
def test_cx1_max_sockets_follows_vcpus(source: str) -> None:
    objects, _ = run(SizeRequest(source, "cx1.odd", 3, "6Gi"))
    assert objects[0]["spec"]["cpu"]["maxSockets"] == 3


@pytest.mark.parametrize("source,memory", [("cx1", "2050Mi"), ("m1.large", "18Gi"), ("cx1.medium1gi", "3Gi"),
                                           ("n1", "5Gi"), ("rt1", "3Gi"), ("m1", "16388Mi")])
def test_hugepages_multiples_pass(source: str, memory: str) -> None:
    objects, findings = run(SizeRequest(source, "x1.ok", 4, memory))
    assert len(objects) == 1 and errors(findings) == []


@pytest.mark.parametrize("source,memory,message", [
    ("cx1", "2049Mi", "memory 2049Mi is not a whole number of 2Mi hugepages (1024.5 pages; "
                      "spec.memory.hugepages.pageSize of class cx1 (Compute Exclusive) of catalog v1.7.0)"),
    ("cx1.medium1gi", "2560Mi", "memory 2560Mi is not a whole number of 1Gi hugepages (2.5 pages; "
                                "spec.memory.hugepages.pageSize of VirtualMachineClusterInstancetype "
                                '"cx1.medium1gi" of catalog v1.7.0)'),
    ("n1.large", "4.5Gi", "memory 4608Mi is not a whole number of 1Gi hugepages (4.5 pages; "
                          "spec.memory.hugepages.pageSize of VirtualMachineClusterInstancetype "
                          '"n1.large" of catalog v1.7.0)'),
    ("rt1", "4000000000", "memory 4G is not a whole number of 1Gi hugepages (3.73 pages; "
                          "spec.memory.hugepages.pageSize of class rt1 (Realtime) of catalog v1.7.0)"),
])
def test_hugepages_multiples_fail(source: str, memory: str, message: str) -> None:
    objects, findings = run(SizeRequest(source, "x1.bad", 4, memory))
    assert objects == []
    assert [(f.check, f.path, f.message) for f in findings] == [("generate-hugepages", "spec.sizes[0].memory", message)]


@pytest.mark.parametrize("source,vcpus,memory", [
    ("u1", 1, "512Mi"), ("o1", 1, "512Mi"), ("d1", 1, "512Mi"), ("rt1", 1, "1Gi"), ("cx1", 1, "2Gi"),
    ("m1", 2, "16Gi"), ("n1", 4, "4Gi")])
def test_class_minimum_passes_at_the_smallest_rung(source: str, vcpus: int, memory: str) -> None:
    objects, findings = run(SizeRequest(source, "x1.min", vcpus, memory))
    assert len(objects) == 1 and errors(findings) == []


@pytest.mark.parametrize("source,vcpus,memory,expected", [
    ("u1.medium", 1, "256Mi", [("generate-class-minimum", "spec.sizes[0].memory")]),
    ("rt1", 1, "512Mi", [("generate-class-minimum", "spec.sizes[0].memory"),
                         ("generate-hugepages", "spec.sizes[0].memory")]),
    ("cx1", 1, "1Gi", [("generate-class-minimum", "spec.sizes[0].memory")]),
    ("m1.xlarge", 1, "8Gi", [("generate-class-minimum", "spec.sizes[0].vcpus"),
                             ("generate-class-minimum", "spec.sizes[0].memory")]),
    ("n1", 3, "4Gi", [("generate-class-minimum", "spec.sizes[0].vcpus")]),
])
def test_class_minimum_fails_below(source: str, vcpus: int, memory: str, expected: list) -> None:
    objects, findings = run(SizeRequest(source, "x1.small", vcpus, memory))
    assert objects == [] and errors(findings) == expected


def test_class_minimum_message() -> None:
    _, findings = run(SizeRequest("m1", "m1.tiny", 1, "16Gi"))
    assert findings[0].message == "1 vCPU is below what class m1 allows (its smallest size has 2 vCPUs and 16Gi)"


def test_class_of_a_bundle_object_comes_from_its_class_label_then_its_name() -> None:
    labelled = instancetype("fast", labels={P + "class": "network"})
    named = instancetype("n1.tuned")
    _, findings = run(SizeRequest("fast", "fast2", 2, "4Gi"), SizeRequest("n1.tuned", "tuned2", 2, "4Gi"),
                      bundle=[labelled, named])
    assert errors(findings) == [("generate-class-minimum", "spec.sizes[0].vcpus"),
                                ("generate-class-minimum", "spec.sizes[1].vcpus")]
    objects, findings = run(SizeRequest("fast", "fast2", 2, "4Gi"), bundle=[labelled], catalog_version=None)
    assert len(objects) == 1 and errors(findings) == []  # no catalog, no class minimum


def test_max_sockets_of_a_bundle_source() -> None:
    equal = instancetype("eq", spec={"cpu": {"guest": 2, "maxSockets": 2}, "memory": {"guest": "2Gi"}})
    larger = instancetype("big", spec={"cpu": {"guest": 1, "maxSockets": 8}, "memory": {"guest": "2Gi"}})
    smaller = instancetype("small", spec={"cpu": {"guest": 1, "maxSockets": 2}, "memory": {"guest": "2Gi"}})
    objects, findings = run(SizeRequest("eq", "eq2", 4, "4Gi"), SizeRequest("big", "big2", 4, "4Gi"),
                            SizeRequest("small", "small2", 4, "4Gi"), bundle=[equal, larger, smaller])
    assert [obj["spec"]["cpu"]["maxSockets"] for obj in objects] == [4, 8, 2]
    assert [(f.severity, f.check, f.path) for f in findings if f.severity == WARNING] == [
        (WARNING, "generate-max-sockets", "spec.sizes[2].vcpus")]


def test_max_guest() -> None:
    source = instancetype("hot", spec={"cpu": {"guest": 1}, "memory": {"guest": "2Gi", "maxGuest": "8Gi"}})
    objects, findings = run(SizeRequest("hot", "hot2", 1, "8Gi"), SizeRequest("hot", "hot3", 1, "9Gi"),
                            bundle=[source])
    assert [obj["metadata"]["name"] for obj in objects] == ["hot2"]
    assert objects[0]["spec"]["memory"] == {"guest": "8Gi", "maxGuest": "8Gi"}
    assert errors(findings) == [("generate-max-guest", "spec.sizes[1].memory")]


def test_name_of_another_class_warns() -> None:
    objects, findings = run(SizeRequest("cx1", "u1.fast", 2, "4Gi"))
    assert len(objects) == 1
    assert [(f.check, f.message) for f in findings if f.severity == WARNING] == [
        ("generate-name-class", 'name "u1.fast" looks like class u1, but it is copied from class cx1')]


# -- request fields ------------------------------------------------------------------------------


@pytest.mark.parametrize("vcpus,expected", [(4, 4), ("4", 4), (" 16 ", 16), ("+2", 2), (2**32 - 1, 2**32 - 1)])
def test_vcpus_pass(vcpus: Any, expected: int) -> None:
    objects, _ = run(SizeRequest("u1", "u1.v", vcpus, "4Gi"))
    assert objects[0]["spec"]["cpu"]["guest"] == expected


@pytest.mark.parametrize("vcpus,check", [
    ("four", "generate-vcpus-invalid"), (1.5, "generate-vcpus-invalid"), (True, "generate-vcpus-invalid"),
    (None, "generate-size-missing"), ("", "generate-size-missing"), ([4], "generate-vcpus-invalid"),
    (0, "generate-vcpus-range"), ("-1", "generate-vcpus-range"), (2**32, "generate-vcpus-range")])
def test_vcpus_fail(vcpus: Any, check: str) -> None:
    objects, findings = run(SizeRequest("u1", "u1.v", vcpus, "4Gi"))
    assert objects == [] and errors(findings) == [(check, "spec.sizes[0].vcpus")]


@pytest.mark.parametrize("memory,expected", [
    ("4Gi", "4Gi"), ("4096Mi", "4Gi"), (4294967296, "4294967296"), ("4294967296", "4294967296"),
    ("1.5Gi", "1536Mi"), ("3G", "3G"), ("+2Gi", "2Gi"), ("600Mi", "600Mi")])
def test_memory_pass_in_canonical_form(memory: Any, expected: str) -> None:
    objects, _ = run(SizeRequest("u1", "u1.m", 1, memory), labels="recompute")
    assert objects[0]["spec"]["memory"]["guest"] == expected
    assert objects[0]["metadata"]["labels"][P + "memory"] == expected


@pytest.mark.parametrize("memory,check", [
    ("4GB", "generate-memory-invalid"), ("lots", "generate-memory-invalid"), (None, "generate-size-missing"),
    ("", "generate-size-missing"), (True, "generate-memory-invalid"),
    ("0", "generate-memory-range"), ("-1Gi", "generate-memory-range"), ("1500m", "generate-memory-range")])
def test_memory_fail(memory: Any, check: str) -> None:
    objects, findings = run(SizeRequest("u1", "u1.m", 1, memory))
    assert objects == [] and errors(findings) == [(check, "spec.sizes[0].memory")]


def test_memory_invalid_message_quotes_the_parser() -> None:
    _, findings = run(SizeRequest("u1", "u1.m", 1, "4iG"))
    assert findings[0].message == "memory \"4iG\" is not a quantity: unable to parse quantity's suffix"
    _, findings = run(SizeRequest("u1", "u1.m", 1, "4GB"))
    assert findings[0].message == ("memory \"4GB\" is not a quantity: quantities must match the regular expression "
                                   "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")


@pytest.mark.parametrize("name,check", [
    (None, "generate-name-missing"), ("", "generate-name-missing"), ("U1.Big", "generate-name-invalid"),
    ("a_b", "generate-name-invalid"), ("-a", "generate-name-invalid"), ("a.", "generate-name-invalid"),
    ("a" * 254, "generate-name-invalid"), (7, "generate-name-invalid")])
def test_name_fail(name: Any, check: str) -> None:
    objects, findings = run(SizeRequest("u1", name, 1, "1Gi"))
    assert objects == [] and errors(findings) == [(check, "spec.sizes[0].name")]


def test_every_field_is_reported_at_once() -> None:
    objects, findings = run(SizeRequest(None, "Bad", 0, "x"))
    assert objects == []
    assert errors(findings) == [("generate-name-invalid", "spec.sizes[0].name"),
                                ("generate-vcpus-range", "spec.sizes[0].vcpus"),
                                ("generate-memory-invalid", "spec.sizes[0].memory"),
                                ("generate-from-missing", "spec.sizes[0].from")]


def test_a_bad_request_does_not_stop_the_others() -> None:
    objects, findings = run(SizeRequest("u1", "u1.a", 0, "1Gi"), SizeRequest("u1", "u1.b", 1, "1Gi"))
    assert [obj["metadata"]["name"] for obj in objects] == ["u1.b"]
    assert checks(findings) == [(ERROR, "generate-vcpus-range", "spec.sizes[0].vcpus"),
                                (INFO, "generate-source", "spec.sizes[1]")]


# -- name clashes --------------------------------------------------------------------------------


def test_name_duplicate_in_the_run() -> None:
    objects, findings = run(SizeRequest("u1", "u1.a", 1, "1Gi"), SizeRequest("o1", "u1.a", 1, "1Gi"))
    assert len(objects) == 1
    assert errors(findings) == [("generate-name-duplicate", "spec.sizes[1].name")]


def test_name_clash_with_the_catalog_unless_it_is_off() -> None:
    objects, findings = run(SizeRequest("u1.small", "u1.medium", 1, "3Gi"))
    assert objects == [] and errors(findings) == [("generate-name-clash-catalog", "spec.sizes[0].name")]
    bundle = [catalog.lookup(CLUSTER_IT, "u1.small")]
    objects, findings = run(SizeRequest("u1.small", "u1.medium", 1, "3Gi"), bundle=bundle, catalog_version=None)
    assert len(objects) == 1 and errors(findings) == []


def test_name_clash_with_the_bundle() -> None:
    existing = instancetype("mine", kind=NAMESPACED_IT,
                            annotations={"internal.config.kubernetes.io/path": "handwritten.yaml"})
    objects, findings = run(SizeRequest("u1", "mine", 1, "1Gi"), bundle=[existing])
    assert objects == []
    assert [(f.check, f.message) for f in findings] == [
        ("generate-name-clash-bundle",
         'name "mine" is already used by a VirtualMachineInstancetype in the bundle (handwritten.yaml): '
         "choose another name")]


@pytest.mark.parametrize("existing,options", [
    (instancetype("mine", kind=CLUSTER_IT), {}),  # the other kind is another resource
    (instancetype("mine", kind=NAMESPACED_IT, namespace="a"), {"namespace": "b"}),
    (instancetype("mine", kind=NAMESPACED_IT), {"cluster": True}),
    ({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "mine"}}, {}),
])
def test_no_clash(existing: dict, options: dict) -> None:
    objects, findings = run(SizeRequest("u1", "mine", 1, "1Gi"), bundle=[existing], **options)
    assert len(objects) == 1 and errors(findings) == []


def test_a_previous_output_at_the_same_path_is_replaced() -> None:
    first, _ = run(SizeRequest("u1.medium", "u1.mysize", 4, "4Gi"))
    bundle = [instancetype("other"), first[0]]
    objects, findings = run(SizeRequest("u1.medium", "u1.mysize", 8, "8Gi"), bundle=bundle)
    assert objects[0]["spec"] == {"cpu": {"guest": 8}, "memory": {"guest": "8Gi"}}
    assert [(f.severity, f.check, f.item, f.message) for f in findings][0] == (
        INFO, "generate-replaced", 1,
        'VirtualMachineInstancetype "u1.mysize" at instancetypes/u1.mysize.yaml is replaced by the newly generated '
        "object")


def test_a_previous_output_is_kept_when_the_new_request_fails() -> None:
    first, _ = run(SizeRequest("u1.medium", "u1.mysize", 4, "4Gi"))
    objects, findings = run(SizeRequest("u1.medium", "u1.mysize", 0, "4Gi"), bundle=first)
    assert objects == []
    assert checks(findings) == [(ERROR, "generate-vcpus-range", "spec.sizes[0].vcpus")]


def test_rerun_is_idempotent() -> None:
    request = SizeRequest("cx1.large", "cx1.mine", 3, "6Gi")
    first, _ = run(request)
    again, findings = run(request, bundle=copy.deepcopy(first))
    assert again == first
    assert [f.check for f in findings] == ["generate-replaced", "generate-source"]


# -- resolving `from` ----------------------------------------------------------------------------


def test_bundle_object_wins_over_the_catalog() -> None:
    mine = instancetype("u1.medium", spec={"cpu": {"guest": 1, "model": "host-passthrough"},
                                           "memory": {"guest": "4Gi"}})
    objects, findings = run(SizeRequest("u1.medium", "u1.host", 2, "4Gi"), bundle=[{"kind": "junk"}, 7, mine])
    assert objects[0]["spec"] == {"cpu": {"guest": 2, "model": "host-passthrough"}, "memory": {"guest": "4Gi"}}
    assert findings[-1].message.endswith('copied from the bundle\'s VirtualMachineClusterInstancetype "u1.medium" '
                                         "(item 2)")


def test_cluster_kind_is_looked_up_first() -> None:
    namespaced = instancetype("base", kind=NAMESPACED_IT, spec={"cpu": {"guest": 1}, "memory": {"guest": "1Gi"},
                                                                "ioThreadsPolicy": "shared"})
    cluster = instancetype("base", spec={"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}, "ioThreadsPolicy": "auto"})
    objects, _ = run(SizeRequest("base", "a", 1, "1Gi"), SizeRequest("virtualmachineinstancetype/base", "b", 1, "1Gi"),
                     bundle=[namespaced, cluster])
    assert [obj["spec"]["ioThreadsPolicy"] for obj in objects] == ["auto", "shared"]


def test_catalog_cluster_kind_before_bundle_namespaced_kind() -> None:
    namespaced = instancetype("u1.medium", kind=NAMESPACED_IT, spec={"cpu": {"guest": 1}, "memory": {"guest": "1Gi"},
                                                                     "ioThreadsPolicy": "shared"})
    objects, _ = run(SizeRequest("u1.medium", "a", 1, "1Gi"),
                     SizeRequest("VirtualMachineInstancetypes/u1.medium", "b", 1, "1Gi"), bundle=[namespaced])
    assert ["ioThreadsPolicy" in obj["spec"] for obj in objects] == [False, True]


def test_explicit_kind_falls_back_to_the_catalog() -> None:
    objects, findings = run(SizeRequest("VirtualMachineInstancetype/m1.large", "m1.mine", 2, "20Gi"))
    assert objects[0]["spec"]["memory"]["hugepages"] == {"pageSize": "2Mi"}
    assert findings[0].message.endswith('copied from VirtualMachineInstancetype "m1.large" of catalog v1.7.0')


def test_namespaced_source_in_several_namespaces() -> None:
    bundle = [instancetype("base", kind=NAMESPACED_IT, namespace="a"),
              instancetype("base", kind=NAMESPACED_IT, namespace="b", spec={"cpu": {"guest": 1},
                                                                            "memory": {"guest": "1Gi"},
                                                                            "ioThreadsPolicy": "auto"})]
    objects, findings = run(SizeRequest("base", "new", 1, "1Gi"), bundle=bundle)
    assert objects == []
    assert [(f.check, f.message) for f in findings] == [
        ("generate-from-ambiguous", 'from "base": VirtualMachineInstancetype "base" exists in several namespaces '
                                    "(a, b); set namespace to pick one")]
    objects, _ = run(SizeRequest("base", "new", 1, "1Gi"), bundle=bundle, namespace="b")
    assert objects[0]["spec"]["ioThreadsPolicy"] == "auto"


FROM_MISSING_MESSAGE = "from is missing: the instance type (u1.medium), preference (fedora) or class (cx1) to copy"


@pytest.mark.parametrize("from_,bundle,check,message", [
    (None, [], "generate-from-missing", FROM_MISSING_MESSAGE),
    ("  ", [], "generate-from-missing", FROM_MISSING_MESSAGE),
    ("u1.mediun", [], "generate-from-unknown",
     'from "u1.mediun": no instance type, preference or class of that name in the bundle or catalog v1.7.0; '
     "did you mean u1.medium, u1.2xmedium, o1.medium?"),
    ("zz", [], "generate-from-unknown",
     'from "zz": no instance type, preference or class of that name in the bundle or catalog v1.7.0'),
    ("gn1.xlarge", [], "generate-from-unknown",
     'from "gn1.xlarge": no instance type, preference or class of that name in the bundle or catalog v1.7.0; '
     "did you mean n1.xlarge, n1.8xlarge, n1.4xlarge?"),
    ("virtualmachineclusterpreference/fedorra", [], "generate-from-unknown",
     'from "virtualmachineclusterpreference/fedorra": no VirtualMachineClusterPreference of that name in the '
     "bundle or catalog v1.7.0; did you mean fedora, fedora.s390x, fedora.arm64?"),
    ("vmi/u1.medium", [], "generate-from-kind",
     'from "vmi/u1.medium": unknown kind "vmi"; use virtualmachineclusterinstancetype/<name>, '
     "virtualmachineinstancetype/<name>, virtualmachineclusterpreference/<name> or virtualmachinepreference/<name>"),
    ("virtualmachineinstancetype/cx1", [], "generate-from-unknown",
     'from "virtualmachineinstancetype/cx1": cx1 is a class, not a VirtualMachineInstancetype; write from: cx1'),
])
def test_from_fail(from_: Any, bundle: list, check: str, message: str) -> None:
    objects, findings = run(SizeRequest(from_, "x1.new", 2, "4Gi"), bundle=bundle)
    assert objects == []
    assert [(f.check, f.path, f.message) for f in findings] == [(check, "spec.sizes[0].from", message)]


def test_catalog_off_uses_only_the_bundle() -> None:
    objects, findings = run(SizeRequest("u1.medium", "u1.x", 1, "1Gi"), catalog_version=None)
    assert objects == []
    assert findings[0].message == ('from "u1.medium": no instance type, preference or class of that name in the bundle '
                                   "(catalog off)")
    objects, findings = run(SizeRequest("mine", "mine2", 1, "1Gi"), bundle=[instancetype("mine")], catalog_version=None)
    assert objects[0]["apiVersion"] == API and errors(findings) == []


def test_source_without_api_version_gets_the_catalogs() -> None:
    source = {"kind": CLUSTER_IT, "metadata": {"name": "bare"}, "spec": "junk"}
    objects, _ = run(SizeRequest("bare", "bare2", 1, "1Gi"), bundle=[source])
    assert objects[0]["apiVersion"] == API
    assert objects[0]["spec"] == {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}


def test_bundle_is_never_mutated() -> None:
    bundle = [catalog.lookup(CLUSTER_IT, "cx1.medium"), instancetype("u1.mysize", kind=NAMESPACED_IT)]
    before = copy.deepcopy(bundle)
    objects, _ = run(SizeRequest("cx1.medium", "cx1.big", 8, "16Gi"), bundle=bundle, labels="recompute")
    objects[0]["spec"]["cpu"]["guest"] = 0
    assert bundle == before
    assert catalog.lookup(CLUSTER_IT, "cx1.medium")["spec"]["cpu"]["guest"] == 1


# -- options -------------------------------------------------------------------------------------


@pytest.mark.parametrize("options,expected", [
    ({"labels": "keep"}, [("generate-option-labels", "labels")]),
    ({"cluster": True, "namespace": "lab"}, [("generate-option-namespace", "namespace")]),
    ({"namespace": "Lab_1"}, [("generate-option-namespace", "namespace")]),
    ({"catalog_version": "v1.0.0"}, [("generate-option-catalog", "catalog")]),
])
def test_options_fail_and_nothing_is_generated(options: dict, expected: list) -> None:
    objects, findings = run(SizeRequest("u1", "u1.x", 1, "1Gi"), **options)
    assert objects == [] and errors(findings) == expected


def test_option_messages() -> None:
    _, findings = run(SizeRequest("u1", "u1.x", 1, "1Gi"), catalog_version="v1.0.0", labels="keep")
    assert [f.message for f in findings] == [
        'labels must be one of remove, recompute, got "keep"',
        'unknown catalog version "v1.0.0"; embedded: v1.5.1, v1.6.0, v1.7.0']


def test_no_sizes() -> None:
    assert generate([], [], None) == ([], [Finding(ERROR, "nothing to generate: no sizes given (from, name, vcpus, "
                                                          "memory)", check="generate-no-sizes")])


def test_output_path() -> None:
    assert output_path(NAMESPACED_IT, "a.b") == "instancetypes/a.b.yaml"
    assert output_path("VirtualMachinePreference", "a.b") == "preferences/a.b.yaml"
    assert output_path("VirtualMachineClusterPreference", "a.b") == "clusterpreferences/a.b.yaml"
    assert output_path("VirtualMachine", "a.b") == "instancetypes/a.b.yaml"
    assert output_path(CLUSTER_IT, "a.b") == "clusterinstancetypes/a.b.yaml"


# -- functionConfig helpers ----------------------------------------------------------------------


def test_size_requests_from_the_typed_form() -> None:
    requests, findings = size_requests([{"from": "u1.medium", "name": "u1.a", "vcpus": 2, "memory": "2Gi"},
                                        "junk", {"from": "cx1", "name": "cx1.b", "cpus": 2, "memory": "4Gi"}])
    assert requests == [SizeRequest("u1.medium", "u1.a", 2, "2Gi", "spec.sizes[0]"),
                        SizeRequest("cx1", "cx1.b", None, "4Gi", "spec.sizes[2]")]
    assert [(f.check, f.path, f.message) for f in findings] == [
        ("generate-sizes-shape", "spec.sizes[1]",
         "spec.sizes[1] must be a map with keys from, name, vcpus, memory, custom, patches, set"),
        ("generate-sizes-shape", "spec.sizes[2].cpus", 'unknown key "cpus" in a size; did you mean "vcpus"?')]
    _, findings = generate(requests, [], GenerateOptions())
    assert errors(findings) == [("generate-size-missing", "spec.sizes[2].vcpus")]


def test_size_requests_shapes() -> None:
    assert size_requests(None) == ([], [])
    requests, findings = size_requests({"from": "u1"})
    assert requests == [] and [f.check for f in findings] == ["generate-sizes-shape"]
    _, findings = size_requests([{"zzz": 1}])
    assert findings[0].message == ('unknown key "zzz" in a size; known keys: from, name, vcpus, memory, custom, '
                                   "patches, set")


def test_configmap_form_paths() -> None:
    request = size_request_from_data({"mode": "generate", "from": "u1.medium", "name": "u1.a", "vcpus": "x",
                                      "memory": "1Gi"})
    assert request == SizeRequest("u1.medium", "u1.a", "x", "1Gi", "data")
    _, findings = generate([request], [], GenerateOptions())
    assert errors(findings) == [("generate-vcpus-invalid", "data.vcpus")]


# -- the finding table and the options ------------------------------------------------------------

GENERATE_PACKAGE = pathlib.Path(generate_findings.__file__).parent


def _generate_id_literals(path: pathlib.Path) -> set[str]:
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("generate-")}


def test_the_findings_table_lists_every_finding_id_once_with_a_severity() -> None:
    ids = [finding_id for finding_id, _, _ in FINDINGS]
    assert len(ids) == len(set(ids))
    assert {severity for _, severity, _ in FINDINGS} <= set(SEVERITIES)
    assert all(summary for _, _, summary in FINDINGS)
    constants = {value for name, value in vars(generate_findings).items()
                 if name.isupper() and isinstance(value, str) and value.startswith("generate-")}
    assert set(ids) == constants


def test_finding_ids_are_spelled_only_in_the_findings_module() -> None:
    spelled = {path.name: _generate_id_literals(path) for path in sorted(GENERATE_PACKAGE.glob("*.py"))}
    assert {name: literals for name, literals in spelled.items() if literals and name != "findings.py"} == {}
    assert spelled["findings.py"] == {finding_id for finding_id, _, _ in FINDINGS}


def test_the_typed_options_default_to_the_option_table() -> None:
    assert GenerateOptions() == GenerateOptions.from_options(complete("generate", {}))
    assert GenerateOptions.from_options(complete("generate", {"catalog": "none", "namespace": "", "cluster": True})) \
        == GenerateOptions(cluster=True, namespace=None, catalog_version=None)
