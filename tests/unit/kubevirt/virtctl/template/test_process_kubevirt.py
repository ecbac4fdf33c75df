"""KubeVirt's own Go test cases of ``pkg/virtctl/template/process/process_test.go`` (v1.9.0) that
concern local processing, ported (inputs and answers). Left out: the flag and file handling
(mutually exclusive flags, positional names, output formats, missing files, YAML syntax errors:
the CLI's), the remote template cases (a cluster's subresources)."""
from __future__ import annotations

import random

import pytest

from krmfn.kubevirt.virtctl.template.process import ProcessError, params_from_file, print_params, process_local


def template(params: list[dict], vm: dict) -> dict:
    return {"apiVersion": "template.kubevirt.io/v1beta1", "kind": "VirtualMachineTemplate",
            "metadata": {"name": "test-template", "namespace": "default"},
            "spec": {"parameters": params, "virtualMachine": vm}}


def new_virtual_machine_template() -> dict:
    return template([{"name": "NAME"}, {"name": "PREFERENCE"}],
                    {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "${NAME}"},
                     "spec": {"preference": {"name": "${PREFERENCE}"}, "template": {"spec": {"domain": {}}}}})


def test_should_print_parameters_when_print_params_is_set() -> None:
    assert print_params(new_virtual_machine_template()) == [{"name": "NAME"}, {"name": "PREFERENCE"}]


@pytest.mark.parametrize("values", [
    {"NAME": "test-vm", "PREFERENCE": "fedora"},  # parameters from flags
    params_from_file({"NAME": "test-vm", "PREFERENCE": "fedora"}),  # parameters from file
])
def test_should_process_template_with_parameters(values: dict[str, str]) -> None:
    result = process_local(new_virtual_machine_template(), values, random.Random(1))
    assert result.vm == {
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "test-vm"},
        "spec": {"preference": {"name": "fedora"},
                 "template": {"metadata": {}, "spec": {"domain": {"devices": {}, "resources": {}}}}},
        "status": {}}
    assert (result.message, result.warnings) == ("", [])


def test_should_fail_when_params_file_is_in_invalid_format() -> None:
    with pytest.raises(ProcessError) as error:
        params_from_file(["invalid"])
    assert str(error.value) == ("error reading params file: json: cannot unmarshal array into Go value of type "
                                "map[string]string")


def test_should_fail_when_template_contains_undefined_parameter_reference() -> None:
    tpl = template([{"name": "NAME"}],
                   {"metadata": {"name": "${NAME}"}, "spec": {"preference": {"name": "${PREFERENCE}"}}})
    with pytest.raises(ProcessError) as error:
        process_local(tpl, {"NAME": "test-vm"}, random.Random(1))
    assert str(error.value) == ('error validating template parameters: spec.virtualMachine: Invalid value: '
                                '"PREFERENCE": references undefined parameter PREFERENCE')


def test_should_warn_when_template_contains_unused_parameter() -> None:
    tpl = template([{"name": "NAME"}, {"name": "PREFERENCE"}], {"metadata": {"name": "${NAME}"}})
    result = process_local(tpl, {"NAME": "test-vm", "PREFERENCE": "fedora"}, random.Random(1))
    assert result.warnings == ["spec.parameters[1].name: PREFERENCE is defined but never referenced"]
    assert result.vm["metadata"] == {"name": "test-vm"}


def test_should_fail_and_warn_when_template_contains_both_undefined_and_unused_parameters() -> None:
    tpl = template([{"name": "NAME"}, {"name": "COUNT"}],
                   {"metadata": {"name": "${NAME}"}, "spec": {"preference": {"name": "${PREFERENCE}"}}})
    with pytest.raises(ProcessError) as error:
        process_local(tpl, {"NAME": "test-vm"}, random.Random(1))
    assert str(error.value).endswith("references undefined parameter PREFERENCE")
    assert error.value.warnings == ["spec.parameters[1].name: COUNT is defined but never referenced"]
