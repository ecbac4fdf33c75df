"""`krmfn diff` on plain data: how two bundles' expanded VMs, verdicts and referenced instance
types and preferences differ.

No KubeVirt counterpart: both sides are inlined (`krmfn.modes.inline.mode`, KubeVirt's expand) and validated
(`krmfn.modes.validate.mode`, KubeVirt's admission) with their options, VMs and VirtualMachinePools are
matched by kind, namespace and name, and what differs is reported.

Only what can differ is computed again: with the same options on both sides, a VM whose input is
the same on both sides expands and validates the same unless something it may read changed. An
instance type or preference that changed makes the VMs naming it (or inferring one) affected;
any other changed object (a DataSource, a PVC, a ControllerRevision) makes every VM affected.

Each changed field names its source on each side (krmfn.modes.explain: the VM, which instance type or
preference field and rule, or which cluster default), explained only for the VMs whose fields
changed: a diff with no changed field explains nothing.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from krmfn import catalog
from krmfn.model.fields import ABSENT, FieldChange, field_changes
from krmfn.model.record import field, record
from krmfn.modes.explain.provenance import Explanation, Leaf, Source, explain
from krmfn.model.embedded import is_pool, list_members, split_template_inlined_from
from krmfn.model.findings import ERROR, WARNING, Finding
from krmfn.model.kinds import is_definition, is_virtual_machine, is_virtual_machine_pool, kind_of
from krmfn.model.krm import split_inlined_from
from krmfn.model.kubevirt_version import catalog_for, kubevirt_version
from krmfn.model.options import defaults_for
from krmfn.model.outcome import Outcome

Key = tuple[str, str, str]  # kind, namespace ("" when none), name
Runner = Callable[[str, list[Any], dict[str, Any]], Outcome]


@record(frozen=True)
class Verdict:
    severity: str
    check: str
    message: str

    def text(self) -> str:
        return f"{self.check}: {self.message}"


@record(frozen=True)
class FieldSources:
    """What set a changed field on each side (krmfn.modes.explain); none on a side the field is absent
    from, several when a field added or removed as a whole holds values from several sources."""

    base: tuple[Source, ...]
    head: tuple[Source, ...]


@record
class VmDiff:
    key: Key
    status: str  # "added", "removed" or "changed"
    changes: list[FieldChange] = field(default_factory=list)
    base_source: str | None = None  # the inlined-from annotation: which definitions expanded it
    head_source: str | None = None
    new_findings: list[Verdict] = field(default_factory=list)
    fixed_findings: list[Verdict] = field(default_factory=list)
    sources: dict[str, FieldSources] = field(default_factory=dict)  # by the path of each change


@record
class DefinitionDiff:
    key: Key
    base_origin: str | None  # "bundle", "catalog v1.7.0", or None when it is not found
    head_origin: str | None
    changes: list[FieldChange]


@record
class DiffReport:
    vms: list[VmDiff]
    definitions: list[DefinitionDiff]
    compared: int  # VMs and pools on either side

    @property
    def changed(self) -> bool:
        return bool(self.vms or self.definitions)


@record
class _Side:
    values: list[Any]
    options: dict[str, Any]
    vms: dict[Key, Any] = field(default_factory=dict)
    context: list[Any] = field(default_factory=list)
    definitions: dict[Key, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for value in list_members(self.values):
            if is_virtual_machine(value) or is_virtual_machine_pool(value):
                self.vms.setdefault(object_key(value), value)
            else:
                self.context.append(value)
                if is_definition(value):
                    self.definitions[object_key(value)] = value


def run_diff(base: list[Any], head: list[Any], base_options: dict[str, Any], head_options: dict[str, Any],
             runner: Runner) -> DiffReport:
    """The differences from `base` to `head`; `runner(mode, values, options)` runs a mode
    (krmfn.modes.dispatch.run)."""
    sides = _Side(base, base_options), _Side(head, head_options)
    affected = _affected(*sides)
    results = [_expand_and_check(side, affected, runner) for side in sides]
    vms = [diff for key in sorted(affected) if (diff := _vm_diff(key, *results)) is not None]
    _credit(vms, sides, results, runner)
    referenced = {ref for result in results for key, (_, source) in result.expanded.items()
                  for ref in _sources(source, key[1])}
    definitions = [changed for key in sorted(referenced) if (changed := _definition_diff(key, *sides)) is not None]
    return DiffReport(vms, definitions, len(set(sides[0].vms) | set(sides[1].vms)))


def object_key(value: Any) -> Key:
    metadata = value.get("metadata") if isinstance(value, dict) else None
    metadata = metadata if isinstance(metadata, dict) else {}
    namespace, name = metadata.get("namespace"), metadata.get("name")
    return kind_of(value), namespace if isinstance(namespace, str) else "", name if isinstance(name, str) else ""


def _affected(base: _Side, head: _Side) -> set[Key]:
    keys = set(base.vms) | set(head.vms)
    if base.options != head.options or _fingerprint(_others(base)) != _fingerprint(_others(head)):
        return keys
    changed_names = {key[2] for key in set(base.definitions) | set(head.definitions)
                     if base.definitions.get(key) != head.definitions.get(key)}
    return {key for key in keys
            if base.vms.get(key) != head.vms.get(key)
            or (changed_names and _may_read(base.vms.get(key), changed_names))
            or (changed_names and _may_read(head.vms.get(key), changed_names))}


def _others(side: _Side) -> list[Any]:
    return [value for value in side.context if not is_definition(value)]


def _fingerprint(values: list[Any]) -> list[str]:
    return sorted(json.dumps(value, sort_keys=True, default=str) for value in values)


def _may_read(vm: Any, names: set[str]) -> bool:
    """Does the VM name one of these definitions, or infer one (whose name the diff cannot know)?"""
    spec = vm.get("spec") if isinstance(vm, dict) else None
    if is_virtual_machine_pool(vm):
        template = spec.get("virtualMachineTemplate") if isinstance(spec, dict) else None
        spec = template.get("spec") if isinstance(template, dict) else None
    if not isinstance(spec, dict):
        return False
    for role in ("instancetype", "preference"):
        matcher = spec.get(role)
        if isinstance(matcher, dict) and (matcher.get("name") in names or matcher.get("inferFromVolume")):
            return True
    return False


@record
class _Result:
    """One side's affected VMs, inlined and validated."""

    expanded: dict[Key, tuple[Any, str | None]]  # the expanded value, and its inlined-from
    verdicts: dict[Key, list[Verdict]]
    context: list[Any]  # the other objects, inlined
    inlined: dict[Key, Any]  # the VM as inline writes it


def _expand_and_check(side: _Side, affected: set[Key], runner: Runner) -> _Result:
    keys = [key for key in side.vms if key in affected]
    values = [*side.context, *(side.vms[key] for key in keys)]
    first = len(side.context)
    inlined = runner("inline", values, _inline_options(side))
    by_key = {key: inlined.items[first + index] for index, key in enumerate(keys)}
    validate_names = set(defaults_for("validate"))
    checked = runner("validate", values, {k: v for k, v in side.options.items() if k in validate_names})
    verdicts: dict[Key, list[Verdict]] = {key: [] for key in keys}
    for finding in checked.findings:
        if finding.item is not None and finding.item >= first and finding.severity in (ERROR, WARNING):
            verdicts[keys[finding.item - first]].append(_verdict(finding))
    expanded = {key: _split_inlined_from(value) for key, value in by_key.items()}
    return _Result(expanded, verdicts, inlined.items[:first], by_key)


def _inline_options(side: _Side) -> dict[str, Any]:
    """Every item stays in its place; the provenance annotation is the report's to give."""
    return {**side.options, "dropReferenced": False, "provenance": False}


def _split_inlined_from(value: Any) -> tuple[Any, str | None]:
    """A pool's inlined-from annotation is on its template (krmfn.model.embedded)."""
    return split_template_inlined_from(value) if is_pool(value) else split_inlined_from(value)


def _verdict(finding: Finding) -> Verdict:
    where = f"{finding.path}: " if finding.path and finding.path not in finding.message else ""
    return Verdict(finding.severity, finding.check or "", where + finding.message)


def _vm_diff(key: Key, base: _Result, head: _Result) -> VmDiff | None:
    before, after = base.expanded.get(key), head.expanded.get(key)
    if before is None and after is None:
        return None
    if before is None or after is None:
        status = "added" if before is None else "removed"
        present = after if after is not None else before
        assert present is not None
        sources = (None, present[1]) if before is None else (present[1], None)
        return VmDiff(key, status, [], *sources)
    old_verdicts, new_verdicts = base.verdicts.get(key, []), head.verdicts.get(key, [])
    new = [verdict for verdict in new_verdicts if verdict not in old_verdicts]
    fixed = [verdict for verdict in old_verdicts if verdict not in new_verdicts]
    # A VM that expands on one side only is compared by its verdicts: its fields, as written on
    # one side and expanded on the other, would say nothing.
    one_sided = (before[1] is None) != (after[1] is None)
    changes = [] if one_sided else field_changes(before[0], after[0])
    diff = VmDiff(key, "changed", changes, before[1], after[1], new, fixed)
    if not diff.changes and before[1] == after[1] and not diff.new_findings and not diff.fixed_findings:
        return None
    return diff


def _credit(vms: list[VmDiff], sides: tuple[_Side, _Side], results: list[_Result], runner: Runner) -> None:
    """Each changed field's sources, from explaining the VMs with changed fields on both sides."""
    keys = {vm.key for vm in vms if vm.changes}
    if not keys:
        return
    base, head = (_explained(side, result, keys, runner) for side, result in zip(sides, results, strict=True))
    for vm in vms:
        for change in vm.changes:
            vm.sources[change.path] = FieldSources(_sources_under(change.path, base.get(vm.key, [])),
                                                   _sources_under(change.path, head.get(vm.key, [])))


def _explained(side: _Side, result: _Result, keys: set[Key], runner: Runner) -> dict[Key, list[Leaf]]:
    """The explained leaves of these VMs of one side, reusing the side's inline run."""
    wanted = [key for key in result.inlined if key in keys]
    values = [*side.context, *(side.vms[key] for key in wanted)]
    inlined = [*result.context, *(result.inlined[key] for key in wanted)]
    found: list[Explanation] = explain(values, _inline_options(side), runner, inlined)
    first = len(side.context)
    return {wanted[explanation.index - first]: explanation.leaves for explanation in found
            if explanation.index >= first}


def _sources_under(path: str, leaves: list[Leaf]) -> tuple[Source, ...]:
    """The distinct sources of the leaves at `path` or under it, in document order."""
    found: dict[Source, None] = {}
    for leaf in leaves:
        if leaf.path == path or (leaf.path.startswith(path) and leaf.path[len(path)] in ".["):
            found.setdefault(leaf.source, None)
    return tuple(found)


def _sources(source: str | None, namespace: str) -> list[Key]:
    """The definitions an inlined-from value names (`instancetype=Kind/name[@rev],preference=...`);
    a namespaced kind is in the VM's namespace."""
    keys: list[Key] = []
    for part in (source or "").split(","):
        _, _, ref = part.partition("=")
        kind, _, name = ref.partition("/")
        if kind and name:
            keys.append((kind, "" if "Cluster" in kind else namespace, name.partition("@")[0]))
    return keys


def _definition_diff(key: Key, base: _Side, head: _Side) -> DefinitionDiff | None:
    before, base_origin = _definition(key, base)
    after, head_origin = _definition(key, head)
    changes = field_changes(_spec(before), _spec(after))
    if not changes:
        return None
    return DefinitionDiff(key, base_origin, head_origin, changes)


def _definition(key: Key, side: _Side) -> tuple[Any, str | None]:
    """The definition the VMs of one side read: the bundle's (any namespace), else the catalog's."""
    for known, value in side.definitions.items():
        if known[0] == key[0] and known[2] == key[2] and (not key[1] or known[1] in (key[1], "")):
            return value, "bundle"
    version = catalog_for(side.options.get("catalog"), kubevirt_version(side.options.get("kubevirtVersion")))
    if version is not None:
        found = catalog.lookup(key[0], key[2], version)
        if found is not None:
            return found, f"catalog {version}"
    return ABSENT, None


def _spec(value: Any) -> Any:
    return value.get("spec", {}) if isinstance(value, dict) else value
