"""Adopt one VM: the instance type and preference that reproduce it, and the VM rewritten onto them.

No KubeVirt counterpart (KubeVirt only goes the other way, ``pkg/instancetype/expand``). Steps:

1. the VM as KubeVirt will run it (``krmfn.modes.adopt.compare``): its vCPUs (sockets x cores x
   threads) and guest memory;
2. the instance types of that size (``krmfn.modes.adopt.candidates``; with ``generate``, custom sizes of
   the catalog's classes made by ``krmfn.modes.generate`` when none of the bundle or catalog fits);
3. every pair of them and the preferences (``preference_rank`` order), an instance type alone
   and a preference alone, tried in this order: an instance type and a preference, an instance
   type alone, a preference alone, each by the preference's rank, then the instance type's
   (``instancetype_rank``). The first whose adopted form (``krmfn.modes.adopt.rewrite.adopted``)
   inlines back to the very same VM wins (``krmfn.modes.adopt.verify``), else the first that gives the
   same guest;
4. the winner minimized: every further template field the instance type or preference fills in
   exactly is dropped.

Ranks (smaller first), so that the choice is deterministic:

* preference: 0 named by a hint (``krmfn.modes.adopt.hints``), 1 its name is an OS hint's stem
  (``rhel.9`` for ``rhel9.4``), 2 a variant of one (``rhel.9.desktop``), 3 of the hinted family
  (``instancetype.kubevirt.io/os-type``), 4 no OS hint at all; a preference of another family than
  the hinted one is not considered. Then the more fields the preference sets (the more specific),
  then bundle before catalog, namespaced before cluster, by name.
* instance type: 0 named by a hint, 1 otherwise; then bundle before generated before catalog,
  namespaced before cluster, fewer fields (the plainest), by name.
"""
from __future__ import annotations

import json


from krmfn import catalog
from krmfn.model.record import field, record
from krmfn.modes.adopt import hints as hint
from krmfn.modes.adopt.candidates import GENERATED, Definition, instancetypes, leaf_count, preferences, size_of
from krmfn.modes.adopt.compare import Diff, defaulted, differences
from krmfn.modes.adopt.rewrite import adopted, minimized
from krmfn.modes.adopt.verify import Verdict, Verifier
from krmfn.modes.generate.engine import generate
from krmfn.modes.generate.options import GenerateOptions
from krmfn.modes.generate.requests import SizeRequest
from krmfn.kubevirt.apimachinery import quantity
from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.instancetype.expand.decode import type_error
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.instancetype.expand.expand import has_matchers
from krmfn.model.kinds import VIRTUAL_MACHINE_INSTANCETYPE
from krmfn.model.krm import metadata_of

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ADOPTED, NOT_ADOPTED, SKIPPED = "adopted", "not-adopted", "skipped"
MAX_DIFFS = 3
MAX_REASONS = 2  # instance types whose differences a report names


@record
class AdoptContext:
    """What every VM of a run shares: the bundle as the cluster, its settings, generated sizes."""

    bundle: Bundle
    config: ClusterConfig
    catalog_version: str | None
    generate: bool
    items: list[Any]
    generated: dict[tuple[str, int, str, str], Definition] = field(default_factory=dict)
    generated_bundle: Bundle | None = None


@record
class AdoptResult:
    """What became of one VM. ``vm`` is the rewritten VM when ``status`` is ``adopted``."""

    status: str
    reasons: list[str] = field(default_factory=list)
    instancetype: Definition | None = None
    preference: Definition | None = None
    vm: dict | None = None
    dropped: list[str] = field(default_factory=list)
    hints: str = ""
    expansions: int = 0
    exact: bool = False  # the adopted VM inlines to the very same fields, not only the same guest


def adopt_vm(vm: dict, ctx: AdoptContext) -> AdoptResult:
    """One VM (module doc)."""
    if has_matchers(vm):
        return AdoptResult(SKIPPED, ["it already references an instance type or preference"])
    wrong_type = type_error(vm)
    if wrong_type is not None:  # KubeVirt never decodes it: nothing to reproduce
        return AdoptResult(NOT_ADOPTED, [wrong_type.openapi_message()])
    namespace = ctx.bundle.namespace_of(vm)
    original = defaulted(vm, ctx.config)
    if isinstance(original, str):
        return AdoptResult(NOT_ADOPTED, [f"KubeVirt's defaults fail: {original}"])
    verifier = Verifier(ctx.bundle, ctx.config, namespace, original)
    found = hint.collect(vm, ctx.bundle, namespace)
    sized, no_size = _sized(vm, verifier.expected, namespace, ctx)
    if ctx.generated_bundle is not None and any(it.origin == GENERATED for it in sized):
        verifier.bundle = ctx.generated_bundle
    ranked = _ranked_preferences(preferences(ctx.bundle, namespace), found)
    choice, reasons = _choose(vm, sorted(sized, key=lambda it: instancetype_rank(it, found)), ranked, verifier)
    if no_size:
        reasons.insert(0, no_size)
    if choice is None:
        return AdoptResult(NOT_ADOPTED, reasons or ["no preference reproduces it"], hints=found.describe(),
                           expansions=verifier.expansions)
    instancetype, preference, first, exact = choice
    reference = verifier.bare(first)
    rewritten = first if isinstance(reference, str) else minimized(
        first, lambda candidate: verifier.supplied_only(candidate, reference, exact))[0]
    dropped = [path for path, _, after in differences(_template(vm), _template(rewritten)) if after is None]
    notes = [*_hint_notes(found, instancetype, preference),
             *_os_note(vm, found, instancetype, preference, ranked, verifier),
             *(reasons if instancetype is None else [])]
    return AdoptResult(ADOPTED, notes, instancetype, preference, rewritten, dropped, found.describe(),
                       verifier.expansions, exact)


def _sized(vm: dict, expected: dict, namespace: str, ctx: AdoptContext) -> tuple[list[Definition], str]:
    """The instance types of the VM's size (generated ones when asked and there are none), and why
    there are none."""
    vcpus, memory = _size(expected)
    if vcpus is None or memory is None:
        return [], "no guest memory (domain.memory.guest or resources.requests.memory): no instance type"
    sized = [it for it in instancetypes(ctx.bundle, namespace) if size_of(it.spec) == (vcpus, memory)]
    if not sized and ctx.generate:
        sized = _generated(vm, vcpus, memory, namespace, ctx)
    return sized, "" if sized else _no_size(vcpus, memory, ctx, namespace)


def _template(vm: dict) -> dict:
    """What a rewrite changes: the template (of a VM with its krmfn annotations dropped)."""
    return {"template": vm.get("spec", {}).get("template", {})}


def preference_rank(preference: Definition, found: hint.Hints) -> int | None:
    """The hint rank of a preference (module doc); None: of another family than the hinted one."""
    if any(_names(named, preference) for named in found.preferences):
        return 0
    if preference.name in found.stems:
        return 1
    if any(preference.name.startswith(stem + ".") for stem in found.stems):
        return 2
    if found.families:
        return 3 if preference.os_type in found.families else None
    return 4


def instancetype_rank(instancetype: Definition, found: hint.Hints) -> tuple:
    named = 0 if any(_names(named, instancetype) for named in found.instancetypes) else 1
    origin, cluster, name = instancetype.order()
    return named, origin, cluster, leaf_count(instancetype.spec), name


def _names(named: hint.Named, definition: Definition) -> bool:
    return named.name == definition.name and (not named.kind or named.kind.lower() == definition.kind.lower())


def _applied_fields(spec: dict) -> int:
    """The fields of a preference that apply to a VM (not its requirements)."""
    return sum(leaf_count(value) for key, value in spec.items() if key != "requirements")


def _ranked_preferences(candidates: list[Definition], found: hint.Hints) -> list[Definition]:
    keyed = [((rank, -_applied_fields(p.spec), leaf_count(p.spec.get("requirements") or {}), *p.order()), p)
             for p in candidates if (rank := preference_rank(p, found)) is not None]
    return [p for _, p in sorted(keyed, key=lambda pair: pair[0])]


Choice = tuple[Definition | None, Definition | None, dict, bool]


def _choose(vm: dict, sized: list[Definition], ranked: list[Definition],
            verifier: Verifier) -> tuple[Choice | None, list[str]]:
    """The first (instance type, preference) whose adopted form inlines to the very same VM, else
    the first that gives the same guest (``krmfn.modes.adopt.verify.Verdict``), in this order: an
    instance type and a preference, an instance type alone, a preference alone, each in rank
    order. Also why each instance type fails."""
    pairs = sorted(((it is None, pf is None), (pf_index, it_index), it, pf)
                   for it_index, it in enumerate([*sized, None])
                   for pf_index, pf in enumerate([*ranked, None]) if it is not None or pf is not None)
    equivalent: Choice | None = None
    reasons: list[str] = []
    for _, _, instancetype, preference in pairs:
        candidate = adopted(vm, instancetype, preference)
        verdict = Verdict(failure=candidate) if isinstance(candidate, str) else verifier.verdict(
            candidate, instancetype, preference)
        if verdict.ok and isinstance(candidate, dict):
            if verdict.exact:
                return (instancetype, preference, candidate, True), reasons
            equivalent = equivalent or (instancetype, preference, candidate, False)
        elif preference is None and instancetype is not None and len(reasons) < MAX_REASONS:
            reasons.append(f"{instancetype.text()}: {_why(verdict)}")
    if len(sized) > MAX_REASONS and equivalent is None:
        reasons.append(f"and {len(sized) - MAX_REASONS} more instance types of that size")
    return equivalent, reasons


def _why(verdict: Verdict) -> str:
    if verdict.failure is not None:
        return verdict.failure
    shown = "; ".join(describe(diff) for diff in verdict.diffs[:MAX_DIFFS])
    more = len(verdict.diffs) - MAX_DIFFS
    return shown + (f"; and {more} more" if more > 0 else "")


def describe(diff: Diff) -> str:
    """``domain.cpu.sockets: 1 would become 2`` (paths within the template spec)."""
    path, before, after = diff
    path = path.removeprefix("spec.template.spec.")
    if before is None:
        return f"{path}: {_short(after)} would be added"
    if after is None:
        return f"{path}: {_short(before)} would be lost"
    return f"{path}: {_short(before)} would become {_short(after)}"


def _short(value: Any) -> str:
    """A value as the VM's YAML/JSON spells it (`true`, `{"a": 1}`), not as Python does."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _size(expected: dict) -> tuple[int | None, quantity.Quantity | None]:
    domain = expected["spec"]["template"]["spec"].get("domain") or {}
    cpu = domain.get("cpu") or {}
    vcpus = 1
    for key in ("sockets", "cores", "threads"):
        value = cpu.get(key) or 1
        vcpus *= value if isinstance(value, int) else 1
    memory = quantity.parse((domain.get("memory") or {}).get("guest"))
    return vcpus, memory if isinstance(memory, quantity.Quantity) else None


def _no_size(vcpus: int, memory: quantity.Quantity, ctx: AdoptContext, namespace: str) -> str:
    same_cpu = [f"{it.name} {size_of(it.spec)[1]}" for it in instancetypes(ctx.bundle, namespace)
                if size_of(it.spec)[0] == vcpus and it.name.startswith("u1.")]
    closest = f" (u1 with {vcpus} vCPU{'s' if vcpus != 1 else ''}: {', '.join(same_cpu)})" if same_cpu else ""
    where = f"the bundle or catalog {ctx.catalog_version}" if ctx.catalog_version else "the bundle"
    fix = "" if ctx.generate or not ctx.catalog_version else ": use --generate"
    return (f"{vcpus} vCPU{'s' if vcpus != 1 else ''} with memory {memory.canonical()} match no instance type of "
            f"{where}{closest}{fix}")


def _hint_notes(found: hint.Hints, instancetype: Definition | None, preference: Definition | None) -> list[str]:
    """Hints the choice did not follow, said."""
    notes = []
    for named in found.instancetypes[:1]:
        if instancetype is None or not _names(named, instancetype):
            notes.append(f"{named.origin} names instance type {named.name}, which does not reproduce this VM")
    for named in found.preferences[:1]:
        if preference is None or not _names(named, preference):
            notes.append(f"{named.origin} names preference {named.name}, which does not reproduce this VM")
    return notes


def _os_note(vm: dict, found: hint.Hints, instancetype: Definition | None, preference: Definition | None,
             ranked: list[Definition], verifier: Verifier) -> list[str]:
    """Why the preference an OS hint names was not taken, when it was not."""
    hinted = next((p for p in ranked if p.name in found.stems), None)
    if hinted is None or hinted is preference or found.preferences:
        return []
    candidate = adopted(vm, instancetype, hinted)
    verdict = Verdict(failure=candidate) if isinstance(candidate, str) else verifier.verdict(
        candidate, instancetype, hinted)
    return [f"{hinted.name} (OS {', '.join(found.os_ids)}) does not reproduce it: {_why(verdict)}"]


# --- generate ----------------------------------------------------------------------------------


def _generated(vm: dict, vcpus: int, memory: quantity.Quantity, namespace: str,
               ctx: AdoptContext) -> list[Definition]:
    """Custom sizes of the catalog's classes (``krmfn.modes.generate``), one per class, for ``vm``'s size;
    made once per size and namespace in a run."""
    version = ctx.catalog_version
    if version is None:
        return []
    vm_namespace = metadata_of(vm).get("namespace")
    made = []
    for cls in catalog.definition(version).classes:
        key = (cls.name, vcpus, memory.canonical(), namespace)
        if key not in ctx.generated:
            name = f"{cls.name}.{vcpus}c{memory.canonical().lower()}"
            options = GenerateOptions(namespace=vm_namespace if isinstance(vm_namespace, str) else None,
                                      catalog_version=version, kubevirt_version=ctx.config.kubevirt_version)
            objects, _ = generate([SizeRequest(cls.name, name, vcpus, memory.canonical())], ctx.items, options)
            if not objects:
                continue
            obj = objects[0]
            ctx.generated[key] = Definition(VIRTUAL_MACHINE_INSTANCETYPE, name, obj["spec"], GENERATED, obj)
            ctx.generated_bundle = None
        made.append(ctx.generated[key])
    if ctx.generated_bundle is None and ctx.generated:
        ctx.generated_bundle = Bundle([*(item for item in ctx.items if isinstance(item, dict)),
                                       *(d.obj for d in ctx.generated.values() if d.obj is not None)],
                                      ctx.bundle.default_namespace, ctx.bundle.rejected, version, ctx.bundle.legacy,
                                      ctx.config.kubevirt_version)
    return made
