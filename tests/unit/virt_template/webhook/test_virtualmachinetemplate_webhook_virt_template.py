"""virt-template's own Go test cases of ``internal/webhook/v1beta1/virtualmachinetemplate_webhook_test.go``
(v0.2.2; v1alpha1's are the same cases), the unit cases ported with the exact answer (the update
entries validate the new object as create does). Left out: the envtest integration cases (a
running API server; their answers are the unit cases')."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.util.webhooks import STAGE_VIRT_TEMPLATE_WEBHOOK, Admission
from krmfn.virt_template.release import WEBHOOK_V0_1_8, WEBHOOK_V0_2_2, EngineBuild
from krmfn.virt_template.webhook.virtualmachinetemplate_webhook import validate_create

VALID_VM_WITH_PARAM = {"metadata": {"name": "${NAME}"}}
VALID_VM_WITH_PARAMS = {"metadata": {"name": "${NAME}"}, "spec": {"preference": {"name": "${PREFERENCE}"}}}
INVALID_VM_WITHOUT_PARAM = {"metadata": {"something": "something"}}
INVALID_VM_WITH_PARAM = {"metadata": {"something": "${NAME}"}}


def template(params: list[dict] | None, vm: dict) -> dict:
    spec: dict = {"virtualMachine": vm}
    if params is not None:
        spec["parameters"] = params
    return {"apiVersion": "template.kubevirt.io/v1beta1", "kind": "VirtualMachineTemplate",
            "metadata": {"name": "test-template", "namespace": "default"}, "spec": spec}


def answer(verdict: Admission) -> tuple[bool, str, list[str]]:
    if not verdict.allowed:
        assert verdict.stage == STAGE_VIRT_TEMPLATE_WEBHOOK and [c.field for c in verdict.causes] == [""]
    return verdict.allowed, verdict.message, [str(w) for w in verdict.warnings]


BUILDS = pytest.mark.parametrize("build", [WEBHOOK_V0_2_2, WEBHOOK_V0_1_8], ids=["v0.2.2", "v0.1.8"])


@BUILDS
def test_should_accept_a_template_with_all_parameters_referenced(build: EngineBuild) -> None:
    tpl = template([{"name": "NAME"}, {"name": "PREFERENCE"}], VALID_VM_WITH_PARAMS)
    assert answer(validate_create(tpl, build)) == (True, "", [])


@BUILDS
def test_should_reject_a_template_with_undefined_parameter_reference(build: EngineBuild) -> None:
    tpl = template([{"name": "NAME"}], VALID_VM_WITH_PARAMS)
    assert answer(validate_create(tpl, build)) == (
        False, 'spec.virtualMachine: Invalid value: "PREFERENCE": references undefined parameter PREFERENCE', [])


@BUILDS
def test_should_warn_about_unused_parameter(build: EngineBuild) -> None:
    tpl = template([{"name": "NAME"}, {"name": "PREFERENCE"}], VALID_VM_WITH_PARAM)
    assert answer(validate_create(tpl, build)) == (
        True, "", ["spec.parameters[1].name: PREFERENCE is defined but never referenced"])


@BUILDS
def test_should_reject_and_warn_for_template_with_both_undefined_and_unused_parameters(build: EngineBuild) -> None:
    tpl = template([{"name": "NAME"}, {"name": "COUNT"}], VALID_VM_WITH_PARAMS)
    assert answer(validate_create(tpl, build)) == (
        False, 'spec.virtualMachine: Invalid value: "PREFERENCE": references undefined parameter PREFERENCE',
        ["spec.parameters[1].name: COUNT is defined but never referenced"])


@pytest.mark.parametrize("params", [
    [{"name": "NAME", "required": True}],
    [{"name": "NAME", "required": True}, {"name": "PREFERENCE", "required": True}],
], ids=["single param", "multiple params"])
def test_should_skip_processing_validation_and_warn_when_required_parameter_has_no_value_or_generator(
        params: list[dict]) -> None:
    verdict = validate_create(template(params, INVALID_VM_WITH_PARAM))
    warnings = ['processing validation skipped: required parameter "NAME" has neither value nor generator']
    if len(params) == 2:
        warnings = ["spec.parameters[1].name: PREFERENCE is defined but never referenced", *warnings,
                    'processing validation skipped: required parameter "PREFERENCE" has neither value nor generator']
    assert answer(verdict) == (True, "", warnings)


UNKNOWN_SOMETHING = ": failed to convert unstructured object to VirtualMachine: strict decoding error: unknown field " \
                    '"metadata.something"'


@pytest.mark.parametrize(("vm", "params", "bad_value"), [
    (INVALID_VM_WITHOUT_PARAM, None, '{"metadata":{"something":"something"}}'),  # no params
    (INVALID_VM_WITH_PARAM, [{"name": "NAME", "required": True, "value": "test-vm"}],  # required param with value
     '{"metadata":{"something":"test-vm"}}'),
])
def test_should_reject_invalid_template_when_processing_validation_runs(
        vm: dict, params: list[dict] | None, bad_value: str) -> None:
    assert answer(validate_create(template(params, vm))) == (
        False, f"processing validation failed: spec.virtualMachine: Invalid value: {bad_value}{UNKNOWN_SOMETHING}", [])


def test_should_reject_invalid_template_when_processing_validation_runs_with_generator() -> None:
    params = [{"name": "NAME", "required": True, "generate": "expression", "from": "[a-z]{8}"}]
    allowed, message, warnings = answer(validate_create(template(params, INVALID_VM_WITH_PARAM)))
    assert (allowed, warnings) == (False, [])
    assert message.startswith('processing validation failed: spec.virtualMachine: Invalid value: {"metadata":'
                              '{"something":"') and message.endswith(UNKNOWN_SOMETHING)
