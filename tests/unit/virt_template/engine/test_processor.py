"""krmfn's cases of processing beyond virt-template's own: the typed decoding's errors, the
message's, the bad values of v0.1.8 (apimachinery v0.33, ``%#v``) and v0.2.2 (``json.Marshal``)."""
from __future__ import annotations

import random

import pytest

from krmfn.kubevirt.apimachinery.validation import FieldError
from krmfn.virt_template.engine.processor import Processed, process
from krmfn.virt_template.release import WEBHOOK_V0_1_8, WEBHOOK_V0_2_2, EngineBuild


def error_of(spec: dict, build: EngineBuild = WEBHOOK_V0_2_2) -> str:
    result = process({"spec": spec}, random.Random(1), build)
    assert isinstance(result, FieldError), result
    return result.error()


CONVERT = "failed to convert unstructured object to VirtualMachine: "


@pytest.mark.parametrize(("value", "detail"), [
    ("2.5", "cannot convert float64 to uint32"),
    ('"two"', "unrecognized type: uint32"),
    ("true", "unrecognized type: uint32"),
])
def test_a_substituted_value_of_the_wrong_type(value: str, detail: str) -> None:
    spec = {"parameters": [{"name": "CORES", "value": value}],
            "virtualMachine": {"spec": {"template": {"spec": {"domain": {"cpu": {"cores": "${{CORES}}"}}}}}}}
    assert error_of(spec).endswith(CONVERT + detail)


def test_a_string_where_go_has_a_struct() -> None:
    spec = {"virtualMachine": {"spec": {"template": "x"}}}
    assert error_of(spec) == (
        'spec.virtualMachine: Invalid value: {"spec":{"template":"x"}}: ' + CONVERT
        + "cannot restore struct from: string")


def test_unknown_fields_are_sorted() -> None:
    spec = {"virtualMachine": {"spec": {"zz": 1, "aa": 2}, "metadata": {"something": "x"}}}
    assert error_of(spec).endswith(
        'strict decoding error: unknown field "metadata.something", unknown field "spec.aa", unknown field "spec.zz"')


def test_an_undefined_parameter_in_the_message() -> None:
    assert error_of({"virtualMachine": {}, "message": "see ${X}"}) == (
        "spec.message: Invalid value: \"see ${X}\": error processing message: found parameter 'X' but it was "
        "not defined")


def test_substitution_error_renders_the_parameters() -> None:
    spec = {"parameters": [{"name": "A", "value": "null", "required": True}],
            "virtualMachine": {"metadata": {"labels": {"x": "${{A}}", "y": "${B}"}}}}
    assert error_of(spec) == (
        'spec.parameters: Invalid value: [{"name":"A","value":"null","required":true}]: error processing template: '
        "cannot assign nil value to target type interface {}")
    assert error_of(spec, WEBHOOK_V0_1_8) == (
        'spec.parameters: Invalid value: []v1alpha1.Parameter{v1alpha1.Parameter{Name:"A", DisplayName:"", '
        'Description:"", Value:"null", Generate:"", From:"", Required:true}}: error processing template: '
        "cannot assign nil value to target type interface {}")


def test_v0_1_8_renders_the_vm_with_sharp_v() -> None:
    spec = {"virtualMachine": {"spec": {"somefield": [1.5, None, True]}}}
    assert error_of(spec, WEBHOOK_V0_1_8) == (
        'spec.virtualMachine: Invalid value: unstructured.Unstructured{Object:map[string]interface {}{"spec":'
        'map[string]interface {}{"somefield":[]interface {}{1.5, interface {}(nil), true}}}}: ' + CONVERT
        + 'strict decoding error: unknown field "spec.somefield"')
    assert error_of({}, WEBHOOK_V0_1_8) == (
        'spec.virtualMachine: Invalid value: "null": virtualMachine is required and cannot be empty')


def test_v0_2_2_decodes_into_kubevirt_api_v1_8() -> None:
    """virt-template v0.2.2 links kubevirt.io/api v1.8.0: a v1.9 field is unknown to it."""
    spec = {"virtualMachine": {"spec": {"template": {"spec": {"domain": {}, "serviceAccountName": "x"}}}}}
    assert error_of(spec).endswith('unknown field "spec.template.spec.serviceAccountName"')


def test_a_vm_that_is_no_object() -> None:
    assert error_of({"virtualMachine": [1, 2]}) == (
        'spec.virtualMachine.raw: Invalid value: "WzEsMl0=": error decoding virtualMachine: json: cannot unmarshal '
        "array into Go value of type map[string]interface {}")


def test_generated_values_follow_the_seed() -> None:
    spec = {"parameters": [{"name": "N", "generate": "expression", "from": "vm-[a-z]{6}"}],
            "virtualMachine": {"metadata": {"name": "${N}"}}}
    first = process({"spec": spec}, random.Random(9))
    assert isinstance(first, Processed) and first == process({"spec": spec}, random.Random(9))
    assert first.vm["metadata"]["name"].startswith("vm-") and len(first.vm["metadata"]["name"]) == 9


def test_references_processing_found_are_the_webhooks_even_when_the_namespace_is_removed() -> None:
    """A whole ``${{NS}}`` namespace is removed before substitution (Go: not a ``${KEY}``), yet it
    references NS: the reference check after processing must still see it."""
    from krmfn.virt_template.engine.parameters import validate_parameter_references  # noqa: PLC0415
    from krmfn.virt_template.engine.processor import process_seeded, processing_once  # noqa: PLC0415
    template = {"spec": {"parameters": [{"name": "NS", "value": "lab"}, {"name": "NAME", "value": "vm"}],
                         "virtualMachine": {"metadata": {"name": "${NAME}", "namespace": "${{NS}}"}}}}
    alone = validate_parameter_references(template)
    with processing_once():
        process_seeded(template, 0)
        after_processing = validate_parameter_references(template)
    assert alone.warnings == after_processing.warnings == []
