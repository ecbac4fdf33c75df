"""The `normalize` mode on plain data: every VirtualMachine and VirtualMachineInstance written as
KubeVirt stores it after its mutating webhook, matchers kept, so that the source in git equals the
live object.

No KubeVirt counterpart as a whole: each VM goes through the CREATE chain krmfn already ports
(``krmfn.admission.admit``); an admitted VM is replaced by what the mutating webhook
stores (``krmfn.kubevirt.virt_api.mutators.vm_mutator``): inferred matchers, the preference's
architecture, machine type and storage class, the cluster's architecture and machine type, the
PCI topology annotation.

* Every input item comes out, in order; only admitted VMs whose stored form differs change.
* A VM KubeVirt's admission rejects is never stored: it is left unchanged, with one error per
  cause (KubeVirt's message).
* A VM whose instance type or preference is missing (or its kind or revision unusable) is admitted
  (the webhook only logs it) and fails when it starts: it is left unchanged too, with one error
  per missing reference (``krmfn.kubevirt.instancetype.expand.vms.reference_failure``: KubeVirt's
  expand message for each, as validate's reference check gives them).
* A VirtualMachineInstance is written as its CREATE chain stores it (``krmfn.kubevirt.virt_api.vmi_create``
  ``stored_source``: presets and defaults applied, without status, the random firmware UUID and
  the webhook's finalizer, which only the live object has).
* VirtualMachinePools are left as written: no mutating webhook runs on a pool (KubeVirt stores it
  as sent); only the VMs its controller creates from the template are mutated, and those are not
  in git. One info result says so. A pool its own webhook rejects is never stored: one error per
  cause, as for a VM (the VM webhook's causes on its template are not reported again).
* Under ``legacyApiVersions: convert``, each v1alpha1 or v1alpha2 instance type and preference
  gets a warning: krmfn read it as v1beta1, a version KubeVirt has stopped serving
  (``krmfn.modes.inline.mode.legacy_notes``).
* Idempotent: a normalized VM is the webhook's fixed point.
* ``check``: nothing changes; each field KubeVirt would store differently is an error (CI, pre-commit).
* The random ``firmware.uuid``/``serial`` the webhook adds on CREATE cannot be known offline:
  ``argocd_ignore_differences`` lists them as Argo CD ``ignoreDifferences`` entries.
"""
from __future__ import annotations

import json
from collections.abc import Collection, Mapping

from krmfn.model.fields import ABSENT, field_changes
from krmfn.model.record import field, record
from krmfn.modes.inline.mode import admission_findings, legacy_notes
from krmfn.kubevirt.bundle import DEFAULT_NAMESPACE, Bundle
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_items
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.kubevirt.instancetype.webhooks.vm import mutate
from krmfn.kubevirt.instancetype.expand.vms import ExpandOptions, reference_failure
from krmfn.modes.validate.classify import check_for_expand_failure
from krmfn.kubevirt.virt_api.mutators.vm_mutator import stored_vm
from krmfn.model.findings import ERROR, INFO, UNSET, Finding
from krmfn.model.embedded import unwrap
from krmfn.model.kinds import (
    KUBEVIRT_GROUP,
    VIRTUAL_MACHINE,
    VIRTUAL_MACHINE_INSTANCE,
    is_virtual_machine,
    is_virtual_machine_instance,
    is_virtual_machine_instance_preset,
    is_virtual_machine_pool,
)
from krmfn.model.kubevirt_version import catalog_for
from krmfn.model.options import complete
from krmfn.model.outcome import Outcome
from krmfn.model.suppression import suppress
from krmfn.modes.cluster import cluster_findings, cluster_options

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

NORMALIZE_CHECK = "normalize"
POOL_AS_WRITTEN = ("VirtualMachinePool left as written: KubeVirt runs no mutating webhook on pools (it stores "
                   "them as sent); the VMs its controller creates are mutated, and those are not in git")


@record
class Normalized:
    """The mode's outcome, and by item index the JSON Pointers of each stored VM's fields that
    only the cluster can fill (``vm_mutator.Stored.live_only``)."""

    outcome: Outcome
    live_only: dict[int, list[str]] = field(default_factory=dict)
    # VMs left as written with an error: admission rejects them (never stored), or what they
    # reference is missing (they never start)
    rejected: set[int] = field(default_factory=set)


def run_normalize(values: list[Any], options: Mapping[str, Any], pool_vms: Collection[int] = ()) -> Outcome:
    """The mode: functionConfig options in, the Outcome out. ``pool_vms``: the item indexes that
    stand for a VirtualMachinePool's template (``krmfn.model.embedded``)."""
    outcome = normalize_items(values, options, pool_vms).outcome
    suppress(outcome.findings, values)
    return outcome


def normalize_items(values: list[Any], options: Mapping[str, Any], pool_vms: Collection[int] = ()) -> Normalized:
    """Each admitted VM of ``values`` as stored, against the others (module doc)."""
    cluster = cluster_options("normalize", values, options)
    options = cluster.options
    config = ClusterConfig.from_options(options)
    namespace = options["namespace"] or DEFAULT_NAMESPACE
    catalog_version = catalog_for(options["catalog"], config.kubevirt_version)
    legacy = options["legacyApiVersions"]
    admitted = admit_items(values, namespace, config, catalog_version, legacy)
    bundle = Bundle((item for item in values if isinstance(item, dict)), namespace, admitted.rejected,
                    catalog_version, legacy, config.kubevirt_version)
    references = ExpandOptions.from_options(options, rejected=admitted.rejected, infer=True)
    result = Normalized(Outcome(list(values), list(range(len(values)))))
    rejected: list[Admission | None] = [None] * len(values)
    presets = [item for item, verdict in zip(values, admitted.verdicts, strict=True)
               if is_virtual_machine_instance_preset(item) and verdict is not None and verdict.allowed]
    for index, item in enumerate(values):
        verdict = admitted.verdicts[index]
        if is_virtual_machine_pool(item) and verdict is not None and not verdict.allowed:
            rejected[index] = verdict  # its webhook rejects it: never stored, nor its VMs created
            result.rejected.add(index)
            continue
        if not (is_virtual_machine(item) or is_virtual_machine_instance(item)):
            continue
        if index in pool_vms:
            result.outcome.findings.append(Finding(INFO, POOL_AS_WRITTEN, item=index, check=NORMALIZE_CHECK))
            continue
        if verdict is not None and not verdict.allowed:
            rejected[index] = verdict
            result.rejected.add(index)
            continue
        if is_virtual_machine_instance(item):
            _normalize_vmi(index, item, presets, namespace, config, result, options["check"])
        else:
            _normalize_vm(index, item, (values, bundle, references), config, result, options["check"])
    result.outcome.findings.extend(admission_findings(values, rejected, result.outcome, ERROR))
    result.outcome.findings.extend(legacy_notes(values, legacy))
    result.outcome.findings.extend(cluster_findings(values, cluster))
    return result


def _normalize_vm(index: int, vm: dict, cluster: tuple[list[Any], Bundle, ExpandOptions], config: ClusterConfig,
                  result: Normalized, check: bool) -> None:
    values, bundle, references = cluster
    vm_namespace = bundle.namespace_of(vm)
    mutation = mutate(vm, bundle, vm_namespace, config.kubevirt_version)
    if isinstance(mutation, Admission):  # admission allowed it, so this cannot happen; stay safe
        return
    missing = reference_failure(mutation.vm, values, bundle, references)
    if missing is not None:  # it would never start: left as written, every missing reference told
        result.rejected.add(index)
        result.outcome.findings.extend(
            Finding(ERROR, failure.message, item=index, path=failure.path,
                    check=check_for_expand_failure(failure.check, failure.reasons)) for failure in missing.every())
        return
    stored = stored_vm(mutation.vm, bundle, vm_namespace, config)
    _record(index, vm, stored.vm, stored.live_only, result, check)


def _normalize_vmi(index: int, vmi: dict, presets: list[dict], namespace: str, config: ClusterConfig,
                   result: Normalized, check: bool) -> None:
    from krmfn.kubevirt.virt_api.vmi_create import create_vmi, stored_source  # noqa: PLC0415 - VMIs only
    created = create_vmi(vmi, presets, namespace, config)
    if created.stored is None:  # admission allowed it, so this cannot happen; stay safe
        return
    stored = stored_source(vmi, created.stored)
    _record(index, vmi, stored.vmi, stored.live_only, result, check)


def _record(index: int, source: dict, stored: dict, live_only: list[str], result: Normalized, check: bool) -> None:
    """What normalize does with one object's stored form: its drift under ``check``, else the
    stored form in place of the source."""
    if live_only:
        result.live_only[index] = live_only
    if stored == source:
        return
    if check:
        result.outcome.findings.extend(drift_findings(index, source, stored))
    else:
        result.outcome.items[index] = stored
        result.outcome.changed.add(index)


def drift_findings(index: int, source: dict, stored: dict) -> list[Finding]:
    """The `check` option: one error per field KubeVirt would store differently from the source."""
    findings = []
    for change in field_changes(source, stored):
        if change.before is ABSENT:
            message = f"KubeVirt's mutating webhook adds {change.path}: {_shown(change.after)}"
        elif change.after is ABSENT:
            message = f"KubeVirt's mutating webhook removes {change.path} ({_shown(change.before)})"
        else:
            message = (f"KubeVirt's mutating webhook stores {change.path} as {_shown(change.after)} "
                       f"(the source has {_shown(change.before)})")
        findings.append(Finding(ERROR, message, item=index, path=change.path, check=NORMALIZE_CHECK,
                                current=UNSET if change.before is ABSENT else change.before,
                                proposed=UNSET if change.after is ABSENT else change.after))
    return findings


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def argocd_ignore_differences(values: list[Any], options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Argo CD ``ignoreDifferences`` entries (an Application's ``spec.ignoreDifferences``) for what
    only a live cluster can know after normalize, per kind (VirtualMachine, VirtualMachineInstance):
    one entry for every object of the kind when all those KubeVirt stores need the same pointers,
    else one per object (``name``/``namespace``, the first of a repeated name). Empty when nothing
    remains."""
    flat = unwrap(values)
    if flat is not None:  # the objects of Lists count; a pool's template is not stored as a VM
        pool_vms = flat.pool_members()
        values = [value for index, value in enumerate(flat.values) if index not in pool_vms]
    normalized = normalize_items(values, options)
    namespace = complete("normalize", options)["namespace"] or DEFAULT_NAMESPACE
    entries: list[dict[str, Any]] = []
    for kind, is_kind in ((VIRTUAL_MACHINE, is_virtual_machine),
                          (VIRTUAL_MACHINE_INSTANCE, is_virtual_machine_instance)):
        live_only = {index: found for index, found in normalized.live_only.items() if is_kind(values[index])}
        stored = [index for index, item in enumerate(values) if is_kind(item) and index not in normalized.rejected]
        entries.extend(_entries(kind, live_only, stored, values, namespace))
    return entries


def _entries(kind: str, live_only: dict[int, list[str]], stored: list[int], values: list[Any],
             namespace: str) -> list[dict[str, Any]]:
    if not live_only:
        return []
    pointers = list(live_only.values())
    if len(live_only) == len(stored) and all(p == pointers[0] for p in pointers):
        return [_entry(kind, pointers[0])]
    entries: dict[tuple[str, str], dict[str, Any]] = {}
    for index, found in sorted(live_only.items()):
        entry = _entry(kind, found, values[index], namespace)
        entries.setdefault((entry["namespace"], entry["name"]), entry)
    return list(entries.values())


def _entry(kind: str, pointers: list[str], obj: dict | None = None, namespace: str = "") -> dict[str, Any]:
    entry: dict[str, Any] = {"group": KUBEVIRT_GROUP, "kind": kind}
    if obj is not None:
        given = obj.get("metadata")
        metadata: dict = given if isinstance(given, dict) else {}
        entry["name"] = metadata.get("name", "")
        entry["namespace"] = metadata.get("namespace") or namespace
    entry["jsonPointers"] = list(pointers)
    return entry
