"""virt-template-engine's own Go test cases of ``template/template_test.go`` (virt-template v0.2.2),
ported: inputs and exact answers. Left out, Go-only: the cases on a typed ``virtv1.VirtualMachine``
in ``RawExtension.Object`` ("from VirtualMachine object", "should substitute parameters in VM
object", "should collect parameters from VirtualMachine object"); their unstructured twins are here."""
from __future__ import annotations

import random

import pytest

from krmfn.kubevirt.apimachinery.validation import FieldError
from krmfn.virt_template.engine.template import (
    SubstitutionError,
    collect_all_referenced_parameters,
    collect_referenced_parameters,
    generate_parameter_values,
    remove_hardcoded_namespace,
    substitute_all_parameters,
    substitute_parameters,
)
from krmfn.virt_template.types import Parameter

P1, P1_REF, P1_VAL = "NAME", "${NAME}", "test-vm"
P2, P2_REF, P2_VAL = "PREFERENCE", "${PREFERENCE}", "fedora"
P3, P3_REF, P3_VAL = "COUNT", "${{COUNT}}", "5"
P4, P4_REF, P4_VAL = "CPU_TYPE", "${CPU_TYPE}", "cores"
P5, P5_REF, P5_VAL = "ISOLATE_EMULATOR_THREAD", "${{ISOLATE_EMULATOR_THREAD}}", "true"
PARAMS = {name: Parameter(name, value=value) for name, value in
          ((P1, P1_VAL), (P2, P2_VAL), (P3, P3_VAL), (P4, P4_VAL), (P5, P5_VAL))}


def generated(params: list[Parameter]) -> dict[str, Parameter] | FieldError:
    return generate_parameter_values(params, random.Random(5))


def test_should_generate_value_for_parameter_with_generate_field() -> None:
    gen = generated([Parameter(P1, generate="expression", from_="[a-z]{8}")])
    assert isinstance(gen, dict) and len(gen) == 1
    assert len(gen[P1].value) == 8 and gen[P1].value.isalpha() and gen[P1].value.islower()


def test_should_generate_values_for_multiple_parameters_with_generate_field() -> None:
    gen = generated([Parameter(P1, generate="expression", from_="[a-z]{8}"),
                     Parameter(P3, generate="expression", from_="[0-9]{1}")])
    assert isinstance(gen, dict) and len(gen) == 2
    assert len(gen[P1].value) == 8
    assert len(gen[P3].value) == 1 and gen[P3].value.isdigit()


@pytest.mark.parametrize("param", [
    Parameter(P1, value=P1_VAL),  # should use existing value when provided
    Parameter(P1, value=P1_VAL, generate="expression", from_="[a-z]{8}"),  # not generated when both given
])
def test_should_use_existing_value(param: Parameter) -> None:
    gen = generated([param])
    assert isinstance(gen, dict) and gen[P1].value == P1_VAL


def test_should_ignore_malformed_pattern_in_from_field() -> None:
    gen = generated([Parameter(P1, generate="expression", from_="[a-z{8}")])
    assert isinstance(gen, dict) and gen[P1].value == "[a-z{8}"


def test_should_handle_empty_parameters_list() -> None:
    assert generated([]) == {}


@pytest.mark.parametrize(("params", "message"), [
    ([Parameter(P1, generate="unknown", from_="[a-z]{8}")],
     "spec.parameters[0].generate: Invalid value: \"unknown\": unknown generator name 'unknown' for parameter 'NAME'"),
    ([Parameter(P1, required=True)],
     "spec.parameters[0].value: Required value: parameter 'NAME' is required and a value must be specified"),
    ([Parameter(P1, generate="expression", from_="")],
     "spec.parameters[0].from: Invalid value: \"\": from cannot be empty for parameter 'NAME' using generator "
     "'expression'"),
    ([Parameter(P1, value=P1_VAL), Parameter(P1, value=P1_VAL)], 'spec.parameters[1].name: Duplicate value: "NAME"'),
    ([Parameter("", value=P1_VAL)], 'spec.parameters[0].name: Invalid value: "": parameter name is empty'),
])
def test_generate_parameter_values_errors(params: list[Parameter], message: str) -> None:
    error = generated(params)
    assert isinstance(error, FieldError) and error.error() == message


def test_should_remove_hardcoded_namespace_from_unstructured_virtual_machine_object() -> None:
    obj = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"namespace": "default"}}
    assert remove_hardcoded_namespace(obj)["metadata"] == {}
    assert obj["metadata"] == {"namespace": "default"}  # the template's VM is not changed


@pytest.mark.parametrize(("namespace", "expected"), [
    ("${NAMESPACE}", {"namespace": "${NAMESPACE}"}),  # should preserve namespace with parameter
    ("${{NAMESPACE}}", {}),  # should not preserve namespace with non-string parameter
    ("", {"namespace": ""}),  # should handle empty namespace
])
def test_remove_hardcoded_namespace(namespace: str, expected: dict) -> None:
    obj = {"metadata": {"namespace": namespace}}
    assert remove_hardcoded_namespace(obj)["metadata"] == expected


@pytest.mark.parametrize(("text", "expected"), [
    (P1_REF, P1_VAL),  # only param
    ("prefix-" + P1_REF, "prefix-" + P1_VAL),
    (P1_REF + "-suffix", P1_VAL + "-suffix"),
    ("prefix-" + P1_REF + "-suffix", "prefix-" + P1_VAL + "-suffix"),
    (P1_REF + "-" + P1_REF, P1_VAL + "-" + P1_VAL),  # same parameter multiple times
    (P1_REF + "-${COUNT}", "test-vm-5"),  # multiple parameters
    (P3_REF + "-" + P3_REF, P3_REF + "-" + P3_REF),  # not multiple non-string parameters
    ("${NA-ME}", "${NA-ME}"),  # not invalid parameter names with hyphens
    ("${NA ME}", "${NA ME}"),  # not parameter names with spaces
    ("${${NAME}}", "${" + P1_VAL + "}"),  # nested parameter-like syntax
    ("no-params", "no-params"),
    ("prefix-" + P3_REF, "prefix-" + P3_REF),  # not ${{KEY}} when not exact match
])
def test_substitute_string_parameter(text: str, expected: str) -> None:
    assert substitute_parameters(text, PARAMS) == (expected, True)


def test_should_substitute_non_string_parameter() -> None:
    assert substitute_parameters(P3_REF, PARAMS) == (P3_VAL, False)


@pytest.mark.parametrize(("text", "params", "message"), [
    ("${UNKNOWN}", PARAMS, "found parameter 'UNKNOWN' but it was not defined"),
    (P1_REF, {}, "found parameter 'NAME' but it was not defined"),  # on empty map (and nil)
])
def test_substitute_unknown_parameter(text: str, params: dict, message: str) -> None:
    with pytest.raises(SubstitutionError) as error:
        substitute_parameters(text, params)
    assert str(error.value) == message


def test_should_handle_params_map_when_empty() -> None:
    assert substitute_parameters("", {}) == ("", True)


def _unstructured_vm() -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": P1_REF},
            "spec": {"instancetype": {"name": P2_REF},
                     "template": {"spec": {"domain": {"cpu": {P4_REF: P3_REF, "isolateEmulatorThread": P5_REF}}}}}}


def test_should_substitute_parameters_in_unstructured_vm_object() -> None:
    template_vm = _unstructured_vm()
    obj = substitute_all_parameters(template_vm, PARAMS)
    assert template_vm == _unstructured_vm()
    assert obj["metadata"]["name"] == P1_VAL
    assert obj["spec"]["instancetype"]["name"] == P2_VAL
    assert obj["spec"]["template"]["spec"]["domain"]["cpu"] == {P4_VAL: 5, "isolateEmulatorThread": True}


@pytest.mark.parametrize(("text", "names"), [
    (P1_REF, [P1]), (P3_REF, [P3]), (P1_REF + "-" + P2_REF, [P1, P2]), (P1_REF + "-" + P1_REF, [P1]),
    ("no-params-here", []), ("", []),
])
def test_collect_referenced_parameters(text: str, names: list[str]) -> None:
    assert list(collect_referenced_parameters(text)) == names


def test_should_collect_parameters_from_unstructured_object() -> None:
    obj = {"metadata": {"name": P1_REF}, "spec": {"preference": {"name": P2_REF}}}
    assert list(collect_all_referenced_parameters(obj)) == [P1, P2]


def test_should_collect_both_string_and_non_string_parameters() -> None:
    assert sorted(collect_all_referenced_parameters(_unstructured_vm())) == sorted([P1, P2, P3, P4, P5])


def test_should_handle_object_with_no_parameters() -> None:
    assert collect_all_referenced_parameters({"metadata": {"name": "static-name"}}) == {}
