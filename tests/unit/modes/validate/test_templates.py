"""The VirtualMachine a VirtualMachineTemplate yields, validated as a VM on the template's lines
(krmfn.modes.validate.templates; issue 37's three examples)."""
from __future__ import annotations

import copy

from krmfn.modes.validate.mode import run_validate

VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "${NAME}"},
      "spec": {"runStrategy": "Halted", "instancetype": {"name": "${SIZE}"}, "preference": {"name": "fedora"},
               "template": {"spec": {"domain": {"devices": {}}}}}}
TEMPLATE = {"apiVersion": "template.kubevirt.io/v1beta1", "kind": "VirtualMachineTemplate",
            "metadata": {"name": "fedora", "namespace": "lab"},
            "spec": {"parameters": [{"name": "NAME", "value": "db"}, {"name": "SIZE", "value": "u1.medium"}],
                     "virtualMachine": VM}}
YIELDS = " (in the VirtualMachine that VirtualMachineTemplate lab/fedora yields with its default values)"


def template(**changes) -> dict:
    out = copy.deepcopy(TEMPLATE)
    for index, value in changes.get("values", {}).items():
        out["spec"]["parameters"][index]["value"] = value
    if "parameters" in changes:
        out["spec"]["parameters"] = changes["parameters"]
    return out


def errors(items: list, options: dict | None = None) -> list[tuple[str | None, int | None, str | None, str]]:
    return [(f.check, f.item, f.path, f.message) for f in run_validate(items, options or {}).findings
            if f.severity == "error"]


def test_a_template_whose_vm_expands_is_clean():
    assert errors([template()]) == []


def test_the_vm_names_an_instance_type_that_does_not_exist():
    assert errors([template(values={1: "u1.meduim"})]) == [
        ("reference", 0, "spec.virtualMachine.spec.instancetype.name",
         'virtualmachineclusterinstancetypes.instancetype.kubevirt.io "u1.meduim" not found (did you mean '
         "u1.medium?)" + YIELDS),
        # KubeVirt's admission ignores the missing instance type and checks the preference against 0 memory
        ("preference-requirements", 0, "spec.virtualMachine.spec.template.spec.domain.memory",
         "failure checking preference requirements: insufficient Memory resources of 0 provided by VirtualMachine, "
         "preference requires 2Gi" + YIELDS)]


def test_an_undeclared_parameter_is_the_webhooks_error_at_the_field_that_uses_it():
    assert errors([template(parameters=[{"name": "NAME", "value": "db"}])]) == [
        ("template-admission", 0, "spec.virtualMachine.spec.instancetype.name",
         'spec.virtualMachine: Invalid value: "SIZE": references undefined parameter SIZE')]


def test_a_required_parameter_without_a_value_is_the_webhooks_warning_and_yields_no_vm():
    found = run_validate([template(parameters=[{"name": "NAME", "required": True},
                                               {"name": "SIZE", "value": "u1.meduim"}])], {}).findings
    assert [(f.severity, f.check, f.path, f.message) for f in found] == [
        ("warning", "template-admission", "spec.parameters[0]",
         'processing validation skipped: required parameter "NAME" has neither value nor generator')]


def test_the_yielded_vm_is_no_duplicate_of_the_bundles_vm_of_that_name():
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "db", "namespace": "lab"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}, "memory": {
              "guest": "1Gi"}}}}}}
    assert errors([template(), vm]) == []


def test_a_template_the_cluster_does_not_serve_yields_nothing():
    assert [check for check, *_ in errors([template(values={1: "u1.meduim"})], {"kubevirtVersion": "v1.7"})] == [
        "api-version"]


def test_the_vms_own_admission_is_reported_on_the_template():
    bad = template(values={0: "DB"})
    assert [(check, path) for check, _, path, _ in errors([bad])] == [("schema", "spec.virtualMachine.metadata.name")]


def test_validating_leaves_the_template_as_it_was():
    """The VM a template yields shares what processing does not change with the template's VM
    (krmfn.virt_template.engine.converter.ProcessingCopy): nothing that checks it may change it."""
    rich = template()
    rich["spec"]["virtualMachine"]["spec"]["dataVolumeTemplates"] = [
        {"metadata": {"name": "${NAME}-data", "labels": {}}, "spec": {"storage": {"resources": {"requests": {
            "storage": "20480Mi"}}}, "source": {"blank": {}}}}]
    rich["spec"]["virtualMachine"]["spec"]["template"] = {"metadata": {"labels": {"app": "${NAME}"}}, "spec": {
        "domain": {"devices": {"disks": [{"name": "data", "bootOrder": 1}], "interfaces": []}, "features": {}},
        "volumes": [{"name": "data", "dataVolume": {"name": "${NAME}-data"}}], "nodeSelector": {}}}
    before = copy.deepcopy(rich)
    run_validate([rich], {})
    assert rich == before
