"""virt-template-engine's own Go test cases of ``template/processor_test.go`` (virt-template
v0.2.2), ported with the engine's exact field errors. Left out, Go-only: a typed
``virtv1.VirtualMachine`` or ``corev1.Pod`` in ``RawExtension.Object`` ("attempted to set String
field to non-string value '5'", "unable to convert into VirtualMachine: object is *v1.Pod"), and
bytes that are no JSON ("should return error for invalid raw VM data"); the typed VM entries are
run as the same VM in JSON."""
from __future__ import annotations

import random

import pytest

from krmfn.kubevirt.apimachinery.validation import FieldError
from krmfn.virt_template.engine.processor import Processed, process

PARAMS = [{"name": "NAME", "value": "test-vm"}, {"name": "PREFERENCE", "value": "fedora"},
          {"name": "COUNT", "value": "5"}, {"name": "CPU_TYPE", "value": "cores"},
          {"name": "ISOLATE_EMULATOR_THREAD", "value": "true"}]


def run(spec: dict) -> Processed | FieldError:
    return process({"spec": spec}, random.Random(1))


def error_of(spec: dict) -> str:
    result = run(spec)
    assert isinstance(result, FieldError), result
    return result.error()


def test_should_return_error_for_parameter_generation_failure() -> None:
    assert error_of({"parameters": [{"name": "NAME", "generate": "unknown"}], "virtualMachine": {}}) == (
        "spec.parameters[0].generate: Invalid value: \"unknown\": unknown generator name 'unknown' for "
        "parameter 'NAME'")


def test_should_return_error_when_trying_to_process_empty_virtual_machine() -> None:
    assert error_of({}) == "spec.virtualMachine: Invalid value: null: virtualMachine is required and cannot be empty"


def test_should_return_error_when_encountering_unknown_field() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "${NAME}"},
          "spec": {"somefield": {}}}
    assert error_of({"parameters": PARAMS[:1], "virtualMachine": vm}) == (
        'spec.virtualMachine: Invalid value: {"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine",'
        '"metadata":{"name":"test-vm"},"spec":{"somefield":{}}}: failed to convert unstructured object to '
        'VirtualMachine: strict decoding error: unknown field "spec.somefield"')


def test_should_process_template() -> None:
    cpu = {"${CPU_TYPE}": "${{COUNT}}", "isolateEmulatorThread": "${{ISOLATE_EMULATOR_THREAD}}"}
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "${NAME}"},
          "spec": {"preference": {"name": "${PREFERENCE}"}, "template": {"spec": {"domain": {"cpu": cpu}}}}}
    result = run({"parameters": PARAMS, "virtualMachine": vm})
    assert result == Processed({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "test-vm"},
        "spec": {"preference": {"name": "fedora"},
                 "template": {"metadata": {}, "spec": {"domain": {
                     "cpu": {"cores": 5, "isolateEmulatorThread": True}, "devices": {}, "resources": {}}}}},
        "status": {}}, "")


@pytest.mark.parametrize("vm", [
    {"apiVersion": "greatapi.io/v1alpha1", "kind": "SomethingSomething", "metadata": {"name": "${NAME}"}},
    {"metadata": {"name": "${NAME}"}},  # missing GVK
])
def test_should_process_template_and_force_correct_gvk(vm: dict) -> None:
    result = run({"parameters": PARAMS[:1], "virtualMachine": vm})
    assert result == Processed({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
                                "metadata": {"name": "test-vm"}, "spec": {"template": None}, "status": {}}, "")


def test_should_remove_hardcoded_namespace() -> None:
    result = run({"virtualMachine": {"metadata": {"name": "test-vm", "namespace": "default"}}})
    assert isinstance(result, Processed) and result.vm["metadata"] == {"name": "test-vm"}


def test_should_substitute_message_field() -> None:
    result = run({"parameters": PARAMS[:1], "message": "Created VM: ${NAME}",
                  "virtualMachine": {"metadata": {"name": "${NAME}"}}})
    assert isinstance(result, Processed) and result.message == "Created VM: test-vm"
