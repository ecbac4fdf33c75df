"""Where every field of an inlined VM comes from: the VM itself, its instance type (which object
and field), its preference (which field and rule), or a cluster default (which setting).

No KubeVirt counterpart (KubeVirt's proposal to show the resolved spec with its sources was closed
unmerged). The answer is computed from KubeVirt's own expansion, not from a second model of it:
the bundle is inlined five times (krmfn.modes.inline.mode, KubeVirt's expand),

* as it is;
* with `defaults: none`: a field only the full run has is a cluster default, unless the run with
  each VM's preference matcher removed lacks it too: then the preference set it on a device the
  defaults added (`preferredDiskBus` on the default disk);
* with `defaults: none` and each VM's preference matcher removed: a field this run has as the
  full run does is the instance type's;
* with `defaults: none` and each VM's instance type matcher removed: likewise the preference's;

and a field the VM already had, with the same value, is the VM's. What the instance type and the
preference give only together is the CPU topology the preference computes from the instance
type's vCPUs (`preferredCPUTopology`, docs/kubevirt/cpu-topology.md#cpu-topology). Which field of the definition, and
which setting, is named by the tables of krmfn.modes.explain.fields.

A VirtualMachinePool is explained as the rest of krmfn treats it (krmfn.model.embedded): its
template is the VM the pool creates (`<pool>-0`), explained as above, and each field of the inlined
pool is located in the pool (`spec.virtualMachineTemplate.spec.template.spec.domain.cpu.cores`);
the pool's own fields (its metadata, replicas, selector) are the pool's, origin `vm`.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from krmfn.model.fields import ABSENT, aligned_leaves, leaves, same
from krmfn.model.record import field, record
from krmfn.modes.explain.fields import (
    FILL,
    INSTANCETYPE_OVERWRITES,
    OVERWRITE,
    default_setting,
    instancetype_field,
    preference_field,
)
from krmfn.model.embedded import is_pool, pool_vm, split_template_inlined_from, template_path
from krmfn.model.kinds import is_virtual_machine
from krmfn.model.krm import split_inlined_from, strip_inlined_from
from krmfn.model.outcome import Outcome

Runner = Callable[[str, list[Any], dict[str, Any]], Outcome]

VM, INSTANCETYPE, PREFERENCE, DEFAULT = "vm", "instancetype", "preference", "default"
_TEMPLATE = "spec.template."
_TOPOLOGY = ("spec.domain.cpu.sockets", "spec.domain.cpu.cores", "spec.domain.cpu.threads")


@record(frozen=True)
class Source:
    origin: str  # VM, INSTANCETYPE, PREFERENCE or DEFAULT
    definition: str | None = None  # `Kind/name` of the instance type or preference
    field: str | None = None  # its field, or the setting of a default
    rule: str | None = None  # a preference's: fill-if-unset, overwrite, or the topology it computed

    def text(self) -> str:
        if self.origin == VM:
            return "the VM"
        if self.origin == DEFAULT:
            return f"default: {self.field}"
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.origin} {self.definition}: {self.field}{rule}"

    def as_json(self) -> dict[str, str]:
        return {key: value for key, value in vars(self).items() if value is not None}


@record(frozen=True)
class Leaf:
    path: str
    value: Any
    source: Source


@record
class Explanation:
    index: int  # the VM's position in the bundle
    vm: Any  # the VM (or VirtualMachinePool) as given
    expanded: Any  # the VM (or pool) as inline writes it, without krmfn's inlined-from annotation
    expanded_from: str | None  # that annotation: None when the VM was not expanded
    leaves: list[Leaf]
    # why inline did not expand it: its errors (`path: message`, every missing reference), when
    # explain ran inline itself
    failures: list[str] = field(default_factory=list)


def explain(values: list[Any], options: Mapping[str, Any], runner: Runner,
            inlined: list[Any] | None = None, *, pools: bool = True) -> list[Explanation]:
    """An Explanation for every VirtualMachine and VirtualMachinePool of the bundle (in bundle
    order). `inlined`: the bundle already inlined with `options`, item for item (inline's
    `provenance` has it). `pools` off: leave pools out (the modes' flat view, where each pool's VM
    is an item of its own)."""
    positions = [index for index, value in enumerate(values)
                 if is_virtual_machine(value) or (pools and is_pool(value))]
    options = {**options, "dropReferenced": False, "provenance": False}  # every item stays in its place
    quiet = {**options, "defaults": "none"}
    without_preference = _without(values, positions, "preference")
    failures: dict[int, list[str]] = {}
    if inlined is None:
        outcome = runner("inline", values, options)
        full = outcome.items
        for finding in outcome.findings:
            if finding.is_error and finding.item is not None:
                failures.setdefault(finding.item, []).append(
                    f"{finding.path}: {finding.message}" if finding.path else finding.message)
    else:
        full = inlined
    runs = (runner("inline", values, quiet).items,
            runner("inline", without_preference, quiet).items,
            runner("inline", _without(values, positions, "instancetype"), quiet).items,
            runner("inline", without_preference, options).items)
    explained = [_explained(index, values[index], full[index], *(run[index] for run in runs)) for index in positions]
    for explanation in explained:
        if explanation.expanded_from is None:
            explanation.failures = failures.get(explanation.index, [])
    return explained


def _without(values: list[Any], positions: list[int], matcher: str) -> list[Any]:
    out = list(values)
    for index in positions:
        out[index] = _without_matcher(values[index], matcher)
    return out


def _without_matcher(value: dict, matcher: str) -> dict:
    """The VM (or the pool, its template's) without the matcher."""
    if is_pool(value):
        template = value["spec"]["virtualMachineTemplate"]
        bare = _without_matcher(template, matcher)
        return value if bare is template else {**value, "spec": {**value["spec"], "virtualMachineTemplate": bare}}
    spec = value.get("spec")
    if isinstance(spec, dict) and matcher in spec:
        return {**value, "spec": {k: v for k, v in spec.items() if k != matcher}}
    return value


def _explained(index: int, vm: Any, full: Any, *runs: Any) -> Explanation:
    if is_pool(vm):
        return _explained_pool(index, vm, full, *runs)
    return _explained_vm(index, vm, full, *runs)


def _explained_pool(index: int, pool: dict, full: Any, *runs: Any) -> Explanation:
    """The pool's VM explained, its fields located in the inlined pool."""
    outputs = [output if is_pool(output) else pool for output in (full, *runs)]
    as_vm = _explained_vm(index, pool_vm(pool), *(pool_vm(output) for output in outputs))
    expanded, expanded_from = split_template_inlined_from(outputs[0])
    in_pool = {template_path(leaf.path): leaf for leaf in as_vm.leaves}
    out = []
    for path, value in leaves(expanded).items():
        found = in_pool.get(path)
        out.append(Leaf(path, value, found.source if found is not None and same(found.value, value) else Source(VM)))
    return Explanation(index, pool, expanded, expanded_from, out)


def _explained_vm(index: int, vm: Any, full: Any, *runs: Any) -> Explanation:
    """`runs`: the VM inlined without defaults, without defaults and preference, without defaults
    and instance type, and without preference."""
    expanded, expanded_from = split_inlined_from(full)
    refs = _refs(expanded_from)
    variants = [strip_inlined_from(run) for run in runs]
    out = []
    for path, value, (written, *others) in aligned_leaves(expanded, [vm, *variants]):
        if expanded_from is None or same(written, value):
            source = Source(VM)
        else:
            source = _source(path, value, refs, others, variants[1])
            if written is not ABSENT and source.origin != DEFAULT and source.rule != OVERWRITE:
                # the VM's value is unset to KubeVirt (a Go zero value such as false,
                # docs/kubevirt/README.md#set-and-unset-go-zero-values)
                source = Source(source.origin, source.definition, source.field,
                                f"{OVERWRITE}: the VM's {json.dumps(written)} counts as unset")
        out.append(Leaf(path, value, source))
    return Explanation(index, vm, expanded, expanded_from, out)


def _source(path: str, value: Any, refs: dict[str, str], others: list[Any], instancetype_vm: Any) -> Source:
    """`others`: the field's value in the runs `_explained_vm` names, in that order;
    `instancetype_vm`: the run with the instance type alone."""
    bare, instancetype_only, preference_only, defaults_without_preference = others
    relative = path[len(_TEMPLATE):] if path.startswith(_TEMPLATE) else path
    instancetype, preference = refs.get("instancetype"), refs.get("preference")
    if not same(bare, value):
        found = preference_field(relative)
        if preference and found and not same(defaults_without_preference, value):
            return Source(PREFERENCE, preference, found[0], f"{found[1]}, on a device the defaults added")
        return Source(DEFAULT, field=default_setting(relative))
    if instancetype and same(instancetype_only, value):
        return _from_instancetype(instancetype, relative)
    if preference and same(preference_only, value):
        field, rule = preference_field(relative) or ("spec", FILL)
        return Source(PREFERENCE, preference, field, rule)
    if preference and instancetype and relative in _TOPOLOGY:
        return Source(PREFERENCE, preference, "spec.cpu.preferredCPUTopology",
                      f"topology of the {_vcpus(instancetype_vm)} vCPUs of {instancetype}")
    if instancetype:
        return _from_instancetype(instancetype, relative)
    field, rule = preference_field(relative) or ("spec", FILL)
    return Source(PREFERENCE, preference, field, rule)


def _from_instancetype(instancetype: str, relative: str) -> Source:
    field = instancetype_field(relative) or "spec"
    return Source(INSTANCETYPE, instancetype, field, OVERWRITE if field in INSTANCETYPE_OVERWRITES else None)


def _vcpus(instancetype_vm: Any) -> int:
    """The vCPUs of the VM as the instance type alone expands it (sockets x cores x threads)."""
    cpu: Any = instancetype_vm
    for key in ("spec", "template", "spec", "domain", "cpu"):
        cpu = cpu.get(key) if isinstance(cpu, dict) else None
    count = 1
    for part in ("sockets", "cores", "threads"):
        value = cpu.get(part, 1) if isinstance(cpu, dict) else 1
        count *= value if isinstance(value, int) else 1
    return count


def _refs(expanded_from: str | None) -> dict[str, str]:
    """`instancetype=Kind/name,preference=Kind/name` as {role: `Kind/name`}."""
    out = {}
    for part in (expanded_from or "").split(","):
        role, equals, ref = part.partition("=")
        if equals:
            out[role] = ref
    return out
