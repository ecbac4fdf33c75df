"""The `inline` mode on plain data: every VirtualMachine replaced by what `virtctl expand` returns.

No KubeVirt counterpart as a whole: this drives `krmfn.instancetype.expand` (which mirrors
`pkg/instancetype/expand/expand.go`) over a bundle, with the bundle's instance types,
preferences, ControllerRevisions and volume sources as the cluster.

* Every input item comes out, in order. An expanded VM replaces its input; a VM that cannot be
  expanded is left unchanged and gets one error Finding with KubeVirt's exact message.
* A VM without matchers is left unchanged (§9.1 step 1), so inlining is idempotent.
* A VM with a field of the wrong JSON type (`spec.template: [..]`, `spec.instancetype.name: 5`),
  which virtctl cannot even decode, is left unchanged with an error naming the field
  (`krmfn.instancetype.expand.decode`). When a "not found" instance type or preference is in the
  bundle but KubeVirt's admission rejects it, the message says so and why.
* Each inlined VM gets the annotation `krmfn.dev/inlined-from`, e.g.
  `instancetype=VirtualMachineClusterInstancetype/u1.medium,preference=VirtualMachineClusterPreference/fedora`
  (`@<revision>` is appended when a ControllerRevision supplied the spec). KubeVirt's expand adds no
  VM annotations; the golden comparison ignores annotations the oracle does not have.
* `infer` (off by default): resolve `inferFromVolume` matchers from the bundle's PVCs,
  DataVolumes, DataSources and VolumeSnapshots first, as the VM mutating webhook would (§2.7).
  Off by default because `virtctl expand --file` never infers: it fails with
  `resource name may not be empty`, and that is what the golden `expand` results record.
* `drop_referenced`: remove the instance types, preferences and instancetype ControllerRevisions
  that inlined VMs referenced and that no VM left with matchers still references.
* `legacy` (`legacyApiVersions`): `convert` (default) reads v1alpha1/v1alpha2 objects and
  revision payloads as KubeVirt up to v1.5 did; `reject` is KubeVirt today (they do not exist).
* krmfn's own `instancetype.kubevirt.io/v1beta2` (`krmfn.instancetype.v1beta2`) is always read; a
  v1beta2 object left in the output gets an info result, since no cluster serves that version.
"""
from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Any, Iterable

from krmfn.findings import ERROR, INFO, Finding
from krmfn.instancetype import bundle as bundles
from krmfn.instancetype.bundle import Bundle, ObjectKey
from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.expand.decode import type_error
from krmfn.instancetype.expand.expand import ExpandResult, check_expand, expand_vm, has_matchers
from krmfn.instancetype.find.kinds import matcher_kind, resolve_instancetype_kind, resolve_preference_kind
from krmfn.instancetype.infer.handler import infer_matchers

INLINED_FROM_ANNOTATION = "krmfn.dev/inlined-from"
VIRTUAL_MACHINE = "VirtualMachine"
VM_API_GROUP = "kubevirt.io"
INSTANCETYPE_KINDS = frozenset({
    bundles.VIRTUAL_MACHINE_INSTANCETYPE, bundles.VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE,
    bundles.VIRTUAL_MACHINE_PREFERENCE, bundles.VIRTUAL_MACHINE_CLUSTER_PREFERENCE,
})
REVISION_OBJECT_KIND_LABEL = "instancetype.kubevirt.io/object-kind"
ROLE_KINDS = {
    "instancetype": frozenset({bundles.VIRTUAL_MACHINE_INSTANCETYPE, bundles.VIRTUAL_MACHINE_CLUSTER_INSTANCETYPE}),
    "preference": frozenset({bundles.VIRTUAL_MACHINE_PREFERENCE, bundles.VIRTUAL_MACHINE_CLUSTER_PREFERENCE}),
}


@dataclass
class InlineOptions:
    """Options of the inline mode (functionConfig names in `from_options`)."""

    namespace: str = bundles.DEFAULT_NAMESPACE
    config: ClusterConfig = field(default_factory=ClusterConfig)
    drop_referenced: bool = False
    apply_defaults: bool = True
    infer: bool = False
    annotate: bool = True
    rejected: set[ObjectKey] = field(default_factory=set)
    catalog_version: str | None = None
    legacy: str = bundles.LEGACY_CONVERT
    # validate: only the verdicts (findings); expanded VMs are neither built nor written
    check_only: bool = False

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "InlineOptions":
        """From the functionConfig options (`krmfn.kio.config.OPTIONS` names)."""
        return cls(
            namespace=options.get("namespace") or bundles.DEFAULT_NAMESPACE,
            config=ClusterConfig.from_options(options),
            drop_referenced=bool(options.get("dropReferenced", False)),
            apply_defaults=options.get("defaults", "cluster") != "none",
            infer=bool(options.get("inferFromVolume", False)),
            catalog_version=_catalog_version(options.get("catalog")),
            legacy=options.get("legacyApiVersions") or bundles.LEGACY_CONVERT,
        )


def _catalog_version(value: Any) -> str | None:
    from krmfn import catalog

    if value == "none":
        return None
    return value or catalog.DEFAULT_VERSION


@dataclass
class InlineOutcome:
    """`items`: the output list; `sources[i]`: the input index of output item i.

    `changed` and Finding.item are input indices; without `drop_referenced` they are also output
    positions.
    """

    items: list[Any]
    sources: list[int]
    changed: set[int] = field(default_factory=set)
    findings: list[Finding] = field(default_factory=list)


def is_virtual_machine(item: Any) -> bool:
    if not isinstance(item, dict) or item.get("kind") != VIRTUAL_MACHINE:
        return False
    group, _ = bundles.split_api_version(item.get("apiVersion"))
    return group == VM_API_GROUP


def inlined_from(result: ExpandResult) -> str:
    """The `krmfn.dev/inlined-from` value: which instance type and preference were applied."""
    parts = [f"{role}={resolved.source()}" for role, resolved in
             (("instancetype", result.instancetype), ("preference", result.preference)) if resolved]
    return ",".join(parts)


def _annotated(vm: dict, value: str) -> dict:
    """vm with the inlined-from annotation (copying only metadata and its annotations)."""
    metadata = vm.get("metadata")
    metadata = dict(metadata) if isinstance(metadata, dict) else {}
    annotations = metadata.get("annotations")
    metadata["annotations"] = {**(annotations if isinstance(annotations, dict) else {}),
                               INLINED_FROM_ANNOTATION: value}
    return {**vm, "metadata": metadata}


def _expand_item(vm: dict, bundle: Bundle, options: InlineOptions,
                 conflict_free: tuple[dict | None, dict | None] | None = None) -> ExpandResult:
    namespace = bundle.namespace_of(vm)
    if options.infer:
        inferred = infer_matchers(vm, bundle, namespace)
        if inferred.failure is not None:
            return ExpandResult(None, inferred.failure)
        vm = inferred.vm
    if options.check_only:
        return check_expand(vm, bundle, options.config, namespace, options.apply_defaults, conflict_free)
    return expand_vm(vm, bundle, options.config, namespace, options.apply_defaults)


INFER_HINT = " (the matcher uses inferFromVolume, which virtctl expand does not resolve; set the inline option inferFromVolume=true to infer it from the bundle's volumes as KubeVirt's admission does)"


def _catalog_notes(result: ExpandResult, bundle: Bundle, index: int) -> list[Finding]:
    """An info result for each object the VM resolved from the embedded catalog."""
    notes = []
    for resolved in (result.instancetype, result.preference):
        if resolved is not None and resolved.revision is None and bundle.from_catalog(resolved.kind, resolved.name):
            notes.append(Finding(INFO, f"{resolved.kind} {resolved.name} is not in the bundle: used the one of the "
                                       f"embedded common-instancetypes catalog {bundle.catalog_version}",
                                 item=index, check="catalog"))
    return notes


def _with_hint(message: str, vm: dict, options: InlineOptions) -> str:
    """KubeVirt's message, plus how to get further when it comes from an uninferred matcher."""
    if options.infer or message != bundles.EMPTY_NAME_MESSAGE:
        return message
    spec = vm.get("spec") if isinstance(vm.get("spec"), dict) else {}
    uses_inference = any(isinstance(spec.get(k), dict) and spec[k].get("inferFromVolume")
                         for k in ("instancetype", "preference"))
    return message + INFER_HINT if uses_inference else message


def _rejected_hint(check: str | None, vm: dict, items: list[Any], bundle: Bundle, options: InlineOptions) -> str:
    """Why a "not found" object is missing when the bundle has it: KubeVirt's admission rejects it
    (so, as in a cluster, it does not exist). Empty when that is not the case."""
    role = {"instancetype-not-found": "instancetype", "preference-not-found": "preference"}.get(check or "")
    if role is None or not options.rejected:
        return ""
    from krmfn.instancetype.webhooks.admit import admit_instancetype_or_preference

    wanted = {key for key in _matcher_references(vm, bundle) if key[0] in ROLE_KINDS[role] and key in options.rejected}
    for item in items:
        if isinstance(item, dict) and bundles.key_of(item, options.namespace) in wanted:
            verdict = admit_instancetype_or_preference(item, options.namespace, options.legacy)
            if verdict.allowed:
                continue  # a second object of that name (AlreadyExists) or an admitted duplicate
            cause = verdict.causes[0] if verdict.causes else None
            reason = f"{cause.field}: {cause.message}" if cause and cause.field else (cause.message if cause else "")
            return (f" (the bundle has {item['kind']} {item['metadata']['name']}, but KubeVirt's admission rejects it, "
                    f"so it does not exist: {reason})")
    return ""


def inline_items(items: list[Any], options: InlineOptions | None = None,
                 conflict_free: dict[int, tuple[dict | None, dict | None]] | None = None) -> InlineOutcome:
    """Expand every VirtualMachine of `items` against the other items (see the module doc).

    `conflict_free` (with `check_only`): by item index, what admission already applied without
    conflict (`krmfn.instancetype.expand.expand.check_expand`)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()  # only acyclic dicts and lists are created; the cyclic GC would rescan all items
    try:
        return _inline_items(items, options or InlineOptions(), conflict_free or {})
    finally:
        if gc_was_enabled:
            gc.enable()


def _inline_items(items: list[Any], options: InlineOptions,
                  conflict_free: dict[int, tuple[dict | None, dict | None]]) -> InlineOutcome:
    bundle = Bundle((item for item in items if isinstance(item, dict)), options.namespace, options.rejected,
                    options.catalog_version, options.legacy)
    out = list(items)
    outcome = InlineOutcome(out, list(range(len(items))))
    used: set[ObjectKey] = set()  # what the inlined VMs referenced or were expanded from
    for index, item in enumerate(items):
        if not is_virtual_machine(item):
            continue
        wrong_type = type_error(item) if has_matchers(item) else None
        if wrong_type is not None:  # virtctl cannot even decode it; expanding would write over it
            outcome.findings.append(Finding(ERROR, wrong_type.openapi_message(), item=index, path=wrong_type.path,
                                            check="schema"))
            continue
        try:
            result = _expand_item(item, bundle, options, conflict_free.get(index))
        except Exception as err:  # noqa: BLE001 - one bad VM must not cost the others their output
            outcome.findings.append(Finding(ERROR, f"internal error expanding this VM: {type(err).__name__}: {err}",
                                            item=index, check="internal-error"))
            continue
        if result.failure is not None:
            failure = result.failure
            message = _with_hint(failure.message, item, options) + _rejected_hint(failure.check, item, items, bundle,
                                                                                   options)
            outcome.findings.append(Finding(ERROR, message, item=index, path=failure.path, check=failure.check))
            continue
        if result.vm is item:
            continue
        if options.check_only:
            outcome.findings.extend(_catalog_notes(result, bundle, index))
            continue
        vm = result.vm
        if options.annotate and (result.instancetype or result.preference):
            vm = _annotated(vm, inlined_from(result))
        out[index] = vm
        outcome.changed.add(index)
        outcome.findings.extend(_catalog_notes(result, bundle, index))
        if options.drop_referenced:
            used.update(_matcher_references(item, bundle))
            used.update(_resolved_keys(result, bundle.namespace_of(item)))
    if used:
        _drop_referenced(used, bundle, outcome)
    outcome.findings.extend(_v1beta2_notes(outcome))
    return outcome


V1BETA2_NOT_SERVED = ("instancetype.kubevirt.io/v1beta2 is served by krmfn only: no KubeVirt cluster accepts this "
                      "object, so keep it out of what you apply (annotate it config.kubernetes.io/local-config: "
                      "\"true\", as generate does, or set dropReferenced: true)")
LOCAL_CONFIG_ANNOTATION = "config.kubernetes.io/local-config"


def _v1beta2_notes(outcome: InlineOutcome) -> list[Finding]:
    """An info result for each v1beta2 instance type or preference in the output that would be
    applied (not marked local config)."""
    notes = []
    for item, source in zip(outcome.items, outcome.sources):
        if (isinstance(item, dict) and isinstance(item.get("kind"), str) and item["kind"] in INSTANCETYPE_KINDS
                and bundles.split_api_version(item.get("apiVersion")) == (bundles.INSTANCETYPE_GROUP, bundles.V1BETA2)
                and not _is_local_config(item)):
            notes.append(Finding(INFO, V1BETA2_NOT_SERVED, item=source, path="apiVersion", check="v1beta2-not-served"))
    return notes


def _is_local_config(item: dict) -> bool:
    metadata = item.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    return isinstance(annotations, dict) and str(annotations.get(LOCAL_CONFIG_ANNOTATION)).lower() == "true"


# ---------------------------------------------------------------------------------------------
# drop_referenced
# ---------------------------------------------------------------------------------------------
def _matcher_references(vm: dict, bundle: Bundle) -> Iterable[ObjectKey]:
    """The bundle keys a VM's matchers and status refs point at (whether or not they exist)."""
    namespace = bundle.namespace_of(vm)
    spec = vm.get("spec") if isinstance(vm.get("spec"), dict) else {}
    status = vm.get("status") if isinstance(vm.get("status"), dict) else {}
    for matcher_key, ref_key, resolve in (("instancetype", "instancetypeRef", resolve_instancetype_kind),
                                          ("preference", "preferenceRef", resolve_preference_kind)):
        matcher = spec.get(matcher_key)
        if not isinstance(matcher, dict):
            continue
        kind = resolve(matcher_kind(matcher))
        name = matcher.get("name")
        if kind and isinstance(name, str) and name:
            scoped = namespace if bundles.RESOURCE_TYPES[kind].namespaced else ""
            yield (kind, scoped, name)
        ref = status.get(ref_key) if isinstance(status.get(ref_key), dict) else {}
        revision_ref = ref.get("controllerRevisionRef") if isinstance(ref.get("controllerRevisionRef"), dict) else {}
        for revision in (matcher.get("revisionName"), revision_ref.get("name")):
            if isinstance(revision, str) and revision:
                yield (bundles.CONTROLLER_REVISION, namespace, revision)


def _resolved_keys(result: ExpandResult, namespace: str) -> Iterable[ObjectKey]:
    """The objects an expansion actually used (this covers matchers filled in by inference)."""
    for resolved in (result.instancetype, result.preference):
        if resolved is None:
            continue
        if resolved.revision:
            yield (bundles.CONTROLLER_REVISION, namespace, resolved.revision)
        elif resolved.kind in bundles.RESOURCE_TYPES:
            scoped = namespace if bundles.RESOURCE_TYPES[resolved.kind].namespaced else ""
            yield (resolved.kind, scoped, resolved.name)


def _droppable(item: Any, key: ObjectKey | None) -> bool:
    """Instance types, preferences, and ControllerRevisions that hold one of them."""
    if key is None:
        return False
    if key[0] in INSTANCETYPE_KINDS:
        return True
    if key[0] != bundles.CONTROLLER_REVISION:
        return False
    labels = item["metadata"].get("labels")  # key_of() guarantees a metadata mapping
    data = item.get("data")
    payload_kinds = (labels.get(REVISION_OBJECT_KIND_LABEL) if isinstance(labels, dict) else None,
                     data.get("kind") if isinstance(data, dict) else None)
    return any(isinstance(kind, str) and kind in INSTANCETYPE_KINDS for kind in payload_kinds)


def _drop_referenced(used: set[ObjectKey], bundle: Bundle, outcome: InlineOutcome) -> None:
    still_used = {key for index, item in enumerate(outcome.items)
                  if is_virtual_machine(item) and has_matchers(item)
                  for key in _matcher_references(item, bundle)}
    drop = used - still_used
    keep = [position for position, item in enumerate(outcome.items)
            if not (isinstance(item, dict) and (key := bundles.key_of(item, bundle.default_namespace)) in drop
                    and bundles.is_served(item, bundle.legacy) and _droppable(item, key))]
    outcome.items = [outcome.items[position] for position in keep]
    outcome.sources = [outcome.sources[position] for position in keep]


def run_inline(values: list[Any], options: dict[str, Any]):  # -> krmfn.modes.Outcome
    """The `krmfn.modes` entry point: functionConfig options in, a modes.Outcome out."""
    from krmfn.modes import Outcome

    from krmfn.instancetype.webhooks import rejected_keys

    inline_options = InlineOptions.from_options(options)
    # Objects KubeVirt's admission rejects are never stored: VMs that use them get "not found".
    inline_options.rejected = rejected_keys(values, inline_options.namespace, inline_options.legacy)
    result = inline_items(values, inline_options)
    position_of = {source: position for position, source in enumerate(result.sources)}
    changed = {position_of[index] for index in result.changed if index in position_of}
    return Outcome(result.items, list(result.sources), changed, result.findings)
