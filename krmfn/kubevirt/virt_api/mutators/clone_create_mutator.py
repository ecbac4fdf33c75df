"""The VirtualMachineClone mutating webhook on a CREATE (``virtualmachineclones-mutator.kubevirt.io``).

Mirrors ``pkg/virt-api/webhooks/mutating-webhook/mutators/clone-create-mutator.go`` (d923fdb8, the
same in v1.8.4 and v1.7.4): ``CloneCreateMutator.Mutate`` (``mutate_clone``), ``mutateClone``,
``generateTargetName``, ``generateDefaultTarget`` and ``hasTargetChanged``.

``Mutate`` first runs ``ValidateSchema`` on the request's object (the chain's
``mutating-webhook/openapi-schema`` stage: ``spec`` is required), decodes it into the Go type, then
fills in the target:

* no ``spec.target``: ``{apiGroup: kubevirt.io, kind: VirtualMachine, name: clone-<source>-<suffix>}``;
* a target with an empty (or missing) ``name``: that name, the rest of the target kept.

Only then does it answer with a patch replacing ``/spec`` with the Go encoding of the spec
(``go_encoded_spec``); a clone whose target is complete is left untouched. The Go encoding writes
the source's and target's ``kind`` and ``name`` even when empty (no ``omitempty``) and an
``apiGroup: null`` the API server prunes, always writes ``template`` (a struct), and leaves out
empty filter lists, an empty ``newMacAddresses`` map and empty ``patches``.

The webhook's ``ValidateSchema`` looks the spec's definition up as ``v1.VirtualMachineCloneSpec``,
which does not exist (the clone API's definitions are ``v1beta1.*``): it checks no more than that
``spec`` is there (``krmfn.kubevirt.util.validate_schema.spec_required_error``), so a value of the
wrong JSON type first meets the Go decoding (golden ``clone/r7001-0077``: ``labelFilters: app``). A
clone without ``spec.source`` whose target has no name makes ``generateDefaultTarget`` or
``mutateClone`` read ``Source.Name`` through a nil pointer: the handler panics and the clone is not
admitted (the webhook's ``Fail`` policy); krmfn answers with its own cause for that
(``NO_SOURCE_PANIC``, reason ``KUBEVIRT_CRASH``, reported by the ``kubevirt-crash`` check).

``suffix`` is ``rand.String(5)`` in KubeVirt; krmfn derives one of the same alphabet and length from
the clone's namespace and name (``target_suffix``), so a run is reproducible.
"""
from __future__ import annotations

import copy
import hashlib

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.model import kinds
from krmfn.model.record import record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

TARGET_NAME_FMT = "clone-{source}-{suffix}"
# ``&vmCloneOrig`` is a **VirtualMachineClone: the pointer type names the root of a decoding error.
GO_DECODE_ROOT = ""
# krmfn's cause (reason KUBEVIRT_CRASH): the webhook reads Spec.Source.Name through a nil pointer.
NO_SOURCE_PANIC = ("a clone without spec.source cannot get a target name (KubeVirt's mutating webhook panics: "
                   "nil pointer dereference)")
# k8s.io/apimachinery/pkg/util/rand: the alphabet of rand.String (no vowels, no confusable digits).
RAND_ALPHABET = "bcdfghjklmnpqrstvwxz2456789"
RANDOM_SUFFIX_LENGTH = 5


@record(frozen=True)
class CloneMutation:
    """The mutated clone (a copy; the object itself when nothing changed), or the error, the field
    it is about (``located``) and whether it is krmfn's word for a panic of the webhook (``crash``)."""

    clone: dict | None
    error: str | None = None
    located: str = ""
    crash: bool = False


def target_suffix(namespace: str, name: str) -> str:
    """krmfn's stand-in for ``rand.String(5)``: derived from the clone's namespace and name."""
    digest = hashlib.sha256(f"krmfn/clone-target/{namespace}/{name}".encode()).digest()
    return "".join(RAND_ALPHABET[byte % len(RAND_ALPHABET)] for byte in digest[:RANDOM_SUFFIX_LENGTH])


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def generate_target_name(source_name: str, suffix: str) -> str:
    """``generateTargetName``."""
    return TARGET_NAME_FMT.format(source=source_name, suffix=suffix)


def generate_default_target(spec: dict, suffix: str) -> dict:
    """``generateDefaultTarget``: a VirtualMachine named after the source."""
    return {"apiGroup": kinds.KUBEVIRT_GROUP, "kind": kinds.VIRTUAL_MACHINE,
            "name": generate_target_name(_str(_dict(spec.get("source")).get("name")), suffix)}


def mutated_target(spec: dict, suffix: str) -> dict | None:
    """``mutateClone``: the new target, or None when the target is left as it is
    (``hasTargetChanged`` false: only a missing target or an empty name changes it)."""
    target = spec.get("target")
    if not isinstance(target, dict):
        return generate_default_target(spec, suffix)
    if _str(target.get("name")) == "":
        return {**target, "name": generate_target_name(_str(_dict(spec.get("source")).get("name")), suffix)}
    return None


def _encoded_reference(reference: dict) -> dict:
    """A ``TypedLocalObjectReference`` as Go writes it, after the API server prunes the null apiGroup."""
    encoded: dict[str, Any] = {}
    if reference.get("apiGroup") is not None:
        encoded["apiGroup"] = reference["apiGroup"]
    encoded["kind"] = _str(reference.get("kind"))
    encoded["name"] = _str(reference.get("name"))
    return encoded


def _encoded_filters(filters: dict) -> dict:
    return {key: filters[key] for key in ("annotationFilters", "labelFilters") if filters.get(key)}


def go_encoded_spec(spec: dict) -> dict:
    """``VirtualMachineCloneSpec`` as the patch writes it (see the module docstring)."""
    encoded: dict[str, Any] = {"source": _encoded_reference(_dict(spec.get("source")))}
    if isinstance(spec.get("target"), dict):
        encoded["target"] = _encoded_reference(spec["target"])
    encoded.update(_encoded_filters(spec))
    encoded["template"] = _encoded_filters(_dict(spec.get("template")))
    for key in ("newMacAddresses", "patches"):
        if spec.get(key):
            encoded[key] = spec[key]
    for key in ("newSMBiosSerial", "volumeNamePolicy"):
        if spec.get(key) is not None:
            encoded[key] = spec[key]
    return encoded


def mutate_clone(clone: dict, schema: schemas.Obj, suffix: str) -> CloneMutation:
    """``Mutate`` after its schema gate: the clone with its target filled in. ``schema`` is the
    clone's schema (for the Go decoding: ``json.Unmarshal(raw, &vmCloneOrig)`` of a
    ``*VirtualMachineClone``, so the error's root type has no name, ``.spec.labelFilters``)."""
    failure = schemas.go_decode_failure(clone, schema, GO_DECODE_ROOT)
    if failure is not None:
        return CloneMutation(None, failure[0], failure[1])
    spec = _dict(clone.get("spec"))
    if spec.get("source") is None and not _str(_dict(spec.get("target")).get("name")):
        return CloneMutation(None, NO_SOURCE_PANIC, "spec.source", crash=True)
    target = mutated_target(spec, suffix)
    if target is None:
        return CloneMutation(clone)
    mutated = copy.deepcopy(clone)
    mutated["spec"] = go_encoded_spec({**spec, "target": target})
    return CloneMutation(mutated)
