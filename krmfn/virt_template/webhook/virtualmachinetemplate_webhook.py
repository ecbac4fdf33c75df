"""virt-template's VirtualMachineTemplate validating webhook (``vvirtualmachinetemplate-v1beta1.kb.io``
and ``-v1alpha1``), on CREATE (UPDATE validates the new object the same way).

Mirrors ``internal/webhook/v1beta1/virtualmachinetemplate_webhook.go`` of virt-template v0.2.2
(``ValidateCreate``, ``ValidateTemplate``, ``ValidateProcessing``; the v1alpha1 webhook converts the
template to v1beta1 through JSON, the same fields, and calls the same functions) and of v0.1.8
(the same checks, in ``ValidateCreate`` and ``validateProcessing``):

1. ``ValidateParameterReferences``: a parameter never referenced is a warning; a reference to an
   undefined parameter is an error, and the errors (``ErrorList.ToAggregate``) deny the request;
2. else, when some required parameter has neither value nor generator, a warning per such
   parameter (``processing validation skipped: required parameter "NAME" has neither value nor
   generator``) and no processing;
3. else the template is processed (``Process``) and its error denies: ``processing validation
   failed: <field error>``.

controller-runtime's ``validatorForType.Handle`` answers ``Denied(err.Error())`` with the warnings
(the error is no API status): one cause with the message and no field, at stage
``validating-webhook/virt-template``.
"""
from __future__ import annotations

import random

from krmfn.kubevirt.apimachinery.validation import FieldError
from krmfn.kubevirt.util.webhooks import (
    REASON_PROCESSING_SKIPPED,
    REASON_UNREFERENCED_PARAMETER,
    STAGE_VIRT_TEMPLATE_WEBHOOK,
    Admission,
    AdmissionWarning,
    allow,
    go_quote,
    reject_message,
)
from krmfn.model.record import field, record
from krmfn.virt_template.engine.parameters import to_aggregate_message, validate_parameter_references
from krmfn.virt_template.engine.processor import parameters_once, process, process_seeded
from krmfn.virt_template.release import WEBHOOK_V0_2_2, EngineBuild
from krmfn.virt_template.types import Parameter, parameters_of, spec_of


# The seed of the generated values processing validation draws (and discards) by default; validate's
# VM of a template is processed from the same (krmfn.modes.validate.templates).
FIXED_SEED = 0


@record
class Validation:
    """``(admission.Warnings, error)``: ``error`` is ``err.Error()``, or None."""

    warnings: list[AdmissionWarning] = field(default_factory=list)
    error: str | None = None
    located: str = ""  # the field the error is about, as deep as krmfn can tell (for the report's line)


def validate_template(template: dict, rng: random.Random | None,
                      build: EngineBuild = WEBHOOK_V0_2_2) -> Validation:
    """``ValidateTemplate``; ``rng`` None: generated values from a fixed seed (``process_seeded``)."""
    parameters = parameters_once(spec_of(template))
    check = validate_parameter_references(template, build, parameters)
    warnings = [AdmissionWarning(text, REASON_UNREFERENCED_PARAMETER, path)
                for text, path in zip(check.warnings, check.warning_paths, strict=True)]
    if check.errors:
        first = check.errors[0]
        return Validation(warnings, to_aggregate_message(check.errors),
                          _reference_path(template, first.field, first.value) or first.field)
    processing = validate_processing(template, rng, build, parameters)
    return Validation(warnings + processing.warnings, processing.error)


def validate_processing(template: dict, rng: random.Random | None, build: EngineBuild = WEBHOOK_V0_2_2,
                        parameters: list[Parameter] | None = None) -> Validation:
    """``ValidateProcessing``; ``rng`` as for ``validate_template``; ``parameters`` the template's,
    when the caller has read them."""
    if parameters is None:
        parameters = parameters_of(spec_of(template))
    warnings = [
        AdmissionWarning(f"processing validation skipped: required parameter {go_quote(parameter.name)} has neither "
                         "value nor generator", REASON_PROCESSING_SKIPPED, f"spec.parameters[{index}]")
        for index, parameter in enumerate(parameters or ())
        if parameter.required and parameter.value == "" and parameter.generate == ""]
    if warnings:
        return Validation(warnings)
    processed = process(template, rng, build) if rng is not None else process_seeded(template, FIXED_SEED, build)
    if isinstance(processed, FieldError):
        return Validation(error=f"processing validation failed: {processed.error()}", located=processed.field)
    return Validation()


def validate_create(template: dict, build: EngineBuild = WEBHOOK_V0_2_2,
                    rng: random.Random | None = None) -> Admission:
    """The webhook's answer to a CREATE of ``template`` (either API version): allowed with its
    warnings, or denied with ``err.Error()`` as the message. ``rng`` draws the generated values
    processing validation uses (and discards); by default a fixed seed."""
    validation = validate_template(template, rng, build)
    if validation.error is None:
        return allow(validation.warnings)
    return reject_message(STAGE_VIRT_TEMPLATE_WEBHOOK, validation.error, validation.warnings,
                          located=validation.located)


def _reference_path(template: dict, within: str, quoted: str | None) -> str | None:
    """The first string under ``within`` (``spec.virtualMachine``, ``spec.message``) that
    references the parameter an undefined-reference error names (its bad value, quoted), as a
    field path: the line to fix, where the error names only the whole VM."""
    if not quoted or not quoted.startswith('"') or not within.startswith("spec."):
        return None
    name = quoted[1:-1]
    node: object = spec_of(template)
    for key in within.split(".")[1:]:
        node = node.get(key) if isinstance(node, dict) else None
    return _find(node, within, ("${" + name + "}", "${{" + name + "}}"))


def _find(node: object, path: str, needles: tuple[str, ...]) -> str | None:
    if isinstance(node, str):
        return path if any(needle in node for needle in needles) else None
    if isinstance(node, dict):
        for key, value in node.items():
            found = _find(value, f"{path}.{key}", needles)
            if found is not None:
                return found
    if isinstance(node, list):
        for index, value in enumerate(node):
            found = _find(value, f"{path}[{index}]", needles)
            if found is not None:
                return found
    return None
