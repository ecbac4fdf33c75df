"""Parameter values, substitution and references of a VirtualMachineTemplate.

Mirrors ``virt-template-engine/template/template.go`` (virt-template v0.2.2, the same at v0.1.8):
``generateParameterValues``, ``getVirtualMachineObject`` and ``decode``,
``removeHardcodedNamespace``, ``substituteAllParameters``, ``substituteParameters``,
``collectAllReferencedParameters``, ``collectReferencedParameters``, with their field paths and
messages. Errors are ``FieldError`` values (``field.Error``: ``Error()`` is
``<path>: <type>[: <value>][: <detail>]``), their bad values rendered as the engine's build renders
them (``krmfn.virt_template.release``).

The VM arrives as decoded JSON (``RawExtension.Raw``, as the webhook and virtctl get it); a VM in
``RawExtension.Object`` (a typed Go object) is Go-only.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextvars import ContextVar

from krmfn.kubevirt.apimachinery.gojson import go_json
from krmfn.kubevirt.apimachinery.validation import FieldError, duplicate, invalid, required
from krmfn.model.lazy_re import LazyPattern
from krmfn.virt_template.engine.generator.expressionvalue import GeneratorError, generate_value
from krmfn.virt_template.engine.visit import StringTransformer, VisitError, go_dynamic_type, visited_copy
from krmfn.virt_template.release import EngineBuild, bad_raw, bad_string
from krmfn.virt_template.types import Parameter

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# ${KEY} anywhere in a string; ${{KEY}} as the whole string (Go's RE2 classes are ASCII).
STRING_PARAM_EXPR = LazyPattern(r"\$\{([a-zA-Z0-9_]+)\}")
NON_STRING_PARAM_EXPR = LazyPattern(r"^\$\{\{([a-zA-Z0-9_]+)\}\}\Z")

GENERATOR_EXPRESSION = "expression"
# GetDefaultProcessor's generators.
GENERATORS = (GENERATOR_EXPRESSION,)


class SubstitutionError(Exception):
    """An error of substitution (its text is Go's ``err.Error()``)."""


def _parameter_path(index: int, child: str) -> str:
    return f"spec.parameters[{index}].{child}"


def generate_parameter_values(parameters: list[Parameter] | None, rng: random.Random,
                              generators: tuple[str, ...] = GENERATORS) -> dict[str, Parameter] | FieldError:
    """``generateParameterValues``: each parameter by name, with a generated value where it has a
    generator and no value; the first problem as a field error (empty or duplicate name, unknown
    generator, generator without ``from``, a generator's error, a required parameter without
    value)."""
    visited: set[str] = set()
    params: dict[str, Parameter] = {}
    for index, param in enumerate(parameters or ()):
        if param.name == "":
            return invalid(_parameter_path(index, "name"), bad_string(param.name), "parameter name is empty")
        if param.name in visited:
            return duplicate(_parameter_path(index, "name"), bad_string(param.name))
        visited.add(param.name)
        new_param = param
        if param.value == "" and param.generate != "":
            if param.generate not in generators:
                return invalid(_parameter_path(index, "generate"), bad_string(param.generate),
                               f"unknown generator name '{param.generate}' for parameter '{param.name}'")
            if param.from_ == "":
                return invalid(_parameter_path(index, "from"), bad_string(param.from_),
                               f"from cannot be empty for parameter '{param.name}' using generator '{param.generate}'")
            try:
                new_param = param.with_value(generate_value(param.from_, rng))
            except GeneratorError as error:
                return invalid(_parameter_path(index, "from"), bad_string(param.from_), str(error))
        if new_param.value == "" and new_param.required:
            return required(_parameter_path(index, "value"),
                            f"parameter '{param.name}' is required and a value must be specified")
        params[new_param.name] = new_param
    return params


_JSON_KINDS = {"bool": "bool", "float64": "number", "string": "string", "[]interface {}": "array"}


def get_virtual_machine_object(spec: dict, build: EngineBuild) -> dict | FieldError:
    """``getVirtualMachineObject``: ``spec.virtualMachine`` as the processor works on it (Go's
    ``decode`` into ``map[string]interface{}``), or the field error: absent (a nil or empty
    RawExtension; ``null``, which leaves ``Raw`` empty) or no JSON object. It is the template's
    own object: read it, never change it (``substitute_all_parameters`` copies it)."""
    vm = spec.get("virtualMachine")
    if vm is None:
        # json.Marshal of a nil *RawExtension is null; v0.1.8's ErrorBody prints "null" (%q).
        bad = '"null"' if build.sharp_v_bad_values else "null"
        return invalid("spec.virtualMachine", bad, "virtualMachine is required and cannot be empty")
    if not isinstance(vm, dict):
        kind = _JSON_KINDS.get(go_dynamic_type(vm), "value")
        return invalid("spec.virtualMachine.raw", bad_raw(build, go_json(vm)),
                       f"error decoding virtualMachine: json: cannot unmarshal {kind} into Go value of type "
                       "map[string]interface {}")
    return vm


def remove_hardcoded_namespace(obj: dict) -> dict:
    """``removeHardcodedNamespace``: ``metadata.namespace`` removed unless empty or holding a
    ``${KEY}`` reference (``unstructured.GetNamespace`` reads a non-string as empty). ``obj`` is
    not changed: the answer is ``obj`` itself, or a copy of its top and metadata without the
    namespace."""
    metadata = obj.get("metadata")
    if not isinstance(metadata, dict):
        return obj
    namespace = metadata.get("namespace")
    if isinstance(namespace, str) and namespace != "" and not STRING_PARAM_EXPR.search(namespace):
        return {**obj, "metadata": {key: value for key, value in metadata.items() if key != "namespace"}}
    return obj


def substitute_all_parameters(obj: dict, params: dict[str, Parameter], referenced: dict[str, None] | None = None,
                              copy: Callable[[Any, StringTransformer, str], Any] = visited_copy) -> dict:
    """``substituteAllParameters``: the object with every string (map keys too) substituted, as a
    new copy (``obj`` is not changed). Raises ``SubstitutionError``. ``referenced`` gets the names
    substituted, in the order met: once it succeeds, what ``collect_all_referenced_parameters``
    answers for ``obj``. ``copy``: ``visited_copy``, or one that does more on the way
    (``krmfn.virt_template.engine.converter.ProcessingCopy``)."""
    try:
        return copy(obj, lambda text: substitute_parameters(text, params, referenced), "${")
    except VisitError as error:
        raise SubstitutionError(str(error)) from None


def substitute_parameters(text: str, params: dict[str, Parameter],
                          referenced: dict[str, None] | None = None) -> tuple[str, bool]:
    """``substituteParameters``: (result, as_string). A whole ``${{KEY}}`` is the value as a
    non-string (as_string False); otherwise every ``${KEY}`` is replaced. Raises
    ``SubstitutionError`` for a reference to an undefined parameter. ``referenced`` gets each
    name substituted."""
    if "${" not in text:  # no reference: most strings of a VM
        return text, True
    match = NON_STRING_PARAM_EXPR.search(text)
    if match:
        param = params.get(match.group(1))
        if param is None:
            raise SubstitutionError(f"found parameter '{match.group(1)}' but it was not defined")
        if referenced is not None:
            referenced[param.name] = None
        return param.value, False
    out = text
    for found in STRING_PARAM_EXPR.finditer(text):
        param = params.get(found.group(1))
        if param is None:
            raise SubstitutionError(f"found parameter '{found.group(1)}' but it was not defined")
        if referenced is not None:
            referenced[param.name] = None
        out = out.replace(found.group(0), param.value, 1)
    return out, True


# Within ``processing_once`` (krmfn.virt_template.engine.processor): the names each template VM
# references, as processing it found them (by the VM's identity, kept alive), so that the webhook's
# reference check of a VM that validate has processed does not walk it again.
REFERENCED: ContextVar[dict[int, tuple[dict, dict[str, None]]] | None] = ContextVar("referenced", default=None)


def remember_references(obj: dict, referenced: dict[str, None]) -> None:
    """What ``collect_all_referenced_parameters`` answers for ``obj``, within ``processing_once``."""
    memo = REFERENCED.get()
    if memo is not None:
        memo[id(obj)] = (obj, referenced)


def collect_all_referenced_parameters(obj: Any) -> dict[str, None]:
    """``collectAllReferencedParameters``: the names referenced by the object's strings (map keys
    too), in the order met (Go's is a set)."""
    memo = REFERENCED.get()
    if memo is not None and id(obj) in memo and memo[id(obj)][0] is obj:
        return dict(memo[id(obj)][1])
    try:
        # json.dumps writes every string (keys too) in the walk's order and escapes none of the
        # characters a ${KEY} is made of, nor joins two strings into one: without any ${{, its
        # ${KEY} matches are the strings' matches, found in C.
        text = json.dumps(obj)
    except (TypeError, ValueError):  # a value JSON has no form for: walked
        text = "${{"
    if "${{" not in text:
        return dict.fromkeys(STRING_PARAM_EXPR.findall(text))
    names: dict[str, None] = {}

    def collect(text: str) -> tuple[str, bool]:
        names.update(collect_referenced_parameters(text))
        return text, True

    _each_string(obj, collect)  # visitValue on a copy that nothing changes: the strings alone, read
    return names


def _each_string(value: Any, collect: Callable[[str], object]) -> None:
    """Every string of decoded JSON (map keys too) in ``visitValue``'s order."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                collect(key)
            if isinstance(item, str):
                collect(item)
            else:
                _each_string(item, collect)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                collect(item)
            else:
                _each_string(item, collect)


def collect_referenced_parameters(text: str) -> dict[str, None]:
    """``collectReferencedParameters``: the names of ``${{KEY}}`` (the whole string) and every
    ``${KEY}``."""
    names: dict[str, None] = {}
    if "${" not in text:
        return names
    match = NON_STRING_PARAM_EXPR.search(text)
    if match:
        names[match.group(1)] = None
    for found in STRING_PARAM_EXPR.finditer(text):
        names[found.group(1)] = None
    return names
