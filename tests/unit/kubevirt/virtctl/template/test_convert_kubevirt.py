"""KubeVirt's own Go test cases of ``pkg/virtctl/template/convert/convert_test.go`` (v1.9.0),
ported. Left out: flag, file and output format handling (the CLI's) and remote templates."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virtctl.template.convert import ConvertError, api_version_for, convert
from krmfn.model.kubevirt_version import V1_8, V1_9

VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "${NAME}"},
      "spec": {"preference": {"name": "${PREFERENCE}"}, "template": {"spec": {"domain": {"devices": {}}}}}}


def new_openshift_template(objects: list) -> dict:
    return {"apiVersion": "template.openshift.io/v1", "kind": "Template",
            "metadata": {"name": "test-template", "namespace": "default", "labels": {"test-label": "test-value"},
                         "annotations": {"test-annotation": "test-value"}},
            "message": "This is a test template",
            "parameters": [
                {"name": "NAME", "displayName": "VM Name", "description": "The name of the VM", "required": True},
                {"name": "PREFERENCE", "displayName": "VM Preference", "description": "The preference for the VM",
                 "required": False}],
            "objects": objects}


def test_should_convert_openshift_template_to_virtual_machine_template() -> None:
    assert convert(new_openshift_template([VM])) == {
        "apiVersion": "template.kubevirt.io/v1beta1", "kind": "VirtualMachineTemplate",
        "metadata": {"name": "test-template", "namespace": "default", "labels": {"test-label": "test-value"},
                     "annotations": {"test-annotation": "test-value"}},
        "spec": {"virtualMachine": VM,
                 "parameters": [
                     {"name": "NAME", "displayName": "VM Name", "description": "The name of the VM", "required": True},
                     {"name": "PREFERENCE", "displayName": "VM Preference",
                      "description": "The preference for the VM"}],
                 "message": "This is a test template"}}


@pytest.mark.parametrize(("objects", "message"), [
    ([], "template must contain exactly one object, found 0"),
    ([VM, VM], "template must contain exactly one object, found 2"),
])
def test_should_fail_when_template_has_no_or_multiple_objects(objects: list, message: str) -> None:
    with pytest.raises(ConvertError) as error:
        convert(new_openshift_template(objects))
    assert str(error.value) == message


def test_the_release_names_the_template_version() -> None:
    assert (api_version_for(V1_9), api_version_for(V1_8)) == (
        "template.kubevirt.io/v1beta1", "template.kubevirt.io/v1alpha1")
