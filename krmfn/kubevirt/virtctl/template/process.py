"""``virtctl template process --local`` (and ``--file``) on plain data: a VirtualMachineTemplate
rendered offline with the engine virtctl vendors.

Mirrors ``pkg/virtctl/template/process/process.go`` of KubeVirt v1.9.0 (the same at v1.8.4 but for
the template API version): ``processLocal`` (``MergeParameters`` of the ``-p NAME=VALUE`` values or
the ``--params-file`` map, ``ValidateParameterReferences`` whose warnings virtctl prints to stderr
as ``Warning: <text>``, ``Process``), ``readParamFile`` (a map of strings) and
``printTemplateParams`` (``--print-params``), with virtctl's error texts:

* ``error merging template parameters: parameter X not found in template``;
* ``error validating template parameters: <field.ErrorList aggregate>``;
* ``error processing VirtualMachineTemplate locally: <field error>``;
* ``error reading params file: json: cannot unmarshal ...``.

virtctl prints the VirtualMachine alone (no List), as YAML (``sigs.k8s.io/yaml``: keys sorted) or
JSON (``json.MarshalIndent`` with a one-space indent, Go's field order), and the processed message,
if any, to stderr before it. The template file is decoded into ``v1beta1.VirtualMachineTemplate``
without a check of its kind or apiVersion (a v1alpha1 template reads the same); its Go type errors
(``error decoding VirtualMachineTemplate: ...``) are left to the reader of the file.
"""
from __future__ import annotations

import random
from collections.abc import Mapping

from krmfn.kubevirt.apimachinery.validation import FieldError
from krmfn.model.record import field, record
from krmfn.virt_template.engine.parameters import (
    MergeError,
    merge_parameters,
    to_aggregate_message,
    validate_parameter_references,
)
from krmfn.virt_template.engine.processor import process
from krmfn.virt_template.release import VIRTCTL_V1_9, EngineBuild
from krmfn.virt_template.types import parameters_of, spec_of

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


class ProcessError(Exception):
    """virtctl's error (``str`` is its text, as virtctl prints it after ``Error: ``), with the
    warnings printed before it."""

    def __init__(self, message: str, warnings: list[str] | None = None) -> None:
        super().__init__(message)
        self.warnings = warnings or []


@record
class LocalProcessed:
    """What ``--local`` prints: ``vm`` (stdout), ``message`` (stderr, when not empty) and
    ``warnings`` (stderr, each as ``Warning: <text>``)."""

    vm: dict
    message: str
    warnings: list[str] = field(default_factory=list)


def with_parameters(template: dict, values: Mapping[str, str] | None) -> dict:
    """The template with ``values`` merged into ``spec.parameters`` (``MergeParameters``), a copy.
    Raises ``ProcessError``."""
    spec = spec_of(template)
    try:
        merged = merge_parameters(parameters_of(spec), dict(values or {}))
    except MergeError as error:
        raise ProcessError(f"error merging template parameters: {error}") from None
    if not merged and spec.get("parameters") is None:
        return template
    out = dict(template)
    out["spec"] = {**spec, "parameters": [parameter.to_plain() for parameter in merged]}
    return out


def process_local(template: dict, values: Mapping[str, str] | None, rng: random.Random,
                  build: EngineBuild = VIRTCTL_V1_9) -> LocalProcessed:
    """``processLocal``: ``template`` (either API version) with ``values`` (``-p`` or the params
    file), generated values drawn from ``rng``. Raises ``ProcessError``."""
    merged = with_parameters(template, values)
    check = validate_parameter_references(merged, build)
    if check.errors:
        raise ProcessError(f"error validating template parameters: {to_aggregate_message(check.errors)}",
                           check.warnings)
    processed = process(merged, rng, build)
    if isinstance(processed, FieldError):
        raise ProcessError(f"error processing VirtualMachineTemplate locally: {processed.error()}", check.warnings)
    return LocalProcessed(processed.vm, processed.message, check.warnings)


_JSON_KINDS = {bool: "bool", int: "number", float: "number", list: "array", dict: "object"}


def params_from_file(content: Any) -> dict[str, str]:
    """``readParamFile``: the params file's document (parsed YAML or JSON) as ``map[string]string``.
    Raises ``ProcessError`` as Go's decoder fails: a document that is no map, a value that is no
    string (``null`` leaves the map empty, a null value is an empty string)."""
    if content is None:
        return {}
    if not isinstance(content, dict):
        kind = "string" if isinstance(content, str) else _JSON_KINDS.get(type(content), "value")
        raise ProcessError("error reading params file: json: cannot unmarshal "
                           f"{kind} into Go value of type map[string]string")
    values: dict[str, str] = {}
    for key, value in content.items():
        if value is not None and not isinstance(value, str):
            kind = _JSON_KINDS.get(type(value), "value")
            raise ProcessError(f"error reading params file: json: cannot unmarshal {kind} into Go value of type string")
        values[str(key)] = value or ""
    return values


def print_params(template: dict) -> list[dict] | None:
    """``--print-params``: the template's ``spec.parameters`` as virtctl prints them (Go's
    ``[]Parameter``: ``null`` when there are none)."""
    parameters = parameters_of(spec_of(template))
    return None if parameters is None else [parameter.to_plain() for parameter in parameters]
