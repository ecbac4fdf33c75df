"""What the VM mutating webhook's own encoding changes in a VM it admits.

The webhook answers with ``patch.WithReplace("/spec", vm.Spec)`` (``vm-mutator.go`` ``Mutate``):
the spec is decoded into KubeVirt's Go types and encoded again, so every ``resource.Quantity`` is
stored in its canonical form (docs/kubevirt/expand.md#rest-endpoints-and-virtctl and
docs/kubevirt/quantities.md#canonical-form): ``2048Mi`` becomes ``2Gi``, a YAML integer ``1073741824`` the string
``1Gi``, ``0.5Gi`` ``512Mi``. The Quantity fields of a ``VirtualMachineSpec``, from
``staging/src/kubevirt.io/api/core/v1/schema.go`` (and the CDI ``DataVolumeSpec`` of ``dataVolumeTemplates``), are
listed in ``QUANTITY_PATHS``.

Go also writes every non-pointer struct field, even with ``omitempty`` (``encoding/json`` omits
only empty values of basic, slice, map and pointer types): ``domain.resources: {}``,
``template.metadata: {}``, ``features.acpi: {}`` (when ``features`` is set), ``hostDisk.capacity:
"0"`` (a zero Quantity), the ``resources: {}`` of a dataVolumeTemplate's ``pvc``/``storage``, a
dataVolumeTemplate's ``metadata: {}``; and before v1.8 (apimachinery v0.33, no ``omitzero``) a zero
``creationTimestamp: null`` in each of those ObjectMetas. Argo CD reports these as drift (seen in
public repositories' ``ignoreDifferences``: ``domain.resources``, ``hostDisk.capacity``), so they
are written too (``always_written``).

Conversely Go leaves out an empty map or list of an ``omitempty`` field: ``annotations: {}``,
``nodeSelector: {}``, ``volumes: []`` are not stored (``omitted_when_empty``, for the VM's own
metadata too: the webhook replaces ``/metadata`` with the Go-encoded ObjectMeta). Zero scalars of
``omitempty`` fields (``cores: 0``) and JSON nulls are left as written.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from krmfn.kubevirt.apimachinery import quantity

# Paths below `spec`; `*` is every entry of a list or every value of a map (a ResourceList).
QUANTITY_PATHS: tuple[tuple[str, ...], ...] = (
    ("template", "spec", "domain", "memory", "guest"),
    ("template", "spec", "domain", "memory", "maxGuest"),
    ("template", "spec", "domain", "memory", "reservedOverhead", "addedOverhead"),
    ("template", "spec", "domain", "resources", "requests", "*"),
    ("template", "spec", "domain", "resources", "limits", "*"),
    ("template", "spec", "volumes", "*", "emptyDisk", "capacity"),
    ("template", "spec", "volumes", "*", "hostDisk", "capacity"),
    ("dataVolumeTemplates", "*", "spec", "pvc", "resources", "requests", "*"),
    ("dataVolumeTemplates", "*", "spec", "pvc", "resources", "limits", "*"),
    ("dataVolumeTemplates", "*", "spec", "storage", "resources", "requests", "*"),
    ("dataVolumeTemplates", "*", "spec", "storage", "resources", "limits", "*"),
)


# Non-pointer struct fields below `spec`, as (path to the parent, key, the value Go writes when unset).
ALWAYS_WRITTEN: tuple[tuple[tuple[str, ...], str, Any], ...] = (
    (("template",), "metadata", {}),
    (("template", "spec", "domain"), "resources", {}),
    (("template", "spec", "domain", "features"), "acpi", {}),
    (("template", "spec", "volumes", "*", "hostDisk"), "capacity", "0"),
    (("dataVolumeTemplates", "*"), "metadata", {}),
    (("dataVolumeTemplates", "*", "spec", "pvc"), "resources", {}),
    (("dataVolumeTemplates", "*", "spec", "storage"), "resources", {}),
)
# Map and list fields with `omitempty`, below the VM (its `metadata` and `spec`), as (parent, key).
OMITTED_WHEN_EMPTY: tuple[tuple[tuple[str, ...], str], ...] = (
    *((("metadata",), key) for key in ("labels", "annotations", "finalizers")),
    *((("spec", "template", "metadata"), key) for key in ("labels", "annotations")),
    *((("spec", "dataVolumeTemplates", "*", "metadata"), key) for key in ("labels", "annotations")),
    (("spec",), "dataVolumeTemplates"),
    *((("spec", "template", "spec"), key) for key in ("nodeSelector", "volumes", "networks", "tolerations")),
    *((("spec", "template", "spec", "domain", "devices"), key) for key in ("disks", "interfaces")),
    *((("spec", "template", "spec", "domain", "resources"), key) for key in ("requests", "limits")),
)
# The ObjectMetas among them: v1.7 writes a zero creationTimestamp as null.
OBJECT_METAS: tuple[tuple[str, ...], ...] = (("template", "metadata"), ("dataVolumeTemplates", "*", "metadata"))
CREATION_TIMESTAMP = "creationTimestamp"


def go_encoded(spec: dict, null_creation_timestamp: bool) -> None:
    """The VM ``spec`` (a private copy) as the webhook's Go encoding writes it: canonical
    quantities and the structs Go always writes (``null_creation_timestamp``: v1.7's ObjectMeta)."""
    canonical_quantities(spec)
    always_written(spec)
    if null_creation_timestamp:
        for path in OBJECT_METAS:
            for parent, key in _slots(spec, path):
                if isinstance(parent[key], dict):
                    parent[key].setdefault(CREATION_TIMESTAMP, None)


def go_encoded_vmi(vmi: dict) -> None:
    """A VMI (a private copy) as the VMI mutating webhook's Go encoding writes its ``/metadata`` and
    ``/spec`` (``patch.WithReplace`` of both, ``vmi-mutator.go`` ``Mutate``): a VMI's spec is a VM
    template's spec, so the same rules apply below it."""
    as_vm_spec: dict[str, Any] = {"template": {"spec": vmi.get("spec")}}
    omitted_when_empty({"metadata": vmi.get("metadata"), "spec": as_vm_spec})
    canonical_quantities(as_vm_spec)
    always_written(as_vm_spec)


def omitted_when_empty(vm: dict) -> None:
    """Remove each empty map or list of ``OMITTED_WHEN_EMPTY`` from the VM (a private copy)."""
    for parent_path, key in OMITTED_WHEN_EMPTY:
        for grand, parent_key in _slots(vm, parent_path):
            parent = grand[parent_key]
            if isinstance(parent, dict) and parent.get(key) in ({}, []):
                del parent[key]


def always_written(spec: dict) -> None:
    """Set each unset non-pointer struct field of ``ALWAYS_WRITTEN`` to what Go writes for it."""
    for parent_path, key, value in ALWAYS_WRITTEN:
        for grand, parent_key in _slots(spec, parent_path):
            parent = grand[parent_key]
            if isinstance(parent, dict) and parent.get(key) is None:
                parent[key] = dict(value) if isinstance(value, dict) else value


def canonical_quantities(spec: dict) -> None:
    """Write every quantity of a VM's ``spec`` (a private copy) in its canonical form; a value
    that is no quantity is left for admission to reject."""
    for path in QUANTITY_PATHS:
        for parent, key in _slots(spec, path):
            canonical = quantity.canonicalize(parent[key])
            if isinstance(canonical, str) and canonical != parent[key]:
                parent[key] = canonical


def _slots(node: object, path: tuple[str, ...]) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every value at ``path`` below ``node``: a dict and its key, or a list
    and an index."""
    if "*" not in path:  # one slot at most: followed without recursion
        for step in path[:-1]:
            node = node.get(step) if isinstance(node, dict) else None
        if isinstance(node, dict) and node.get(path[-1]) is not None:
            yield node, path[-1]
        return
    step, rest = path[0], path[1:]
    keys: list[Any]
    if step == "*":
        keys = list(range(len(node))) if isinstance(node, list) else list(node) if isinstance(node, dict) else []
    else:
        keys = [step] if isinstance(node, dict) and node.get(step) is not None else []
    for key in keys:
        if not rest:
            yield node, key
        else:
            yield from _slots(node[key], rest)  # type: ignore[index]
