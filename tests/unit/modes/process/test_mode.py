"""The process mode: every VirtualMachineTemplate replaced by (or followed by) the VM virtctl's
``template process --local`` prints, with its values, seed, annotation, namespace and findings."""
from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from krmfn.model.findings import ERROR, INFO, WARNING
from krmfn.model.krm import PROCESSED_FROM_ANNOTATION
from krmfn.modes.process.mode import NOT_DECLARED, NO_TEMPLATE, process_items, run_process, values_for
from krmfn.modes.process.mode import ProcessOptions

PASSWORD = re.compile(r"password: ([a-z0-9]{12})\n")


def template(name: str = "fedora-vm", namespace: str | None = "lab", vm_namespace: str | None = None) -> dict[str, Any]:
    metadata: dict[str, Any] = {"name": name, "annotations": {"config.kubernetes.io/index": "0",
                                                               "internal.config.kubernetes.io/path": "t.yaml",
                                                               "config.kubernetes.io/local-config": "true"}}
    if namespace:
        metadata["namespace"] = namespace
    vm_metadata: dict[str, Any] = {"name": "${NAME}"}
    if vm_namespace:
        vm_metadata["namespace"] = vm_namespace
    return {
        "apiVersion": "template.kubevirt.io/v1beta1", "kind": "VirtualMachineTemplate", "metadata": metadata,
        "spec": {
            "message": "VM ${NAME} is ready",
            "parameters": [{"name": "NAME", "required": True},
                           {"name": "PASSWORD", "generate": "expression", "from": "[a-z0-9]{12}"}],
            "virtualMachine": {
                "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": vm_metadata,
                "spec": {"instancetype": {"name": "u1.medium"}, "preference": {"name": "fedora"},
                         "runStrategy": "Halted",
                         "template": {"spec": {"domain": {"devices": {}}, "volumes": [
                             {"name": "cloudinit",
                              "cloudInitNoCloud": {"userData": "#cloud-config\npassword: ${PASSWORD}\n"}}]}}}}}}


CONFIG_MAP = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "other"}, "data": {"a": "1"}}


def password(vm: dict[str, Any]) -> str:
    match = PASSWORD.search(vm["spec"]["template"]["spec"]["volumes"][0]["cloudInitNoCloud"]["userData"])
    assert match
    return match.group(1)


def test_the_vm_replaces_its_template_with_the_annotation_namespace_and_file():
    values = [template(), CONFIG_MAP]
    outcome = run_process(values, {"parameters": {"fedora-vm": {"NAME": "web"}}})
    vm = outcome.items[0]
    assert outcome.sources == [0, 1] and outcome.changed == {0} and outcome.items[1] is CONFIG_MAP
    assert (vm["apiVersion"], vm["kind"]) == ("kubevirt.io/v1", "VirtualMachine")
    assert list(vm["metadata"]) == ["name", "namespace", "annotations"]
    assert vm["metadata"]["name"] == "web" and vm["metadata"]["namespace"] == "lab"
    # the template's file and index (kpt writes the VM where the template was), not its local-config
    assert vm["metadata"]["annotations"] == {PROCESSED_FROM_ANNOTATION: "lab/fedora-vm",
                                             "config.kubernetes.io/index": "0",
                                             "internal.config.kubernetes.io/path": "t.yaml"}
    assert vm["spec"]["instancetype"] == {"name": "u1.medium"} and vm["spec"]["runStrategy"] == "Halted"
    # virtctl's message, substituted, is an info on the template
    assert [(f.severity, f.message, f.item) for f in outcome.findings] == [(INFO, "VM web is ready", 0)]
    assert all(f.check == "template-process" for f in outcome.findings)


def test_generated_values_follow_the_seed_and_the_template_not_the_bundle_order():
    values = [template(), template("other", "lab")]
    parameters = {"*": {"NAME": "web"}}
    first = run_process(values, {"parameters": parameters})
    again = run_process(list(reversed(values)), {"parameters": parameters})
    other_seed = run_process(values, {"parameters": parameters, "seed": 7})
    assert password(first.items[0]) == password(again.items[1]) == "ehpv5t47052w"
    assert password(first.items[0]) != password(first.items[1])
    assert password(other_seed.items[0]) != password(first.items[0])


def test_keep_templates_writes_the_vm_after_its_template_without_its_file():
    values = [template(), CONFIG_MAP]
    outcome = run_process(values, {"parameters": {"lab/fedora-vm": {"NAME": "web"}}, "keepTemplates": True})
    assert outcome.sources == [0, None, 1] and outcome.changed == set()
    assert outcome.items[0] is values[0]
    assert outcome.items[1]["metadata"]["annotations"] == {PROCESSED_FROM_ANNOTATION: "lab/fedora-vm"}


def test_a_template_without_a_namespace_names_itself_alone_and_the_vm_gets_none():
    outcome = run_process([template(namespace=None)], {"parameters": {"*": {"NAME": "web"}}})
    vm = outcome.items[0]
    assert "namespace" not in vm["metadata"] and vm["metadata"]["annotations"][PROCESSED_FROM_ANNOTATION] == "fedora-vm"


def test_a_hardcoded_vm_namespace_is_removed_by_the_engine_and_the_templates_is_used():
    outcome = run_process([template(vm_namespace="elsewhere")], {"parameters": {"*": {"NAME": "web"}}})
    assert outcome.items[0]["metadata"]["namespace"] == "lab"


def test_virtctl_errors_leave_the_template_as_it_is():
    values = [template()]
    before = copy.deepcopy(values)
    outcome = run_process(values, {})
    assert outcome.items == before and outcome.changed == set()
    assert [(f.severity, f.message) for f in outcome.findings] == [
        (ERROR, "error processing VirtualMachineTemplate locally: spec.parameters[0].value: Required value: "
                "parameter 'NAME' is required and a value must be specified")]
    unknown = run_process(values, {"parameters": {"fedora-vm": {"NAME": "web", "CPU": "2"}}})
    assert [(f.severity, f.message) for f in unknown.findings] == [
        (ERROR, "error merging template parameters: parameter CPU not found in template")]


def test_an_undefined_reference_is_virtctls_error_and_an_unused_parameter_its_warning():
    broken = template()
    broken["spec"]["virtualMachine"]["spec"]["runStrategy"] = "${STRATEGY}"
    broken["spec"]["parameters"].append({"name": "UNUSED"})
    outcome = run_process([broken], {"parameters": {"*": {"NAME": "web"}}})
    assert [(f.severity, f.message) for f in outcome.findings] == [
        (WARNING, "spec.parameters[2].name: UNUSED is defined but never referenced"),
        (ERROR, "error validating template parameters: spec.virtualMachine: Invalid value: \"STRATEGY\": "
                "references undefined parameter STRATEGY")]


def test_values_for_one_template_every_template_then_its_name_then_its_namespaced_name():
    parameters = {"*": {"NAME": "all", "NOT_MINE": "x"}, "fedora-vm": {"NAME": "by-name"},
                  "lab/fedora-vm": {"PASSWORD": "pw"}}
    assert values_for(template(), parameters) == {"NAME": "by-name", "PASSWORD": "pw"}


def test_a_name_no_template_declares_and_a_template_not_in_the_bundle_are_errors_of_the_run():
    outcome = run_process([template()], {"parameters": {"*": {"NAME": "web", "CPU": "2"}, "gone": {"X": "1"}}})
    assert [(f.severity, f.message, f.item, f.path) for f in outcome.findings] == [
        (ERROR, NOT_DECLARED.format(name="CPU"), None, "parameters"),
        (ERROR, NO_TEMPLATE.format(key="gone"), None, "parameters.gone"),
        (INFO, "VM web is ready", 0, None)]


@pytest.mark.parametrize("version, processed", [("v1.7", False), ("v1.8", True), ("main", True)])
def test_virtctl_has_template_since_v1_8(version: str, processed: bool):
    outcome = process_items([template()], ProcessOptions.from_options(
        {"parameters": {"*": {"NAME": "web"}}, "kubevirtVersion": version}))
    assert (outcome.changed == {0}) is processed
    if not processed:
        assert outcome.findings[0].severity == ERROR and "set kubevirtVersion to v1.8" in outcome.findings[0].message


def test_a_bundle_without_templates_passes_through_whatever_the_parameters():
    """A package rendered before holds the VMs only: a second render changes nothing and reports nothing."""
    outcome = run_process([CONFIG_MAP], {"parameters": {"*": {"NAME": "web"}, "fedora-vm": {"NAME": "web"}}})
    assert outcome.items == [CONFIG_MAP] and outcome.changed == set() and outcome.findings == []
