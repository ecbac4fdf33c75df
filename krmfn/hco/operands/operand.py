"""The JSON patch annotations of a HyperConverged: a user's RFC 6902 changes to an operand's spec.

Mirrors ``controllers/operands/operand.go`` ``ApplyPatchToSpec`` and ``applyAnnotationPatch``: when
the HyperConverged carries the annotation (``kubevirt.kubevirt.io/jsonpatch`` for the KubeVirt CR,
``containerizeddataimporter.kubevirt.io/jsonpatch``, ``networkaddonsconfigs.kubevirt.io/jsonpatch``,
``ssp.kubevirt.io/jsonpatch`` for the others), its text is decoded as a patch
(``krmfn.hco.jsonpatch.decode_patch``), every operation's ``path`` must start with ``/spec/``,
the patch is applied to the operand as Go marshals it, and the result is decoded back into the
operand's Go object. Any failure is ``invalid jsonPatch in the <annotation> annotation: <error>``.

Decoding back is ``json.Unmarshal`` into the object HCO already built, so it merges: a struct
field or map key the patch removed keeps its value (only lists are replaced), ``null`` clears a
field, fields the Go type does not have are dropped, and a value of the wrong JSON type is Go's
``json: cannot unmarshal <kind> into Go struct field <Struct>.<path> of type <type>``
(``decode_error``, from the operand's schema nodes; the first in document order).
"""
from __future__ import annotations

import copy

from krmfn.hco.jsonpatch import apply_patch, decode_patch
from krmfn.kubevirt.apimachinery.gozero import unmarshal_type_name
from krmfn.kubevirt.apiserver.schema import ListOf, MapOf, Node, Obj, Scalar, Unchecked

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

JSONPATCH_KV_ANNOTATION = "kubevirt.kubevirt.io/jsonpatch"
JSONPATCH_CDI_ANNOTATION = "containerizeddataimporter.kubevirt.io/jsonpatch"
JSONPATCH_CNAO_ANNOTATION = "networkaddonsconfigs.kubevirt.io/jsonpatch"
JSONPATCH_SSP_ANNOTATION = "ssp.kubevirt.io/jsonpatch"
SPEC_ONLY = "can only modify spec fields"
_QUANTITY_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
_SCALAR_TYPES = {"string": "string", "boolean": "bool", "number": "float64"}
_JSON_TYPES = {"string": str, "boolean": bool}


def annotation_of(hyperconverged: dict, name: str) -> str | None:
    """The annotation's text when the HyperConverged has it (an empty text counts)."""
    metadata = hyperconverged.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    value = annotations.get(name) if isinstance(annotations, dict) else None
    return value if isinstance(value, str) else None


def _failure(annotation: str, error: str) -> str:
    return f"invalid jsonPatch in the {annotation} annotation: {error}"


def decode_annotation(hyperconverged: dict, annotation: str) -> tuple[list, str | None]:
    """The annotation's operations, or the ``ApplyPatchToSpec`` error of decoding them or of a path
    outside ``/spec/``; no annotation: no operations."""
    text = annotation_of(hyperconverged, annotation)
    if text is None:
        return [], None
    operations, error = decode_patch(text)
    if error is None and any(not operation.path()[0].startswith("/spec/") for operation in operations):
        error = SPEC_ONLY
    return (operations, None) if error is None else ([], _failure(annotation, error))


def apply_patch_to_spec(hyperconverged: dict, annotation: str, obj: dict, node: Node) -> tuple[dict, str | None]:
    """``ApplyPatchToSpec``: ``obj`` (the operand as Go marshals it, of schema ``node``) with the
    annotation's patch applied and decoded back, or (``obj``, the error)."""
    operations, error = decode_annotation(hyperconverged, annotation)
    if error is not None or not operations:
        return obj, error
    patched, error = apply_patch(obj, operations)
    if error is not None:
        return obj, _failure(annotation, error)
    error = decode_error(patched, node)
    if error is not None:
        return obj, _failure(annotation, error)
    return go_unmarshal_into(obj, patched), None


def go_unmarshal_into(old: Any, new: Any) -> Any:
    """``json.Unmarshal`` of ``new`` into the Go value ``old`` holds: objects merge key by key,
    ``null`` clears, anything else replaces."""
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return copy.deepcopy(new)
    merged = dict(old)
    for key, value in new.items():
        if value is None:
            merged.pop(key, None)
        elif key in merged:
            merged[key] = go_unmarshal_into(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def go_type(node: Node) -> str:
    """The Go type a schema node decodes into, as ``reflect.Type.String`` names it."""
    if isinstance(node, Scalar):
        if node.type == "integer":
            return node.go or "int"
        if node.type == "int-or-string":
            return "resource.Quantity"
        return _SCALAR_TYPES.get(node.type, node.type)
    if isinstance(node, ListOf):
        return "[]" + go_type(node.items)
    if isinstance(node, MapOf):
        return "map[string]" + go_type(node.values)
    return "v1." + node.go_name if isinstance(node, Obj) else "interface {}"


def decode_error(value: Any, node: Node, path: str = "", struct: str = "") -> str | None:
    """The first type error of ``json.Unmarshal`` of ``value`` into the Go type of ``node``."""
    if value is None or isinstance(node, Unchecked) or (isinstance(node, Obj) and node.open and not node.props):
        return None
    if isinstance(node, Scalar):
        return _scalar_error(value, node, path, struct)
    expected_list = isinstance(node, ListOf)
    if (expected_list and not isinstance(value, list)) or (not expected_list and not isinstance(value, dict)):
        return _type_error(value, go_type(node), path, struct)
    if isinstance(node, ListOf):
        return next(filter(None, (decode_error(item, node.items, path, struct) for item in value)), None)
    if isinstance(node, MapOf):
        return next(filter(None, (decode_error(item, node.values, path, struct) for item in value.values())), None)
    assert isinstance(node, Obj)
    for key, child in value.items():
        sub = node.props.get(key)
        if sub is not None:
            error = decode_error(child, sub, f"{path}.{key}" if path else key, node.go_name)
            if error is not None:
                return error
    return None


def _scalar_error(value: Any, node: Scalar, path: str, struct: str) -> str | None:
    if node.type == "int-or-string":
        return _QUANTITY_ERROR if isinstance(value, (bool, dict, list)) else None
    if node.type in ("integer", "number"):
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if number and node.type == "integer" and isinstance(value, float) and not value.is_integer():
            return _type_error(value, go_type(node), path, struct, f"number {value!r}")
        return None if number else _type_error(value, go_type(node), path, struct)
    expected = _JSON_TYPES.get(node.type)
    return None if expected is None or type(value) is expected else _type_error(value, go_type(node), path, struct)


def _type_error(value: Any, type_name: str, path: str, struct: str, kind: str | None = None) -> str:
    kind = kind or unmarshal_type_name(value)
    if struct or path:
        return f"json: cannot unmarshal {kind} into Go struct field {struct}.{path} of type {type_name}"
    return f"json: cannot unmarshal {kind} into Go value of type {type_name}"
