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


from krmfn.kubevirt.apimachinery import quantity

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

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


class Plan:
    """What the rules above do at one place of the object (a trie of their paths): each place is
    visited once, whatever the number of rules below it."""

    __slots__ = ("children", "object_meta", "omitted", "quantities", "written")

    def __init__(self) -> None:
        self.children: dict[str, Plan] = {}
        self.quantities: list[str] = []  # keys holding a quantity ("*": every one)
        self.written: list[tuple[str, Any]] = []  # (key, the value Go writes when unset)
        self.omitted: list[str] = []  # keys left out when empty
        self.object_meta = False  # an ObjectMeta (v1.7's null creationTimestamp)

    def at(self, path: tuple[str, ...]) -> Plan:
        plan = self
        for step in path:
            plan = plan.children.setdefault(step, Plan())
        return plan


def _plan() -> Plan:
    plan = Plan()
    for parent, key in OMITTED_WHEN_EMPTY:
        plan.at(parent).omitted.append(key)
    spec = plan.at(("spec",))
    for path in QUANTITY_PATHS:
        spec.at(path[:-1]).quantities.append(path[-1])
    for parent, key, value in ALWAYS_WRITTEN:
        spec.at(parent).written.append((key, value))
    for path in OBJECT_METAS:
        spec.at(path).object_meta = True
    return plan


PLAN = _plan()


def go_encoded(vm: dict, null_creation_timestamp: bool) -> None:
    """The VM (a private copy; its ``metadata`` and ``spec``) as the webhook's Go encoding writes
    it: the empty omitempty maps and lists left out, canonical quantities and the structs Go always
    writes (``null_creation_timestamp``: v1.7's ObjectMeta)."""
    apply_plan(vm, PLAN, null_creation_timestamp)


def go_encoded_vmi(vmi: dict) -> None:
    """A VMI (a private copy) as the VMI mutating webhook's Go encoding writes its ``/metadata`` and
    ``/spec`` (``patch.WithReplace`` of both, ``vmi-mutator.go`` ``Mutate``): a VMI's spec is a VM
    template's spec, so the same rules apply below it."""
    go_encoded({"metadata": vmi.get("metadata"), "spec": {"template": {"spec": vmi.get("spec")}}},
               null_creation_timestamp=False)


def apply_plan(node: object, plan: Plan, null_creation_timestamp: bool) -> None:
    """The plan's rules on ``node`` and below (omissions, quantities, then the fields written, each
    where its path leads; the rules touch different keys, so their order changes nothing): a rule's place
    must hold a map (a list or a map at a ``*``); a place that is unset or null is skipped."""
    if isinstance(node, list):
        if "*" in plan.quantities:
            for index in range(len(node)):
                _canonical(node, index)
        star = plan.children.get("*")
        if star is not None:
            for item in node:
                if item is not None:
                    apply_plan(item, star, null_creation_timestamp)
        return
    if not isinstance(node, dict):
        return
    for key in plan.omitted:
        if node.get(key) in ({}, []):
            del node[key]
    for key in plan.quantities:
        for each in (list(node) if key == "*" else (key,) if node.get(key) is not None else ()):
            _canonical(node, each)
    for key, value in plan.written:
        if node.get(key) is None:
            node[key] = dict(value) if isinstance(value, dict) else value
    if plan.object_meta and null_creation_timestamp:
        node.setdefault(CREATION_TIMESTAMP, None)
    for step, sub in plan.children.items():
        if step == "*":
            for item in list(node.values()):
                if item is not None:
                    apply_plan(item, sub, null_creation_timestamp)
        else:
            child = node.get(step)
            if child is not None:
                apply_plan(child, sub, null_creation_timestamp)


def _canonical(container: Any, key: Any) -> None:
    written = canonical(container[key])
    if written is not container[key]:
        container[key] = written


def canonical(value: Any) -> Any:
    """A quantity rule's value: the canonical quantity, or ``value`` itself when it is already
    canonical or is no quantity."""
    written = quantity.canonicalize(value)
    return written if isinstance(written, str) and written != value else value
