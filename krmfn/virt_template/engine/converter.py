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

Processing does all of it in the walk that substitutes (``ProcessingCopy``): it judges whether the
copy decodes and applies the encoding rules on the way, and copies only the maps and lists that
change (the rest is the template's own, shared; neither is changed afterwards): most VMs need no
second walk (bench/README.md, "VirtualMachineTemplates").
"""
from __future__ import annotations

from collections.abc import Sequence

from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.apimachinery.gojson import go_json
from krmfn.kubevirt.apiserver.schema import ListOf, MapOf, Node, Obj, Scalar, Unchecked
from krmfn.kubevirt.virt_api.mutators.go_roundtrip import PLAN, Plan, apply_plan, canonical, go_encoded
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
    ``decodes``: already judged to decode (``ProcessingCopy``)."""
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


class ProcessingCopy:
    """What processing makes of the template's VM in one walk, as ``substitute_all_parameters``'s
    ``copy``: the substituted VM, judged against ``node`` on the way (``decodes`` True: it decodes,
    and ``from_unstructured`` need not walk it; False: it must, on ``visited_copy``'s copy: a renamed
    key or a value of another type, rare), with the Go encoding's rules (``PLAN``) applied where it
    decodes. The answer shares every map and list that neither substitution nor a rule changes
    with the template's VM (neither is ever changed); ``go_encoded_vm`` of ``visited_copy``'s copy
    is ``finished`` of it, when it decodes."""

    def __init__(self, node: Obj) -> None:
        self.node = node
        self.decodes = True

    def __call__(self, value: Any, transform: StringTransformer, marker: str) -> Any:
        copier = _ProcessingCopier(transform, marker)
        out = copier.copy_as(value, self.node, PLAN)
        self.decodes = copier.decodes
        return out


class _ProcessingCopier(Copier):
    def __init__(self, transform: StringTransformer, marker: str) -> None:
        super().__init__(transform, marker)
        self.decodes = True

    def copy_as(self, value: Any, node: Node | None, plan: Plan | None) -> Any:
        """``value`` visited, judged against ``node`` (None: nothing to judge) and encoded by
        ``plan`` (None: no rule below)."""
        kind, node_type = type(value), type(node)
        if node_type is Unchecked:  # anything decodes there
            node, node_type = None, type(None)
        if kind is dict:
            if node_type is Obj:
                return self._map_as(value, node, plan)  # type: ignore[arg-type]
            if node_type is MapOf or node is None:
                return self._map_of(value, node, plan)  # type: ignore[arg-type]
        elif kind is list and (node_type is ListOf or node is None):
            return self._list_as(value, node.items if node is not None else None, plan)  # type: ignore[attr-defined]
        return self._copied(value, node, plan)

    def _copied(self, value: Any, node: Node | None, plan: Plan | None) -> Any:
        """The plain visit's copy (a map or list is a new one: the rules change it in place), judged."""
        out = self.copy(value, INTERFACE)
        if node is not None and not _decodes(out, node):
            self.decodes = False
        elif plan is not None and self.decodes:
            apply_plan(out, plan, False)
        return out

    def _list_as(self, value: list, node: Node | None, plan: Plan | None) -> list:
        star = plan.children.get("*") if plan is not None else None
        plain, marker, structs = _plain_type(node), self.marker, type(node) is Obj
        out = None
        for index, item in enumerate(value):
            kind = type(item)
            if kind is plain and (kind is not str or marker not in item):
                continue  # a leaf of its Go type: decodes, and nothing to substitute
            copied = self._map_as(item, node, star) if kind is dict and structs else self.copy_as(  # type: ignore[arg-type]
                item, node, star)
            if copied is not item:
                if out is None:
                    out = value.copy()
                out[index] = copied
        if plan is not None and "*" in plan.quantities and self.decodes:
            out = _canonical_items(value if out is None else out, range(len(value)), out is not None)
        return value if out is None else out

    def _map_of(self, value: dict, node: MapOf | None, plan: Plan | None) -> dict:
        """A Go map (labels, resource requests), or a map of no known type (``node`` None)."""
        children, omitted = (plan.children, plan.omitted) if plan is not None else (None, ())
        star = children.get("*") if children else None
        values = node.values if node is not None else None
        plain, marker = _plain_type(values), self.marker
        out = emptied = None
        for key, item in value.items():
            if type(key) is not str or marker in key:  # renamed keys: the plain visit's copy, judged whole
                return self._copied(value, node, plan)
            kind = type(item)
            if kind is plain and (kind is not str or marker not in item):
                continue
            sub_plan = children.get(key, star) if children else None
            copied = self._leaf(item, values, sub_plan) if kind is str or kind in LEAVES else \
                self.copy_as(item, values, sub_plan)
            if copied is not item:
                if out is None:
                    out = value.copy()
                out[key] = copied
            if key in omitted and type(leaf := item if kind is dict or kind is list else copied) in (dict, list) \
                    and not leaf:
                emptied = [key] if emptied is None else [*emptied, key]
        if plan is None or not self.decodes or not (emptied or plan.quantities or plan.written):
            return value if out is None else out
        return _encoded_map(value if out is None else out, out is not None, plan, emptied or ())

    def _map_as(self, value: dict, node: Obj, plan: Plan | None) -> dict:
        if not value and plan is None:
            return value  # decodes into any struct
        plain = _PLAIN_FIELDS.get(node)
        if plain is None:
            plain = _plain_fields(node)
        marker, props = self.marker, node.props
        children, omitted = (plan.children, plan.omitted) if plan is not None else (None, ())
        star = children.get("*") if children else None
        out = emptied = None
        for key, item in value.items():
            kind = type(item)
            if plain.get(key) is kind and (kind is not str or marker not in item):
                continue  # most of a VM: a field's leaf of its Go type, nothing to substitute
            sub = props.get(key)
            if sub is None:  # a field's name holds no "${"
                if type(key) is not str or marker in key:  # renamed keys: judged after a plain copy
                    self.decodes = False
                    return self._rebuilt(value)
                if not node.open:
                    self.decodes = False
            sub_plan = children.get(key, star) if children else None
            if kind is dict and type(sub) is Obj:
                copied = self._map_as(item, sub, sub_plan)  # type: ignore[arg-type]
            elif kind is str or kind in LEAVES:
                copied = self._leaf(item, sub, sub_plan)
            else:
                copied = self.copy_as(item, sub, sub_plan)
            if copied is not item:
                if out is None:
                    out = value.copy()
                out[key] = copied
            # a map or list empty before its own rules; a leaf as substituted
            if key in omitted and type(leaf := item if kind is dict or kind is list else copied) in (dict, list) \
                    and not leaf:
                emptied = [key] if emptied is None else [*emptied, key]
        if plan is None or not self.decodes or not (emptied or plan.quantities or plan.written):
            return value if out is None else out
        return _encoded_map(value if out is None else out, out is not None, plan, emptied or ())

    def _leaf(self, item: Any, sub: Node | None, plan: Plan | None) -> Any:
        """A leaf (a string, a number, a boolean, null) substituted and judged against ``sub``: a
        ``${{KEY}}`` may give a new map or list, which ``plan`` then encodes."""
        if type(item) is not str or self.marker not in item:
            if sub is not None and item is not None and type(item) is not _plain_type(sub) and not _decodes(item, sub):
                self.decodes = False
            return item
        leaf = transformed(INTERFACE, item, self.transform)
        if sub is not None and leaf is not None and type(leaf) is not _plain_type(sub) and not _decodes(leaf, sub):
            self.decodes = False
        elif plan is not None and type(leaf) in (dict, list) and self.decodes:
            apply_plan(leaf, plan, False)
        return leaf


# Each struct's fields that are a Scalar with a plain type (``_plain_type``), by struct (made when
# the walk first meets it: a schema's nodes live as long as the schema).
_PLAIN_FIELDS: dict[Obj, dict[str, type]] = {}


def _plain_fields(node: Obj) -> dict[str, type]:
    plain = {key: kind for key, sub in node.props.items() if (kind := _plain_type(sub)) is not None}
    _PLAIN_FIELDS[node] = plain
    return plain


def _plain_type(node: Node | None) -> type | None:
    """The Python type of a JSON value that decodes into ``node`` with nothing to check (None: no
    such type, or ``node`` is no Scalar)."""
    return _PLAIN_TYPES.get(node.type) if type(node) is Scalar else None  # type: ignore[union-attr]


def _encoded_map(node: dict, private: bool, plan: Plan, emptied: Sequence[str]) -> dict:
    """``apply_plan``'s own rules at ``node`` (its children are done): the ``emptied`` keys left out,
    the quantities canonical, the fields Go always writes. ``private``: ``node`` is the walk's own
    copy, else it is copied before a change."""
    if emptied:
        node = node if private else node.copy()
        private = True
        for key in emptied:
            del node[key]
    for key in plan.quantities:
        canonical_node = _canonical_items(node, list(node) if key == "*" else (key,) if node.get(key) is not None
                                          else (), private)
        private = private or canonical_node is not node
        node = canonical_node
    for key, written in plan.written:
        if node.get(key) is None:
            node = node if private else node.copy()
            private = True
            node[key] = dict(written) if isinstance(written, dict) else written
            sub = plan.children.get(key, plan.children.get("*"))
            if sub is not None:
                apply_plan(node[key], sub, False)
    return node


def _canonical_items(node: Any, keys: Any, private: bool) -> Any:
    """``node`` with the quantities at ``keys`` canonical; copied before a change unless ``private``."""
    for key in keys:
        written = canonical(node[key])
        if written is not node[key]:
            if not private:
                node = node.copy()
                private = True
            node[key] = written
    return node


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


def finished(vm: dict) -> dict | None:
    """``go_encoded_vm`` of the VM ``ProcessingCopy`` answered (which ``PLAN`` has encoded, and
    which is shared: not changed here), when it holds every struct ``go_encoded_vm`` would add
    (templates do: the schema requires them); else None (``go_encoded_vm`` of a private copy)."""
    metadata, spec = vm.get("metadata"), vm.get("spec")
    if type(metadata) is not dict or type(spec) is not dict or "template" not in spec:
        return None
    template = spec["template"]
    if template is not None:
        template_spec = template.get("spec") if type(template) is dict else None
        domain = template_spec.get("domain") if type(template_spec) is dict else None
        if type(domain) is not dict or type(domain.get("devices")) is not dict:
            return None
    status = vm.get("status")
    return {"apiVersion": VM_API_VERSION, "kind": VM_KIND, "metadata": metadata, "spec": spec,
            "status": {} if status is None else status}


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
