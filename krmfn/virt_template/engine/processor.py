"""Processing a VirtualMachineTemplate into a VirtualMachine.

Mirrors ``virt-template-engine/template/processor.go`` (virt-template v0.2.2; the same at v0.1.8
but for its API version) ``GetDefaultProcessor`` and ``processor.Process``: generate the
parameters' values (``generate: expression``), take the template's VM, remove a hardcoded
namespace, substitute every ``${KEY}``/``${{KEY}}`` (map keys too), decode the result into Go's
``VirtualMachine`` (strictly: unknown fields are errors), force its apiVersion and kind, and
substitute the template's message. The first problem is a field error, as Go's ``*field.Error``.

Generated values come from ``rng`` (``random.Random(seed)`` for krmfn's ``seed``), not from
``crypto/rand`` (``krmfn.virt_template.engine.generator.expressionvalue``).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from krmfn.kubevirt.apiserver.schema import Obj
from krmfn.kubevirt.apiserver.vm_schema import vm_schema
from krmfn.kubevirt.apimachinery.validation import FieldError, invalid
from krmfn.model.kubevirt_version import VERSIONS
from krmfn.model.record import record
from krmfn.virt_template.engine.converter import (
    ConversionError,
    ProcessingCopy,
    finished,
    from_unstructured,
    go_encoded_vm,
)
from krmfn.virt_template.engine.template import (
    REFERENCED,
    SubstitutionError,
    generate_parameter_values,
    get_virtual_machine_object,
    remember_references,
    remove_hardcoded_namespace,
    substitute_all_parameters,
    substitute_parameters,
)
from krmfn.virt_template.release import WEBHOOK_V0_2_2, EngineBuild, bad_parameters, bad_string, bad_unstructured
from krmfn.virt_template.types import Parameter, message_of, parameters_of, spec_of


@record(frozen=True)
class Processed:
    """What ``Process`` returns: the VirtualMachine (as Go's encoding writes it) and the message."""

    vm: dict
    message: str


def _schema_for(build: EngineBuild) -> Obj:
    """The Go ``VirtualMachine`` type of the ``kubevirt.io/api`` the build links."""
    by_minor = {version.minor: version for version in VERSIONS.values()}
    return vm_schema(by_minor[build.api_minor])


def process(template: dict, rng: random.Random, build: EngineBuild = WEBHOOK_V0_2_2) -> Processed | FieldError:
    """``processor.Process`` of a VirtualMachineTemplate (v1alpha1 or v1beta1: the same spec)."""
    spec = spec_of(template)
    parameters = parameters_once(spec)
    params = generate_parameter_values(parameters, rng)
    if isinstance(params, FieldError):
        return params
    vm = get_virtual_machine_object(spec, build)
    if isinstance(vm, FieldError):
        return vm
    referenced: dict[str, None] = {}
    schema = _schema_for(build)
    walk = ProcessingCopy(schema)  # substitutes, judges the decoding and encodes in one walk
    try:
        source = remove_hardcoded_namespace(vm)
        walked = substitute_all_parameters(source, params, referenced, walk)
    except SubstitutionError as error:
        return invalid("spec.parameters", bad_parameters(build, parameters), f"error processing template: {error}")
    if source is vm:  # else the namespace removed may name one (a whole "${{NS}}" is removed)
        remember_references(vm, referenced)
    encoded = (finished(walked) if walk.decodes else None) or _decoded_copy(source, params, schema, walk.decodes, build)
    if isinstance(encoded, FieldError):
        return encoded
    message = message_of(spec)
    try:
        message, _ = substitute_parameters(message, params)
    except SubstitutionError as error:
        return invalid("spec.message", bad_string(message), f"error processing message: {error}")
    return Processed(encoded, message)


def _decoded_copy(source: dict, params: dict[str, Parameter], schema: Obj, decodes: bool,
                  build: EngineBuild) -> dict | FieldError:
    """What processing makes of ``source`` when the walk could not tell (rare: a value that does not
    decode, a renamed key, a struct ``go_encoded_vm`` adds): substituted into a private copy
    (substitution succeeded once: it does again), decoded exactly (``decodes``: judged to decode),
    and Go-encoded in place."""
    obj = substitute_all_parameters(source, params)
    try:
        from_unstructured(obj, schema, decodes)
    except ConversionError as error:
        return invalid("spec.virtualMachine", bad_unstructured(build, obj),
                       f"failed to convert unstructured object to VirtualMachine: {error}")
    return go_encoded_vm(obj)


@lru_cache(maxsize=16)
def _seed_state(seed: int) -> tuple:
    return random.Random(seed).getstate()


def seeded_random(seed: int) -> random.Random:
    """``random.Random(seed)``, made from the seeded state kept for the seed (seeding costs more
    than copying the state, and validate seeds one per template)."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(_seed_state(seed))
    return rng


# Within ``processing_once``: each template spec's result per (seed, build), so that validate's VM
# of a template and virt-template's webhook share one processing (the spec, kept alive, is checked
# by identity: the API server's stored copy of an object shares its spec).
_PROCESSED: ContextVar[dict[tuple[int, int, str], tuple[dict, Processed | FieldError]] | None] = ContextVar(
    "processed", default=None)


# Within ``processing_once``: each template spec's parameters as read (by the spec's identity).
_PARAMETERS: ContextVar[dict[int, tuple[dict, list[Parameter] | None]] | None] = ContextVar("parameters",
                                                                                         default=None)


@contextmanager
def processing_once() -> Iterator[None]:
    """Within the block, ``process_seeded`` processes each template spec once per seed and build,
    the spec's parameters are read once (``parameters_once``), and the reference check of a
    template VM processed reads the names processing found (``collect_all_referenced_parameters``);
    results are shared: read them, never change them."""
    token, referenced, parameters = _PROCESSED.set({}), REFERENCED.set({}), _PARAMETERS.set({})
    try:
        yield
    finally:
        _PROCESSED.reset(token)
        REFERENCED.reset(referenced)
        _PARAMETERS.reset(parameters)


def parameters_once(spec: dict) -> list[Parameter] | None:
    """``parameters_of(spec)``, read once per spec within ``processing_once`` (processing and the
    webhook's checks read the same)."""
    memo = _PARAMETERS.get()
    if memo is None:
        return parameters_of(spec)
    seen = memo.get(id(spec))
    if seen is not None and seen[0] is spec:
        return seen[1]
    parameters = parameters_of(spec)
    memo[id(spec)] = (spec, parameters)
    return parameters


def process_seeded(template: dict, seed: int, build: EngineBuild = WEBHOOK_V0_2_2) -> Processed | FieldError:
    """``process`` with ``random.Random(seed)``, once per spec within ``processing_once``."""
    memo = _PROCESSED.get()
    spec = spec_of(template)
    key = (id(spec), seed, build.name)
    if memo is not None and key in memo and memo[key][0] is spec:
        return memo[key][1]
    result = process(template, seeded_random(seed), build)
    if memo is not None:
        memo[key] = (spec, result)
    return result
