"""The `inline` mode on plain data: every VirtualMachine replaced by what `virtctl expand` returns.

No KubeVirt counterpart as a whole: the engine's per-VM loop (`krmfn.kubevirt.instancetype.expand.vms`,
which drives the port of `pkg/instancetype/expand/expand.go`) expands the bundle; this module adds
what is inline's own: the output items, the `krmfn.dev/inlined-from` annotation, `dropReferenced`
and the notes.

* Every input item comes out, in order. An expanded VM replaces its input; a VM that cannot be
  expanded is left unchanged and gets one error Finding with KubeVirt's exact message.
* A VM without matchers is left unchanged (docs/kubevirt/expand.md#algorithm step 1), so inlining is idempotent.
* A VM with a field of the wrong JSON type (`spec.template: [..]`, `spec.instancetype.name: 5`),
  which virtctl cannot even decode, is left unchanged with an error naming the field
  (`krmfn.kubevirt.instancetype.expand.decode`). When a "not found" instance type or preference is in the
  bundle but KubeVirt's admission rejects it, the message says so and why.
* Each inlined VM gets the annotation `krmfn.dev/inlined-from`, e.g.
  `instancetype=VirtualMachineClusterInstancetype/u1.medium,preference=VirtualMachineClusterPreference/fedora`
  (`@<revision>` is appended when a ControllerRevision supplied the spec). KubeVirt's expand adds no
  VM annotations; the golden comparison ignores annotations the oracle does not have.
* `infer` (off by default): resolve `inferFromVolume` matchers from the bundle's PVCs,
  DataVolumes, DataSources and VolumeSnapshots first, as the VM mutating webhook would
  (docs/kubevirt/resolution.md#inference-from-a-volume). Off by default because `virtctl expand --file` never infers:
  it fails with `resource name may not be empty`, and that is what the golden `expand` results record.
* `drop_referenced`: remove the instance types, preferences and instancetype ControllerRevisions
  that inlined VMs referenced and that no VM left with matchers still references.
* `legacy` (`legacyApiVersions`): `reject` (default) is KubeVirt today (v1alpha1/v1alpha2 do not
  exist); `convert` reads those objects and revision payloads as KubeVirt up to v1.5 did, with a
  warning (check `deprecated`) on each such instance type and preference (``legacy_notes``).
* `admission` (`off` by default): also report, as warnings or errors, each cause KubeVirt's
  admission gives for a VM that expands (expand runs none of the general VM checks) and for a
  VirtualMachinePool (its own webhook; a cause in its template once, ``krmfn.model.embedded``); a
  VM that does not expand already has its error.
* An item annotated `krmfn.dev/ignore` has the findings about it whose check it names suppressed
  (``krmfn.model.suppression``), as in validate.
* krmfn's own `instancetype.kubevirt.io/v1beta2` (`krmfn.kubevirt.instancetype.v1beta2`) is always read; a
  v1beta2 object left in the output gets an info result, since no cluster serves that version.
"""
from __future__ import annotations

from collections.abc import Mapping

from krmfn.kubevirt.bundle import (
    LEGACY_CONVERT,
    LEGACY_VERSIONS,
    V1BETA1,
    V1BETA2,
    Bundle,
    ObjectKey,
    is_served,
    key_of,
)
from krmfn.kubevirt.instancetype.legacy import LAST_SERVED_IN, NOT_SERVED_SINCE, REMOVED_IN
from krmfn.kubevirt.instancetype.expand.expand import ExpandResult, has_matchers
from krmfn.kubevirt.instancetype.expand.vms import ExpandOptions, VmExpansions, catalog_notes, expand_vms
from krmfn.kubevirt.instancetype.find.references import matcher_references, resolved_keys
from krmfn.admission.admit import admit_items
from krmfn.kubevirt.virt_api.admit import create_vmis, rejected_keys
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.model import check_ids
from krmfn.model.findings import ADMISSION_REJECTS, ERROR, INFO, WARNING, Finding
from krmfn.model.kinds import (
    CONTROLLER_REVISION,
    DEFINITION_KINDS,
    INSTANCETYPE_GROUP,
    VIRTUAL_MACHINE_POOL,
    is_virtual_machine,
    is_virtual_machine_instance,
    is_virtual_machine_pool,
    kind_of,
    split_api_version,
)
from krmfn.model.krm import (
    INLINED_FROM_ANNOTATION,
    LOCAL_CONFIG_ANNOTATION,
    PROVENANCE_ANNOTATION,
    is_local_config,
    labels_of,
    provenance_value,
)
from krmfn.model.kubevirt_version import kubevirt_version
from krmfn.model.options import complete
from krmfn.model.outcome import Outcome
from krmfn.model.record import record
from krmfn.model.suppression import suppress
from krmfn.modes.cluster import cluster_findings, cluster_options
from krmfn.modes.validate.classify import check_for_cause, check_for_expand_failure

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

ADMISSION_CHECK = "admission"
REVISION_OBJECT_KIND_LABEL = "instancetype.kubevirt.io/object-kind"
LEGACY_CONVERTED = ("krmfn read this object as {converted} (legacyApiVersions: convert): KubeVirt served {api_version} "
                    f"up to {LAST_SERVED_IN}, stopped serving it in {NOT_SERVED_SINCE} and removed it in {REMOVED_IN}; "
                    "change its apiVersion to {converted}")
V1BETA2_NOT_SERVED = ("instancetype.kubevirt.io/v1beta2 is served by krmfn only: no KubeVirt cluster accepts this "
                      f"object, so keep it out of what you apply (annotate it {LOCAL_CONFIG_ANNOTATION}: "
                      "\"true\", as generate does, or set dropReferenced: true)")


@record
class InlineOptions:
    """The inline mode's options: how to expand, and what to do with the output."""

    expand: ExpandOptions
    drop_referenced: bool
    annotate: bool = True
    admission: str = "off"
    provenance: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> InlineOptions:
        """From functionConfig options (``krmfn.model.options`` names; the rest at their defaults)."""
        options = complete("inline", options)
        expand = ExpandOptions.from_options(options, apply_defaults=options["defaults"] != "none",
                                            infer=options["inferFromVolume"])
        return cls(expand, options["dropReferenced"], admission=options["admission"],
                   provenance=options["provenance"])


def run_inline(values: list[Any], options: Mapping[str, Any]) -> Outcome:
    """The mode: functionConfig options in, the Outcome out."""
    if options.get("processTemplates"):
        return _processed_then_inlined(values, options)
    cluster = cluster_options("inline", values, options)
    inline_options = InlineOptions.from_options(cluster.options)
    expand = inline_options.expand
    # Objects KubeVirt's admission rejects are never stored: VMs that use them get "not found".
    if inline_options.admission == "off":
        expand.rejected = rejected_keys(values, expand.namespace, expand.legacy, expand.config.kubevirt_version)
        outcome = inline_items(values, inline_options)
        _store_vmis(values, inline_options, outcome)
    else:
        admitted = admit_items(values, expand.namespace, expand.config, expand.catalog_version, expand.legacy)
        expand.rejected = admitted.rejected
        outcome = inline_items(values, inline_options)
        _store_vmis(values, inline_options, outcome)
        outcome.findings.extend(admission_findings(values, admitted.verdicts, outcome, inline_options.admission))
    outcome.findings.extend(legacy_notes(values, expand.legacy))
    if inline_options.provenance:
        _annotate_provenance(values, options, outcome)
    outcome.findings.extend(cluster_findings(values, cluster))
    suppress(outcome.findings, values)  # Finding.item names input items, also after dropReferenced
    return outcome


def _processed_then_inlined(values: list[Any], options: Mapping[str, Any]) -> Outcome:
    """``processTemplates``: every VirtualMachineTemplate processed as the process mode does (with
    ``parameters``, ``seed`` and ``kubevirtVersion``), then the result inlined. Items, changes and
    findings are the input's: a finding on a VM a template yielded is on the template, its path
    under ``spec.virtualMachine``."""
    from krmfn.modes.process.mode import ProcessOptions, process_items  # noqa: PLC0415
    given = complete("inline", options)
    processed = process_items(values, ProcessOptions(given["parameters"], given["seed"], False,
                                                     kubevirt_version(given["kubevirtVersion"])))
    suppress(processed.findings, values)
    inlined = run_inline(processed.items, {**options, "processTemplates": False})
    sources = [None if source is None else processed.sources[source] for source in inlined.sources]
    changed = {position for position, source in enumerate(inlined.sources)
               if position in inlined.changed or (source is not None and source in processed.changed)}
    findings = list(processed.findings)
    for finding in inlined.findings:
        if finding.item is not None:
            from_template = finding.item in processed.changed
            finding.item = processed.sources[finding.item]
            if from_template and finding.path:
                finding.path = f"spec.virtualMachine.{finding.path}"
        findings.append(finding)
    return Outcome(inlined.items, sources, changed, findings)


def _store_vmis(values: list[Any], options: InlineOptions, outcome: Outcome) -> None:
    """Each VirtualMachineInstance as its CREATE chain stores it (``stored_source``: presets and
    defaults, as normalize writes it); one the chain rejects is left unchanged, with an error per
    cause: a cluster would store nothing (docs/kubevirt/vmi.md#the-stored-vmi)."""
    expand = options.expand
    created_vmis = create_vmis(values, expand.namespace, expand.config, expand.legacy)
    if not created_vmis:
        return
    from krmfn.kubevirt.virt_api.vmi_create import stored_source  # noqa: PLC0415 - the VMI chain, with VMIs
    for index, created in created_vmis.items():
        if created.stored is None:
            outcome.findings.extend(admission_findings(values, _only(len(values), index, created.verdict), outcome,
                                                       ERROR))
            continue
        stored = stored_source(values[index], created.stored).vmi
        if stored != values[index]:
            outcome.items[index] = stored
            outcome.changed.add(index)


def _only(size: int, index: int, verdict: Admission) -> list[Admission | None]:
    verdicts: list[Admission | None] = [None] * size
    verdicts[index] = verdict
    return verdicts


def _annotate_provenance(values: list[Any], options: Mapping[str, Any], outcome: Outcome) -> None:
    """The `provenance` option: each inlined VM gets `krmfn.dev/provenance` (krmfn.modes.explain)."""
    from krmfn.modes.explain.provenance import VM as VM_ORIGIN, explain  # noqa: PLC0415 - this option only
    in_place = outcome.sources == list(range(len(values)))  # else dropReferenced removed items
    # `values` is the modes' flat view: a pool's VM is an item of its own, explained as a VM (the
    # pool's rebuild locates its paths in the pool, krmfn.model.embedded).
    found_all = explain(values, options, lambda _, v, o: run_inline(v, o), outcome.items if in_place else None,
                        pools=False)
    explained = {found.index: found for found in found_all}
    for position, source in enumerate(outcome.sources):
        found = explained.get(source) if source is not None else None
        if found is None or found.expanded_from is None:
            continue
        by_source: dict[str, list[str]] = {}
        for leaf in found.leaves:
            if leaf.source.origin != VM_ORIGIN:
                by_source.setdefault(leaf.source.text(), []).append(leaf.path)
        outcome.items[position] = _annotated(outcome.items[position], provenance_value(by_source),
                                             PROVENANCE_ANNOTATION)


def admission_findings(values: list[Any], verdicts: list[Admission | None], outcome: Outcome,
                       severity: str) -> list[Finding]:
    """One finding per cause of each VM, VMI or VirtualMachinePool admission rejects, for those that
    expand has no error for (a pool's template: once, krmfn.model.embedded)."""
    failed = {finding.item for finding in outcome.findings if finding.is_error}
    findings = []
    for index, verdict in enumerate(verdicts):
        if verdict is None or verdict.allowed or index in failed:
            continue
        item = values[index]
        noun = ("VM" if is_virtual_machine(item) else "VMI" if is_virtual_machine_instance(item)
                else VIRTUAL_MACHINE_POOL if is_virtual_machine_pool(item) else None)
        if noun is None:
            continue
        for cause in verdict.causes:
            check = check_for_cause(verdict.stage or "", cause.reasons, kind_of(values[index])) or ADMISSION_CHECK
            findings.append(Finding(severity, ADMISSION_REJECTS.format(noun=noun) + cause.message, item=index,
                                    path=cause.field or cause.located or None, check=check,
                                    tags={"stage": verdict.stage or ""}))
    return findings


def inline_items(values: list[Any], options: InlineOptions) -> Outcome:
    """Every VM of ``values`` expanded against the others (see the module doc); the rejected
    objects are those the options name."""
    expansions = expand_vms(values, options.expand)
    out = list(values)
    changed: set[int] = set()  # input indices
    findings: list[Finding] = []
    used: set[ObjectKey] = set()  # what the inlined VMs referenced or were expanded from
    for index in expansions.vm_indices():
        failure = expansions.failures.get(index)
        if failure is not None:  # each problem expand meets, KubeVirt's answer first
            findings.extend(Finding(ERROR, each.message, item=index, path=each.path,
                                    check=check_for_expand_failure(each.check, each.reasons))
                            for each in failure.every())
            continue
        result = expansions.results[index]
        if result.vm is values[index] or result.vm is None:
            continue
        out[index] = _annotated(result.vm, inlined_from(result)) if options.annotate and (
            result.instancetype or result.preference) else result.vm
        changed.add(index)
        findings.extend(catalog_notes(result, expansions.bundle, index))
        if options.drop_referenced:
            used.update(_used_keys(values[index], result, expansions.bundle))
    outcome = Outcome(out, list(range(len(values))), changed, findings)
    if used:
        _drop_referenced(used, expansions, outcome)
    outcome.findings.extend(_v1beta2_notes(outcome))
    return outcome


def inlined_from(result: ExpandResult) -> str:
    """The `krmfn.dev/inlined-from` value: which instance type and preference were applied."""
    parts = [f"{role}={resolved.source()}" for role, resolved in
             (("instancetype", result.instancetype), ("preference", result.preference)) if resolved]
    return ",".join(parts)


def _annotated(vm: dict, value: str, annotation: str = INLINED_FROM_ANNOTATION) -> dict:
    """vm with the inlined-from (or another) annotation (copying only metadata and its annotations)."""
    metadata = vm.get("metadata")
    metadata = dict(metadata) if isinstance(metadata, dict) else {}
    annotations = metadata.get("annotations")
    metadata["annotations"] = {**(annotations if isinstance(annotations, dict) else {}),
                               annotation: value}
    return {**vm, "metadata": metadata}


def legacy_notes(values: list[Any], legacy: str) -> list[Finding]:
    """Under ``legacyApiVersions: convert``, a warning for each v1alpha1 or v1alpha2 instance type
    or preference, which krmfn read as v1beta1 (validate reports KubeVirt's own CRD deprecation
    warning instead, check deprecated)."""
    if legacy != LEGACY_CONVERT:
        return []
    notes = []
    for index, item in enumerate(values):
        group, version = split_api_version(item.get("apiVersion")) if isinstance(item, dict) else (None, None)
        if kind_of(item) in DEFINITION_KINDS and group == INSTANCETYPE_GROUP and version in LEGACY_VERSIONS:
            api_version, converted = f"{group}/{version}", f"{group}/{V1BETA1}"
            notes.append(Finding(WARNING, LEGACY_CONVERTED.format(api_version=api_version, converted=converted),
                                 item=index, path="apiVersion", check=check_ids.DEPRECATED, current=api_version,
                                 proposed=converted))
    return notes


def _v1beta2_notes(outcome: Outcome) -> list[Finding]:
    """An info result for each v1beta2 instance type or preference in the output that would be
    applied (not marked local config)."""
    return [Finding(INFO, V1BETA2_NOT_SERVED, item=source, path="apiVersion",
                    check=check_ids.V1BETA2_NOT_SERVED)
            for item, source in zip(outcome.items, outcome.sources, strict=False)
            if kind_of(item) in DEFINITION_KINDS
            and split_api_version(item.get("apiVersion")) == (INSTANCETYPE_GROUP, V1BETA2)
            and not is_local_config(item)]


# ---------------------------------------------------------------------------------------------
# dropReferenced
# ---------------------------------------------------------------------------------------------
def _used_keys(vm: dict, result: ExpandResult, bundle: Bundle) -> set[ObjectKey]:
    return {*matcher_references(vm, bundle),
            *resolved_keys((result.instancetype, result.preference), bundle.namespace_of(vm))}


def _droppable(item: Any, key: ObjectKey | None) -> bool:
    """Instance types, preferences, and ControllerRevisions that hold one of them."""
    if key is None:
        return False
    if key[0] in DEFINITION_KINDS:
        return True
    if key[0] != CONTROLLER_REVISION:
        return False
    data = item.get("data")
    payload_kinds = (labels_of(item).get(REVISION_OBJECT_KIND_LABEL),
                     data.get("kind") if isinstance(data, dict) else None)
    return any(isinstance(kind, str) and kind in DEFINITION_KINDS for kind in payload_kinds)


def _drop_referenced(used: set[ObjectKey], expansions: VmExpansions, outcome: Outcome) -> None:
    """Remove what the inlined VMs used and no VM left with matchers still references; ``changed``
    becomes output positions."""
    bundle = expansions.bundle
    still_used = {key for item in outcome.items if is_virtual_machine(item) and has_matchers(item)
                  for key in matcher_references(item, bundle)}
    drop = used - still_used
    keep = [position for position, item in enumerate(outcome.items)
            if not (isinstance(item, dict) and (key := key_of(item, bundle.default_namespace)) in drop
                    and is_served(item, bundle.legacy) and _droppable(item, key))]
    position_of = {outcome.sources[position]: new for new, position in enumerate(keep)}
    outcome.items = [outcome.items[position] for position in keep]
    outcome.sources = [outcome.sources[position] for position in keep]
    outcome.changed = {position_of[index] for index in outcome.changed if index in position_of}
