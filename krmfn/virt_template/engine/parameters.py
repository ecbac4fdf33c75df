"""Merging given values into a template's parameters, and checking its parameter references.

Mirrors ``virt-template-engine/template/parameters.go`` (virt-template v0.2.2, the same at
v0.1.8): ``MergeParameters`` and ``ValidateParameterReferences``, with their messages.

Go collects names in maps and reports in map order (random); here warnings follow the parameters'
order and errors the order references are met in (the VM's strings, then the message).
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery.validation import FieldError, invalid
from krmfn.model.record import field, record
from krmfn.virt_template.engine.template import (
    collect_all_referenced_parameters,
    collect_referenced_parameters,
    get_virtual_machine_object,
)
from krmfn.virt_template.release import WEBHOOK_V0_2_2, EngineBuild, bad_string
from krmfn.virt_template.types import Parameter, message_of, parameters_of, spec_of


class MergeError(Exception):
    """``MergeParameters``' error (its text is Go's)."""


def merge_parameters(parameters: list[Parameter] | None, values: dict[str, str]) -> list[Parameter]:
    """``MergeParameters``: each given value set on the parameter of that name. Raises
    ``MergeError`` ("parameter X not found in template") for a name the template lacks; Go checks
    the given names in map order, here in the order given."""
    merged = list(parameters or ())
    for name, value in values.items():
        for index, parameter in enumerate(merged):
            if parameter.name == name:
                merged[index] = parameter.with_value(value)
                break
        else:
            raise MergeError(f"parameter {name} not found in template")
    return merged


@record
class ReferenceCheck:
    """What ``ValidateParameterReferences`` returns: warnings and a field.ErrorList."""

    warnings: list[str] = field(default_factory=list)
    errors: list[FieldError] = field(default_factory=list)
    # The field each warning is about (``spec.parameters[i].name``).
    warning_paths: list[str] = field(default_factory=list)


def validate_parameter_references(template: dict, build: EngineBuild = WEBHOOK_V0_2_2,
                                  parameters: list[Parameter] | None = None) -> ReferenceCheck:
    """``ValidateParameterReferences``: a warning per parameter never referenced
    (``spec.parameters[i].name: NAME is defined but never referenced``, ``i`` the last parameter
    of that name), an error per reference to an undefined parameter. ``parameters``: the
    template's, when the caller has read them (``parameters_of``)."""
    spec = spec_of(template)
    obj = get_virtual_machine_object(spec, build)
    if isinstance(obj, FieldError):
        return ReferenceCheck(errors=[obj])
    referenced = collect_all_referenced_parameters(obj)
    referenced.update(collect_referenced_parameters(message_of(spec)))
    defined: dict[str, int] = {}
    for index, parameter in enumerate((parameters_of(spec) if parameters is None else parameters) or ()):
        defined.pop(parameter.name, None)
        defined[parameter.name] = index
    check = ReferenceCheck()
    for name, index in sorted(defined.items(), key=lambda item: item[1]):
        if name not in referenced:
            path = f"spec.parameters[{index}].name"
            check.warnings.append(f"{path}: {name} is defined but never referenced")
            check.warning_paths.append(path)
    for name in referenced:
        if name not in defined:
            check.errors.append(invalid("spec.virtualMachine", bad_string(name),
                                        f"references undefined parameter {name}"))
    return check


def to_aggregate_message(errors: list[FieldError]) -> str:
    """``ErrorList.ToAggregate().Error()``: duplicates dropped; one error as is, several as
    ``[e1, e2]``."""
    messages = list(dict.fromkeys(error.error() for error in errors))
    return messages[0] if len(messages) == 1 else "[" + ", ".join(messages) + "]"
