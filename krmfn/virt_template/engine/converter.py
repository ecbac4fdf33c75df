"""The processed VM decoded into KubeVirt's Go ``VirtualMachine`` type, and encoded back.

``processor.go`` ``Process`` turns the substituted map into a ``virtv1.VirtualMachine`` with
``runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(obj, vm, true)``. Mirrors
that function of ``k8s.io/apimachinery/pkg/runtime/converter.go`` (``fromUnstructured``,
``structFromUnstructured``, ``sliceFromUnstructured``, ``mapFromUnstructured``,
``recordUnknownField``) over krmfn's VirtualMachine schema
(``krmfn.kubevirt.apiserver.vm_schema``, whose Go types are the fields of
``staging/src/kubevirt.io/api/core/v1/types.go``):

* the first value of the wrong kind stops the decoding: ``cannot restore struct from: string``,
  ``cannot restore slice from map``, ``cannot restore map from string``, ``cannot convert float64
  to uint32`` (a fraction into an integer), ``unrecognized type: string`` (a number, boolean or
  object where Go has a string: JSON's kinds do not convert), a Quantity's own parse error;
* else every field the Go type lacks, sorted: ``strict decoding error: unknown field
  "spec.somefield", unknown field "metadata.something"``.

Struct fields are decoded in the schema's order (Go's is the declaration order: the first error
can differ where two fields are both wrong). The parts of the VM krmfn models as ``opaque`` accept
anything inside them.

``go_encoded_vm`` is the decoded VM as ``json.Marshal`` writes it (what virtctl prints):
``apiVersion``/``kind`` forced to ``kubevirt.io/v1``/``VirtualMachine``, ``status: {}``, the
structs Go always writes (``template: null`` when unset, ``template.spec.domain.devices: {}``), and
below ``spec`` the Go encoding rules of ``krmfn.kubevirt.virt_api.mutators.go_roundtrip``. Key order
is not Go's: virtctl's YAML (``sigs.k8s.io/yaml``) sorts keys, its JSON follows the struct order.
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.apimachinery.gojson import go_json
from krmfn.kubevirt.apiserver.schema import ListOf, MapOf, Node, Obj, Scalar
from krmfn.kubevirt.virt_api.mutators.go_roundtrip import go_encoded
from krmfn.virt_template.engine.visit import INTERFACE, LEAVES, Copier, StringTransformer, go_dynamic_type, transformed

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

VM_API_VERSION = "kubevirt.io/v1"
VM_KIND = "VirtualMachine"

# reflect.Kind names of Go's scalar types by schema type (an integer's is its Go type's).
_KINDS = {"string": "string", "boolean": "bool", "number": "float64"}


class ConversionError(Exception):
    """``FromUnstructuredWithValidation``'s error (its text is Go's ``err.Error()``)."""


# ``reflect.Kind`` of the composite JSON values, named by their ``%T`` (the scalars' are the same).
_COMPOSITE_KINDS = {"map[string]interface {}": "map", "[]interface {}": "slice", "<nil>": "slice"}


def _source_kind(value: Any) -> str:
    """``reflect.Kind`` of a decoded JSON value."""
    dynamic = go_dynamic_type(value)
    return _COMPOSITE_KINDS.get(dynamic, dynamic)


def _scalar_kind(node: Scalar) -> str:
    if node.type == "integer":
        return node.go if node.go in ("int", "int32", "int64", "uint", "uint32", "uint64") else "int64"
    return _KINDS.get(node.type, "string")


def from_unstructured(obj: dict, node: Obj, decodes: bool = False) -> None:
    """Decode ``obj`` into the Go type ``node`` describes, strictly. Raises ``ConversionError``.
    ``decodes``: already judged to decode (``DecodingCopy``)."""
    if decodes or _decodes(obj, node):  # most VMs: one quick walk in the map's order, no paths built
        return
    unknown: list[str] = []
    _from(obj, node, "", unknown)
    if unknown:
        errors = sorted(f'unknown field "{path}"' for path in unknown)
        raise ConversionError("strict decoding error: " + ", ".join(errors))


# The Python type of a JSON value that decodes into a Scalar of this type with nothing to check.
_PLAIN_TYPES: dict[str, type] = {"string": str, "boolean": bool, "integer": int, "number": int}


def _decodes(value: Any, node: Node) -> bool:
    """Whether ``value`` decodes into ``node`` with no error and no unknown field: ``_from``'s walk
    without its order and its paths, which only a failure needs (a leaf is judged in its map's
    loop: most of a VM is leaves)."""
    if value is None:
        return True
    kind = type(node)
    if kind is Obj:
        if not isinstance(value, dict):
            return False
        props, is_open = node.props, node.open  # type: ignore[attr-defined]
        for key, item in value.items():
            sub = props.get(key)
            if sub is None:
                if not is_open:
                    return False
            elif item is not None:
                if type(sub) is Scalar and type(item) is _PLAIN_TYPES.get(sub.type):
                    continue
                if not _decodes(item, sub):
                    return False
        return True
    if kind is Scalar:
        if type(value) is _PLAIN_TYPES.get(node.type):  # type: ignore[attr-defined]
            return True
        try:
            _scalar(value, node)  # type: ignore[arg-type]
        except ConversionError:
            return False
        return True
    if kind is ListOf:
        return isinstance(value, list) and all(_decodes(item, node.items) for item in value)  # type: ignore[attr-defined]
    if kind is MapOf:
        return isinstance(value, dict) and all(_decodes(item, node.values)  # type: ignore[attr-defined]
                                               for item in value.values())
    return True


class DecodingCopy:
    """``visited_copy`` (for ``substitute_all_parameters``) that also judges, in the same walk,
    whether the copy decodes into ``node``: ``decodes`` True means ``_decodes`` of the copy is
    True (processing then needs no walk of its own to decode it); False, that it must be judged
    by ``from_unstructured`` (a renamed key or a value of another type: rare)."""

    def __init__(self, node: Obj) -> None:
        self.node = node
        self.decodes = True

    def __call__(self, value: Any, transform: StringTransformer, marker: str) -> Any:
        return _DecodingCopier(transform, marker, self).copy_as(value, self.node)


class _DecodingCopier(Copier):
    def __init__(self, transform: StringTransformer, marker: str, verdict: DecodingCopy) -> None:
        super().__init__(transform, marker)
        self.verdict = verdict

    def copy_as(self, value: Any, node: Node | None) -> Any:
        """``copy(value, INTERFACE)``, judging the copy against ``node`` (None: nothing to judge)."""
        if type(value) is dict and type(node) is Obj:
            return self._map_as(value, node)  # type: ignore[arg-type]
        if type(value) is list and type(node) is ListOf:
            return [self.copy_as(item, node.items) for item in value]  # type: ignore[union-attr]
        out = self.copy(value, INTERFACE)
        if node is not None and not _decodes(out, node):
            self.verdict.decodes = False
        return out

    def _map_as(self, value: dict, node: Obj) -> dict:
        marker, transform, props = self.marker, self.transform, node.props
        out = value.copy()
        for key, item in out.items():
            if type(key) is not str or marker in key:  # renamed keys: judged after the copy
                self.verdict.decodes = False
                return self._rebuilt(value)
            sub = props.get(key)
            if sub is None and not node.open:
                self.verdict.decodes = False
            kind = type(item)
            if kind is str or kind in LEAVES:
                leaf = item
                if kind is str and marker in item:
                    leaf = out[key] = transformed(INTERFACE, item, transform)
                if sub is not None and leaf is not None and not (
                        type(sub) is Scalar and type(leaf) is _PLAIN_TYPES.get(sub.type)) and not _decodes(leaf, sub):
                    self.verdict.decodes = False
            else:
                out[key] = self.copy_as(item, sub)
        return out


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _from(value: Any, node: Node, path: str, unknown: list[str]) -> None:
    if value is None:  # null: Go's zero value
        return
    if isinstance(node, Scalar):
        _scalar(value, node)
    elif isinstance(node, Obj):
        if not isinstance(value, dict):
            raise ConversionError(f"cannot restore struct from: {_source_kind(value)}")
        for key, sub in node.props.items():
            if key in value:
                _from(value[key], sub, _join(path, key), unknown)
        if not node.open:
            unknown.extend(_join(path, str(key)) for key in value if key not in node.props)
    elif isinstance(node, ListOf):
        if not isinstance(value, list):
            raise ConversionError(f"cannot restore slice from {_source_kind(value)}")
        for index, item in enumerate(value):
            _from(item, node.items, f"{path}[{index}]", unknown)
    elif isinstance(node, MapOf):
        if not isinstance(value, dict):
            raise ConversionError(f"cannot restore map from {_source_kind(value)}")
        for item in value.values():
            _from(item, node.values, path, unknown)


def _scalar(value: Any, node: Scalar) -> None:
    if node.type == "int-or-string":  # resource.Quantity: UnmarshalJSON of the value's JSON
        parsed = quantity.parse(go_json(value) if isinstance(value, (dict, list, bool)) else value)
        if isinstance(parsed, quantity.QuantityError):
            raise ConversionError(parsed.message)
        return
    kind = _scalar_kind(node)
    source = _source_kind(value)
    if source == "float64" and node.type in ("integer", "number"):
        if node.type == "integer" and not float(value).is_integer():
            raise ConversionError(f"cannot convert float64 to {node.go or kind}")
        return
    if (source, node.type) in (("string", "string"), ("bool", "boolean")):
        return
    raise ConversionError(f"unrecognized type: {kind}")


def go_encoded_vm(vm: dict) -> dict:
    """The decoded VM as Go's ``json.Marshal`` writes a ``virtv1.VirtualMachine``. ``vm`` is the
    processor's private copy: it is encoded in place (and returned, its keys in Go's order)."""
    out = vm
    out["apiVersion"], out["kind"] = VM_API_VERSION, VM_KIND
    if not isinstance(out.get("metadata"), dict):
        out["metadata"] = {}
    if not isinstance(out.get("spec"), dict):
        out["spec"] = {}
    spec = out["spec"]
    # Non-pointer structs below the VM spec that Go always writes (types.go, schema.go): the
    # template (a pointer without omitempty: null when unset), its spec, the domain, its devices.
    spec.setdefault("template", None)
    template = spec["template"]
    if isinstance(template, dict):
        if not isinstance(template.get("spec"), dict):
            template["spec"] = {}
        if not isinstance(template["spec"].get("domain"), dict):
            template["spec"]["domain"] = {}
        if not isinstance(template["spec"]["domain"].get("devices"), dict):
            template["spec"]["domain"]["devices"] = {}
    go_encoded(out, null_creation_timestamp=False)
    if out.get("status") is None:
        out["status"] = {}
    return {key: out[key] for key in ("apiVersion", "kind", "metadata", "spec", "status")}
