"""krmfn.modes.adopt.mode through the KRM function: a report by default, the rewrite with write."""
from __future__ import annotations

import yaml

from krmfn.modes.adopt.mode import run_adopt
from krmfn.modes.dispatch import run
from tests.conftest import krm
from tests.unit.modes.adopt.vms import imported_vm, with_matchers


def resource_list(items: list, config: str) -> str:
    return yaml.safe_dump({"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": items},
                          sort_keys=False) + config


CONFIGMAP = "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data: {mode: adopt%s}\n"
TYPED = "functionConfig:\n  apiVersion: krmfn.dev/v1alpha1\n  kind: Adopt\n  metadata: {name: a}\n  spec: %s\n"


def test_report_changes_nothing_and_says_what_each_vm_would_adopt():
    items = [imported_vm(), imported_vm("small", memory="3Gi"), with_matchers(imported_vm("done"), "u1.large", None)]
    out = krm(resource_list(items, CONFIGMAP % ""))
    assert out.code == 0
    doc = yaml.safe_load(out.stdout)
    assert doc["items"] == items
    results = doc["results"]
    assert [(r["resourceRef"]["name"], r["severity"], r["tags"]["status"]) for r in results] == [
        ("web", "info", "adopted"), ("small", "info", "adopted")]
    assert results[0]["message"] == (
        "adoptable: VirtualMachineClusterInstancetype/u1.large and VirtualMachineClusterPreference/rhel.9 "
        "reproduce it field by field (8 fields of the template left to them)")
    assert results[0]["tags"]["instancetype"] == "VirtualMachineClusterInstancetype/u1.large"
    assert "no instance type: 2 vCPUs with memory 3Gi match no instance type" in results[1]["message"]


def test_write_rewrites_the_vms_and_adds_the_generated_sizes():
    items = [imported_vm(), imported_vm("small", memory="3Gi")]
    out = krm(resource_list(items, TYPED % "{write: true, generateSizes: true}"))
    assert out.code == 0
    doc = yaml.safe_load(out.stdout)
    web, small, generated = doc["items"]
    assert web["spec"]["instancetype"] == {"kind": "VirtualMachineClusterInstancetype", "name": "u1.large"}
    assert small["spec"]["instancetype"] == {"kind": "VirtualMachineInstancetype", "name": "u1.2c3gi"}
    assert (generated["kind"], generated["metadata"]["name"]) == ("VirtualMachineInstancetype", "u1.2c3gi")
    assert generated["metadata"]["annotations"]["config.kubernetes.io/path"] == "instancetypes/u1.2c3gi.yaml"


def test_a_vm_nothing_reproduces_is_a_warning_and_stays():
    vm = imported_vm(memory="3Gi")
    del vm["spec"]["template"]["spec"]["domain"]["devices"]["rng"]
    outcome = run_adopt([vm], {"write": True})
    assert outcome.items == [vm] and outcome.changed == set()
    (finding,) = outcome.findings
    assert finding.severity == "warning" and finding.message.startswith(
        "not adopted: 2 vCPUs with memory 3Gi match no instance type")


def test_an_unknown_option_is_a_function_config_error():
    out = krm(resource_list([imported_vm()], CONFIGMAP % ", dropReferenced: 'true'"))
    assert out.code == 1
    assert 'unknown option "dropReferenced" for mode adopt' in out.stdout


def test_the_vms_of_pools_and_lists_are_adopted_in_place():
    pool = {"apiVersion": "pool.kubevirt.io/v1alpha1", "kind": "VirtualMachinePool",
            "metadata": {"name": "webs", "namespace": "imported"},
            "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
                     "virtualMachineTemplate": {"metadata": {"labels": {"app": "web"}}, "spec": imported_vm()["spec"]}}}
    listed = {"apiVersion": "v1", "kind": "List", "items": [imported_vm("a")]}
    out = run("adopt", [pool, listed], {"write": True})
    assert [(f.item, f.path, f.tags["status"]) for f in out.findings] == [
        (0, "spec.virtualMachineTemplate", "adopted"), (1, "items[0]", "adopted")]
    assert out.items[0]["spec"]["virtualMachineTemplate"]["spec"]["instancetype"]["name"] == "u1.large"
    assert out.items[1]["items"][0]["spec"]["preference"]["name"] == "rhel.9"
    assert out.changed == {0, 1}
