"""Objects inside other objects, seen by the modes as objects of their own.

* **Lists**: `kind: List` (what `kubectl get -o yaml` writes) and typed lists such as
  `VirtualMachineList`: `kubectl apply` creates each of `items` as an object of its own, so each is
  checked and inlined as one.
* **VirtualMachinePools** (`pool.kubevirt.io`): the pool controller creates a VirtualMachine from
  `spec.virtualMachineTemplate` (its metadata and spec) for each replica, named `<pool>-<n>` in the
  pool's namespace, and KubeVirt's VM webhook admits each (with its instance type and preference):
  the modes see that VM, named `<pool>-0`, and the pool itself, which its own webhook checks
  (`krmfn.kubevirt.virt_api.admitters.vmpool_admitter`).

``unwrap`` gives the modes a flat list of values and a map back to the items; ``rewrap`` puts the
modes' output back into the carriers (a carrier none of whose objects changed comes out as it came
in) and points findings at the carrier, with the embedded object's field path prefixed
(`items[3].spec.instancetype.name`, `spec.virtualMachineTemplate.spec.template.spec.domain`) and
an object of a List as the finding's subject (the result's resourceRef names it).

A pool's webhook validates the template's VM spec as written, and the VM webhook validates the
pool's VM: a problem in the template is a cause of both. It is reported once, as the pool's
webhook gives it (KubeVirt answers the pool's CREATE with it, and creates no VM): a finding on the
pool's VM goes when the pool has one with the same severity, check and field whose message is
the same with the template's path read as the VM's (`spec.virtualMachineTemplate.spec.template`
as `spec.template`), after the object's noun where the mode names it (``ADMISSION_REJECTS``).
"""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import ADMISSION_REJECTS, FIRST_ITEM, Finding
from krmfn.model.kinds import KUBEVIRT_GROUP, VIRTUAL_MACHINE, is_virtual_machine_pool, kind_of
from krmfn.model.krm import (
    IGNORE_ANNOTATION,
    IGNORE_REASON_ANNOTATION,
    annotations_of,
    split_inlined_from,
)
from krmfn.model.outcome import Outcome
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

LIST_KIND = "List"
POOL_TEMPLATE = "spec.virtualMachineTemplate"
POOL_SPEC = f"{POOL_TEMPLATE}.spec."  # where the pool's webhook paths of the template's VM spec start
VM_SPEC = "spec."  # where the VM webhook's start
VM_API_VERSION = f"{KUBEVIRT_GROUP}/v1"
IGNORE_ANNOTATIONS = (IGNORE_ANNOTATION, IGNORE_REASON_ANNOTATION)
# Fields of the pool's VM that are the pool's own: its name and namespace come from the pool's
# metadata (a bad name is the pool's), as do the ignore annotations krmfn copies onto it.
POOL_OWN_FIELDS = ("metadata.name", "metadata.namespace")
ANNOTATIONS_PATH = "metadata.annotations"
_ABSENT = object()


@record(frozen=True)
class Member:
    """An embedded object: its carrier's input index and where in the carrier it is."""

    carrier: int
    position: int  # the index in `items` (a List); 0 for a pool's template


@record
class Flat:
    """The modes' view: every value, with where each embedded one came from."""

    values: list[Any]
    origins: list[int | Member]  # per flat value: the input index, or the Member it stands for
    carriers: dict[int, list[int]] = field(default_factory=dict)  # input index -> its members' flat indexes
    pools: set[int] = field(default_factory=set)  # the carriers that are VirtualMachinePools
    pool_ignores: set[int] = field(default_factory=set)  # pools whose VM carries the pool's ignore annotations

    def pool_members(self) -> set[int]:
        """The flat indexes of the VMs that stand for a pool's template."""
        return {flat_index for carrier in self.pools for flat_index in self.carriers[carrier]}


def is_list(value: Any) -> bool:
    kind = kind_of(value)
    return (kind == LIST_KIND or (kind.endswith(LIST_KIND) and kind != LIST_KIND)) and isinstance(
        value.get("items"), list)


def list_members(values: Iterable[Any]) -> list[Any]:
    """The objects of a bundle with the members of each `kind: List` (and typed list) in its
    place, as kubectl reads them: the reports of diff and explain name each member."""
    out: list[Any] = []
    for value in values:
        out.extend(value["items"] if is_list(value) else [value])
    return out


def is_pool(value: Any) -> bool:
    """A VirtualMachinePool with a template whose spec a VM can be made of."""
    if not is_virtual_machine_pool(value):
        return False
    spec = value.get("spec")
    template = spec.get("virtualMachineTemplate") if isinstance(spec, dict) else None
    return isinstance(template, dict) and isinstance(template.get("spec"), dict)


def unwrap(values: list[Any]) -> Flat | None:
    """The flat view, or None when nothing is embedded (the common case costs one pass)."""
    if not any(isinstance(value, dict) and ((is_list(value) and value["items"]) or is_pool(value)) for value in values):
        return None
    flat = Flat([], [])
    for index, value in enumerate(values):
        if isinstance(value, dict) and is_list(value) and value["items"]:
            members = list(enumerate(value["items"]))
        elif isinstance(value, dict) and is_pool(value):
            # the pool itself too (its own webhook checks it), then the VM it creates
            flat.values.append(value)
            flat.origins.append(index)
            members = [(0, pool_vm(value))]
            flat.pools.add(index)
            if ignores_from_pool(value):
                flat.pool_ignores.add(index)
        else:
            flat.values.append(value)
            flat.origins.append(index)
            continue
        flat.carriers[index] = []
        for position, inner in members:
            flat.carriers[index].append(len(flat.values))
            flat.values.append(inner)
            flat.origins.append(Member(index, position))
    return flat


def pool_vm(pool: dict) -> dict:
    """The VirtualMachine the pool controller creates for its first replica. The pool's own
    `krmfn.dev/ignore` annotations go with it (a finding on it is reported on the pool)."""
    template = pool["spec"]["virtualMachineTemplate"]
    given = pool.get("metadata")
    pool_metadata: dict[str, Any] = given if isinstance(given, dict) else {}
    metadata = dict(template["metadata"]) if isinstance(template.get("metadata"), dict) else {}
    name = pool_metadata.get("name")
    metadata["name"] = f"{name}-0" if isinstance(name, str) else name
    if "namespace" in pool_metadata:
        metadata["namespace"] = pool_metadata["namespace"]
    if ignores_from_pool(pool):
        ignore = {key: value for key, value in annotations_of(pool).items() if key in IGNORE_ANNOTATIONS}
        metadata["annotations"] = {**ignore, **annotations_of({"metadata": metadata})}
    return {"apiVersion": VM_API_VERSION, "kind": VIRTUAL_MACHINE, "metadata": metadata, "spec": template["spec"]}


def template_path(path: str) -> str:
    """A path of the pool's VM (`spec.template.spec.domain`, `metadata.labels`) as the path of the
    pool's template that holds it (`spec.virtualMachineTemplate.spec.template.spec.domain`)."""
    return f"{POOL_TEMPLATE}.{path}" if path else POOL_TEMPLATE


def split_template_inlined_from(pool: dict) -> tuple[dict, str | None]:
    """The pool without krmfn's inlined-from annotation on its template (where inline writes it,
    `_rebuilt_pool`), and that annotation's value (None: the template was not expanded)."""
    template = pool["spec"]["virtualMachineTemplate"]
    stripped, source = split_inlined_from(template)
    if stripped is template:
        return pool, source
    return {**pool, "spec": {**pool["spec"], "virtualMachineTemplate": stripped}}, source


def rewrap(outcome: Outcome, flat: Flat, values: list[Any]) -> Outcome:
    """The modes' outcome over the flat view, back over the input items."""
    out = Outcome([], [], set(), [_finding_on_carrier(f, flat) for f in _pool_causes_once(outcome.findings, flat)])
    outputs: dict[int, dict[int, tuple[Any, bool]]] = {carrier: {} for carrier in flat.carriers}
    for position, source in enumerate(outcome.sources):
        origin = flat.origins[source] if source is not None else None
        if source is not None and isinstance(origin, Member):
            outputs[origin.carrier][source] = (outcome.items[position], position in outcome.changed)
    emitted: set[int] = set()

    def emit_carriers_before(index: int) -> None:
        for carrier in sorted(c for c in flat.carriers if c < index and c not in emitted):
            _emit_carrier(out, carrier, values[carrier], flat, outputs[carrier])
            emitted.add(carrier)

    last = -1  # the last input index met: a carrier all of whose objects were dropped goes after it
    for position, source in enumerate(outcome.sources):
        origin = flat.origins[source] if source is not None else None
        if origin is None:
            emit_carriers_before(last + 1)
            _append(out, outcome.items[position], None, position in outcome.changed)
        elif isinstance(origin, Member):
            emit_carriers_before(origin.carrier + 1)
            last = max(last, origin.carrier)
        elif origin in flat.carriers:  # a pool as the modes saw it: the pool comes from its VM's output
            emit_carriers_before(origin + 1)
            last = max(last, origin)
        else:
            emit_carriers_before(origin)
            _append(out, outcome.items[position], origin, position in outcome.changed)
            last = max(last, origin)
    emit_carriers_before(len(values))
    out.findings = _without_repeats(out.findings)
    return out


def _pool_causes_once(findings: list[Finding], flat: Flat) -> list[Finding]:
    """Without the findings on a pool's VM that the pool's own webhook gives too (module doc)."""
    if not flat.pools:
        return findings
    pools: set[tuple] = set()
    for finding in findings:
        origin = _origin(finding, flat)
        if isinstance(origin, int) and origin in flat.pools:
            pools.add((origin, finding.severity, finding.check, finding.path,
                       _cause(finding.message.replace(POOL_SPEC, VM_SPEC))))
    if not pools:
        return findings
    return [finding for finding in findings if not (
        isinstance(origin := _origin(finding, flat), Member) and origin.carrier in flat.pools
        and (origin.carrier, finding.severity, finding.check, template_path(finding.path or ""),
             _cause(finding.message)) in pools)]


def _origin(finding: Finding, flat: Flat) -> int | Member | None:
    item = finding.item
    return flat.origins[item] if item is not None and 0 <= item < len(flat.origins) else None


_ADMISSION_LEAD = ADMISSION_REJECTS.split("{noun}")[0]


def _cause(message: str) -> str:
    """KubeVirt's message in a finding: after ``ADMISSION_REJECTS``'s noun, where it has one."""
    if message.startswith(_ADMISSION_LEAD):
        return message.partition(": ")[2]
    return message


def _without_repeats(findings: list[Finding]) -> list[Finding]:
    """A pool's ignore annotation is read on the pool and on its VM: one finding about it, not two."""
    seen: set[tuple] = set()
    kept = []
    for finding in findings:
        key = (finding.severity, finding.message, finding.item, finding.path, finding.check)
        if key not in seen:
            seen.add(key)
            kept.append(finding)
    return kept


def _append(out: Outcome, value: Any, source: int | None, changed: bool) -> None:
    if changed:
        out.changed.add(len(out.items))
    out.items.append(value)
    out.sources.append(source)


def _emit_carrier(out: Outcome, index: int, carrier: dict, flat: Flat,
                  members: dict[int, tuple[Any, bool]]) -> None:
    """The carrier as it came in, or rebuilt when one of its objects changed or was dropped."""
    wanted = flat.carriers[index]
    if len(members) == len(wanted) and not any(changed for _, changed in members.values()):
        _append(out, carrier, index, False)
        return
    kept = [members[member][0] for member in wanted if member in members]
    if index in flat.pools:
        _append(out, _rebuilt_pool(carrier, kept, flat.values[wanted[0]]), index, True)
    else:
        _append(out, _rebuilt_list(carrier, kept), index, True)


def _rebuilt_list(carrier: dict, kept: list[Any]) -> dict:
    return {**carrier, "items": kept}


def _rebuilt_pool(carrier: dict, kept: list[Any], given: dict) -> dict:
    """The expanded VM's spec as the template's spec; annotations the mode added to the VM (`given`
    is the VM it was handed) go to the template's metadata (the pool controller copies them to
    every VM it creates)."""
    if not kept or not isinstance(kept[0], dict):
        return carrier
    vm = kept[0]
    rebuilt = dict(carrier)
    spec = dict(carrier["spec"])
    template = dict(spec["virtualMachineTemplate"])
    template["spec"] = vm.get("spec")
    before = annotations_of(given)
    added = {key: value for key, value in annotations_of(vm).items() if before.get(key, _ABSENT) != value}
    if added:
        found = template.get("metadata")
        old_metadata: dict[str, Any] = found if isinstance(found, dict) else {}
        template["metadata"] = {**old_metadata, "annotations": {**annotations_of({"metadata": old_metadata}), **added}}
    spec["virtualMachineTemplate"] = template
    rebuilt["spec"] = spec
    return rebuilt


def _finding_on_carrier(finding: Finding, flat: Flat) -> Finding:
    if FIRST_ITEM in finding.tags:
        finding.tags[FIRST_ITEM] = _first_item_on_carrier(finding.tags[FIRST_ITEM], flat)
    origin = flat.origins[finding.item] if finding.item is not None and finding.item < len(flat.origins) else None
    if origin is None:
        return finding
    if not isinstance(origin, Member):
        finding.item = origin
        return finding
    if origin.carrier not in flat.pools:  # a pool's VM is not an object of its own: the pool is named
        finding.subject = flat.values[finding.item]  # type: ignore[index]  # origin exists: item is an index
    finding.item = origin.carrier
    finding.path = _carrier_path(finding.path, origin, flat)
    return finding


def ignores_from_pool(pool: dict) -> bool:
    """Does the pool's VM carry the pool's own ignore annotations (the template has none)?"""
    template_metadata = pool["spec"]["virtualMachineTemplate"].get("metadata")
    template_annotations = annotations_of({"metadata": template_metadata})
    return any(key in annotations_of(pool) for key in IGNORE_ANNOTATIONS) and not any(
        key in template_annotations for key in IGNORE_ANNOTATIONS)


def _first_item_on_carrier(first: str, flat: Flat) -> str:
    """The FIRST_ITEM tag (a flat index) as the input index, with the object's path when it is in a
    List (`3:items[1]`)."""
    origin = flat.origins[int(first)] if first.isdigit() and int(first) < len(flat.origins) else None
    if origin is None:
        return first
    if not isinstance(origin, Member):
        return str(origin)
    return str(origin.carrier) if origin.carrier in flat.pools else f"{origin.carrier}:items[{origin.position}]"


def _carrier_path(path: str | None, origin: Member, flat: Flat) -> str | None:
    """`spec.x` of an object of a List is `items[3].spec.x`; of a pool's VM,
    `spec.virtualMachineTemplate.spec.x` (its metadata is the template's metadata; its apiVersion
    and kind are the pool's own, so a finding there points at the pool)."""
    if origin.carrier in flat.pools:
        if path in ("apiVersion", "kind"):
            return None
        own_annotations = (path or "").startswith(ANNOTATIONS_PATH) and origin.carrier in flat.pool_ignores
        if path in POOL_OWN_FIELDS or own_annotations:
            return path
        return f"{POOL_TEMPLATE}.{path}" if path else POOL_TEMPLATE
    prefix = f"items[{origin.position}]"
    return f"{prefix}.{path}" if path else prefix


__all__ = ["Flat", "Member", "is_list", "is_pool", "pool_vm", "rewrap", "split_template_inlined_from", "template_path",
           "unwrap"]
