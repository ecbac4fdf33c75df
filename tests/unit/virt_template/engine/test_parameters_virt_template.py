"""virt-template-engine's own Go test cases of ``template/parameters_test.go`` (virt-template
v0.2.2), ported. Left out, Go-only: "should handle invalid raw extension" (bytes that are no JSON
cannot reach plain data); "should handle nil params" is the empty map's case."""
from __future__ import annotations

import pytest

from krmfn.virt_template.engine.parameters import MergeError, merge_parameters, validate_parameter_references
from krmfn.virt_template.types import Parameter

P1, P2, P3 = "NAME", "PREFERENCE", "RUNNING"
TEMPLATE_PARAMS = [Parameter(P1, value="default-name"), Parameter(P2, value="default-preference")]


@pytest.mark.parametrize(("values", "expected"), [
    ({P1: "test-vm"}, ["test-vm", "default-preference"]),  # should merge single parameter successfully
    ({P1: "test-vm", P2: "fedora"}, ["test-vm", "fedora"]),  # should merge multiple parameters successfully
    ({}, ["default-name", "default-preference"]),  # should handle nil params / empty params
    ({P1: ""}, ["", "default-preference"]),  # should handle parameter with empty value
])
def test_merge_parameters(values: dict[str, str], expected: list[str]) -> None:
    assert [p.value for p in merge_parameters(TEMPLATE_PARAMS, values)] == expected


@pytest.mark.parametrize(("params", "values", "message"), [
    (TEMPLATE_PARAMS, {"UNKNOWN": "x"}, "parameter UNKNOWN not found in template"),
    (TEMPLATE_PARAMS, {P1: "test-vm", "UNKNOWN": "x"}, "parameter UNKNOWN not found in template"),
    ([], {P1: "test-vm"}, "parameter NAME not found in template"),  # should handle empty template parameters
])
def test_merge_parameters_errors(params: list[Parameter], values: dict[str, str], message: str) -> None:
    with pytest.raises(MergeError) as error:
        merge_parameters(params, values)
    assert str(error.value) == message


def template(names: list[str], vm: object, message: str = "") -> dict:
    spec: dict = {"parameters": [{"name": name} for name in names], "virtualMachine": vm}
    if message:
        spec["message"] = message
    return {"spec": spec}


VM_NAME = {"metadata": {"name": "${NAME}"}}
VM_NAME_PREFERENCE = {"metadata": {"name": "${NAME}"}, "spec": {"preference": {"name": "${PREFERENCE}"}}}


@pytest.mark.parametrize("tpl", [
    template([P1, P2], VM_NAME_PREFERENCE),  # all parameters referenced
    template([P1, P2], VM_NAME, "A good preference for this VM could be ${PREFERENCE}."),  # referenced in message
    template([P3], {"spec": {"running": "${{RUNNING}}"}}),  # non-string parameter syntax ${{KEY}}
    template([], {"metadata": {"name": "static-name"}}),  # no parameters and no references
    template([P1], {"metadata": {"name": "${NAME}", "labels": {"app": "${NAME}"}}}),  # multiple references
    template([P1, P3], {"metadata": {"name": "${NAME}"}, "spec": {"running": "${{RUNNING}}"}}),  # mixed
])
def test_should_accept(tpl: dict) -> None:
    check = validate_parameter_references(tpl)
    assert (check.warnings, check.errors) == ([], [])


@pytest.mark.parametrize(("tpl", "errors", "warnings"), [
    (template([P1], VM_NAME_PREFERENCE),
     ['spec.virtualMachine: Invalid value: "PREFERENCE": references undefined parameter PREFERENCE'], []),
    (template([P1, P2], VM_NAME, "VM created successfully"),
     [], ["spec.parameters[1].name: PREFERENCE is defined but never referenced"]),
    (template([P3], VM_NAME),
     ['spec.virtualMachine: Invalid value: "NAME": references undefined parameter NAME'],
     ["spec.parameters[0].name: RUNNING is defined but never referenced"]),
    (template([P1], VM_NAME, "A good preference for this VM could be ${PREFERENCE}."),
     ['spec.virtualMachine: Invalid value: "PREFERENCE": references undefined parameter PREFERENCE'], []),
    (template([], {"spec": {"running": "${{RUNNING}}"}}),
     ['spec.virtualMachine: Invalid value: "RUNNING": references undefined parameter RUNNING'], []),
    ({"spec": {}},  # should handle nil virtualMachine (and an empty RawExtension)
     ["spec.virtualMachine: Invalid value: null: virtualMachine is required and cannot be empty"], []),
])
def test_should_reject_or_warn(tpl: dict, errors: list[str], warnings: list[str]) -> None:
    check = validate_parameter_references(tpl)
    assert [error.error() for error in check.errors] == errors
    assert check.warnings == warnings
