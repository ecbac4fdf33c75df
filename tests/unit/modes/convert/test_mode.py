"""The convert mode: every OpenShift Template wrapping a VM becomes the VirtualMachineTemplate
``virtctl template convert`` writes, with the template API version of the release targeted."""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.model.findings import ERROR
from krmfn.modes.convert.mode import run_convert

VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "${NAME}"},
      "spec": {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}}}}}}
SERVICE = {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "${NAME}"}}


def openshift_template(*objects: dict[str, Any]) -> dict[str, Any]:
    return {"apiVersion": "template.openshift.io/v1", "kind": "Template",
            "metadata": {"name": "rhel9", "namespace": "openshift", "labels": {"os": "rhel9"},
                         "annotations": {"description": "RHEL 9"}, "resourceVersion": "5"},
            "labels": {"template": "rhel9"}, "message": "VM ${NAME}", "objects": list(objects),
            "parameters": [{"name": "NAME", "generate": "expression", "from": "rhel9-[a-z0-9]{6}"},
                           {"name": "DISK", "value": "30Gi", "required": True, "description": "disk size"}]}


@pytest.mark.parametrize("version, api_version", [("v1.9", "template.kubevirt.io/v1beta1"),
                                                  ("main", "template.kubevirt.io/v1beta1"),
                                                  ("v1.8", "template.kubevirt.io/v1alpha1")])
def test_a_template_wrapping_a_vm_becomes_a_virtual_machine_template(version: str, api_version: str):
    other = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x"}}
    outcome = run_convert([openshift_template(VM), other], {"kubevirtVersion": version})
    assert outcome.sources == [0, 1] and outcome.changed == {0} and outcome.findings == []
    assert outcome.items[1] is other
    assert outcome.items[0] == {
        "apiVersion": api_version, "kind": "VirtualMachineTemplate",
        "metadata": {"name": "rhel9", "namespace": "openshift", "labels": {"os": "rhel9"},
                     "annotations": {"description": "RHEL 9"}},
        "spec": {"virtualMachine": VM,
                 "parameters": [{"name": "NAME", "generate": "expression", "from": "rhel9-[a-z0-9]{6}"},
                                {"name": "DISK", "description": "disk size", "value": "30Gi", "required": True}],
                 "message": "VM ${NAME}"}}


def test_more_than_one_object_is_virtctls_error_and_the_template_stays():
    source = openshift_template(VM, SERVICE)
    outcome = run_convert([source], {})
    assert outcome.items == [source] and outcome.changed == set()
    assert [(f.severity, f.message, f.item, f.path, f.check) for f in outcome.findings] == [
        (ERROR, "template must contain exactly one object, found 2", 0, "objects", "template-convert")]


def test_a_template_of_other_objects_is_not_converted():
    source = openshift_template(SERVICE)
    outcome = run_convert([source], {})
    assert outcome.items == [source] and outcome.changed == set() and outcome.findings == []


def test_at_v1_7_virtctl_has_no_template_command():
    source = openshift_template(VM)
    outcome = run_convert([source], {"kubevirtVersion": "v1.7"})
    assert outcome.items == [source] and outcome.changed == set()
    assert [f.severity for f in outcome.findings] == [ERROR]
    assert outcome.findings[0].message.startswith("not converted: KubeVirt v1.7's virtctl has no `template` command")
