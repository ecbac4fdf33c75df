"""generate through the KRM layer and the CLI (the engine rules are in test_generate.py)."""
from __future__ import annotations

from tests.conftest import krm, krmfn_process, load12, resource_list

TYPED = """  apiVersion: krmfn.dev/v1alpha1
  kind: Generate
  metadata: {name: sizes}
  spec:
    sizes:
    - {from: u1.medium, name: u1.mysize, vcpus: 4, memory: 4Gi}
    - {from: u1.small, name: u1.other, vcpus: 2, memory: 3Gi}
    cluster: true
"""
CM = ("  apiVersion: v1\n  kind: ConfigMap\n"
      "  data: {mode: generate, from: u1.medium, name: u1.cm, vcpus: '2', memory: 2Gi}\n")


def test_typed_sizes_are_appended_after_the_items():
    run = krm(resource_list("- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: keep}\n", TYPED))
    assert run.code == 0, run.stderr
    items = run.doc()["items"]
    assert [i["metadata"]["name"] for i in items] == ["keep", "u1.mysize", "u1.other"]
    assert items[1]["kind"] == "VirtualMachineClusterInstancetype"
    assert items[1]["spec"] == {"cpu": {"guest": 4}, "memory": {"guest": "4Gi"}}
    assert items[1]["metadata"]["annotations"]["internal.config.kubernetes.io/path"] == \
        "clusterinstancetypes/u1.mysize.yaml"


def test_config_map_single_size():
    run = krm(resource_list("", CM).replace("items:\n", "items: []\n"))
    (item,) = run.doc()["items"]
    assert (item["kind"], item["metadata"]["name"], item["spec"]["cpu"]["guest"]) == \
        ("VirtualMachineInstancetype", "u1.cm", 2)


def test_rerender_replaces_earlier_output():
    first = krm(resource_list("", CM).replace("items:\n", "items: []\n"))
    items_text = first.stdout.split("items:\n", 1)[1].split("results:\n")[0]
    second = krm(resource_list(items_text, CM))
    assert second.code == 0
    assert [i["metadata"]["name"] for i in second.doc()["items"]] == ["u1.cm"]


def test_bad_size_is_an_error_naming_the_field():
    bad = TYPED.replace("memory: 3Gi", "memory: lots")
    run = krm(resource_list("", bad).replace("items:\n", "items: []\n"))
    assert run.code == 1
    (error,) = [r for r in run.doc()["results"] if r["severity"] == "error"]
    assert error["field"] == {"path": "spec.sizes[1].memory"}
    assert error["resourceRef"] == {"apiVersion": "krmfn.dev/v1alpha1", "kind": "Generate", "name": "sizes"}
    assert "Generate sizes spec.sizes[1].memory: memory \"lots\" is not a quantity" in run.stderr


def test_cli_prints_only_the_new_object_without_kpt_annotations():
    run = krmfn_process(["generate", "--from", "u1.medium", "--name", "u1.mysize", "--vcpus", "4", "--memory", "4Gi"])
    assert run.code == 0, run.stderr
    assert load12(run.stdout) == {
        "apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineInstancetype",
        "metadata": {"name": "u1.mysize"}, "spec": {"cpu": {"guest": 4}, "memory": {"guest": "4Gi"}},
    }


def test_catalog_command():
    table = krmfn_process(["catalog", "--kind", "instancetypes"])
    assert table.code == 0 and table.stdout.splitlines()[1].split() == ["NAME", "CLASS", "VCPUS", "MEMORY", "FEATURES"]
    assert len(table.stdout.splitlines()) == 2 + 65 and table.stdout.endswith("auto\n")
    objects = [d for d in table.stdout and krmfn_process(["catalog", "-o", "yaml"]).stdout.split("---\n")]
    assert len(objects) == 65 + 54
