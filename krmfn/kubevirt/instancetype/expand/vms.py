"""Expand every VirtualMachine of a bundle against the bundle's other items: the per-VM loop that
the inline and validate modes share.

No KubeVirt counterpart as a whole: this drives ``expand_vm`` / ``check_expand`` (which mirror
``pkg/instancetype/expand/expand.go``) over a bundle, with the bundle's instance types,
preferences, ControllerRevisions and volume sources as the cluster.

* A VM with a field of the wrong JSON type (``spec.template: [..]``, ``spec.instancetype.name: 5``),
  which virtctl cannot even decode, fails with the message KubeVirt's admission gives for the field
  (``krmfn.kubevirt.instancetype.expand.decode``).
* A failure keeps KubeVirt's message, plus why when krmfn knows more: the matcher uses
  ``inferFromVolume`` and inference is off, or a "not found" object is in the bundle but KubeVirt's
  admission rejects it (so, as in a cluster, it does not exist).
* ``infer``: resolve ``inferFromVolume`` matchers from the bundle first, as the VM mutating webhook
  does (docs/kubevirt/resolution.md#inference-from-a-volume); ``check_only``: only the verdicts, no expanded VM is
  built (validate).
* An exception while expanding one VM is that VM's failure (``internal-error``); the others go on.
"""
from __future__ import annotations

from collections.abc import Mapping

from krmfn.model import check_ids
from krmfn.kubevirt.bundle import DEFAULT_NAMESPACE, EMPTY_NAME_MESSAGE, Bundle, ObjectKey, key_of
from krmfn.kubevirt.instancetype.expand.decode import type_error
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.instancetype.expand.expand import (
    ExpandResult,
    check_expand,
    expand_vm,
    find_references,
    has_matchers,
)
from krmfn.kubevirt.instancetype.find.references import matcher_references
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.kubevirt.instancetype.infer.handler import infer_matchers
from krmfn.kubevirt.virt_api.admit import admit_instancetype_or_preference
from krmfn.model.findings import INFO, Finding
from krmfn.model.gcpause import gc_paused
from krmfn.model.kinds import INSTANCETYPE_KINDS, PREFERENCE_KINDS, is_virtual_machine
from krmfn.model.kubevirt_version import catalog_for
from krmfn.model.record import field, record, replace

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

CHECK_SCHEMA = "schema"
CHECK_INTERNAL_ERROR = check_ids.INTERNAL_ERROR
CHECK_CATALOG = "catalog"
INFER_HINT = (" (the matcher uses inferFromVolume, which virtctl expand does not resolve; set the inline option "
              "inferFromVolume=true to infer it from the bundle's volumes as KubeVirt's admission does)")
NOT_FOUND_ROLES = {"instancetype-not-found": INSTANCETYPE_KINDS, "preference-not-found": PREFERENCE_KINDS}
ConflictFree = tuple[dict | None, dict | None]


@record
class ExpandOptions:
    """How to expand a bundle: the cluster it stands for and what the calling mode asks for.

    Built from a complete options dict (``krmfn.model.options.complete``) by ``from_options``;
    ``rejected`` is filled by the caller from admission (objects KubeVirt never stores)."""

    namespace: str
    config: ClusterConfig
    catalog_version: str | None
    legacy: str
    apply_defaults: bool = True
    infer: bool = False
    check_only: bool = False
    rejected: set[ObjectKey] = field(default_factory=set)

    @classmethod
    def from_options(cls, options: Mapping[str, Any], **mode_settings: Any) -> ExpandOptions:
        """The cluster facts of a complete options dict; ``mode_settings`` set the other fields."""
        config = ClusterConfig.from_options(options)
        return cls(namespace=options["namespace"] or DEFAULT_NAMESPACE, config=config,
                   catalog_version=catalog_for(options["catalog"], config.kubevirt_version),
                   legacy=options["legacyApiVersions"], **mode_settings)


@record
class VmExpansions:
    """What became of each VM, by item index: an ``ExpandResult`` (``vm is`` the input when it has
    no matchers; ``vm`` None under ``check_only``) or a ``Failure``; both in item order."""

    bundle: Bundle
    results: dict[int, ExpandResult] = field(default_factory=dict)
    failures: dict[int, Failure] = field(default_factory=dict)

    def vm_indices(self) -> list[int]:
        return sorted(self.results.keys() | self.failures.keys())


def expand_vms(items: list[Any], options: ExpandOptions,
               conflict_free: Mapping[int, ConflictFree] | None = None) -> VmExpansions:
    """Expand every ``kubevirt.io`` VirtualMachine of ``items`` against the others (module doc).

    ``conflict_free`` (with ``check_only``): by item index, what admission already applied without
    conflict (``krmfn.kubevirt.instancetype.expand.expand.check_expand``)."""
    with gc_paused():  # only acyclic dicts and lists are created
        bundle = Bundle((item for item in items if isinstance(item, dict)), options.namespace, options.rejected,
                        options.catalog_version, options.legacy, options.config.kubevirt_version)
        expansions = VmExpansions(bundle)
        for index, item in enumerate(items):
            if not is_virtual_machine(item):
                continue
            result = _expand_vm_item(item, items, bundle, options, (conflict_free or {}).get(index))
            if isinstance(result, Failure):
                expansions.failures[index] = result
            else:
                expansions.results[index] = result
        return expansions


def _expand_vm_item(vm: dict, items: list[Any], bundle: Bundle, options: ExpandOptions,
                    conflict_free: ConflictFree | None) -> ExpandResult | Failure:
    wrong_type = type_error(vm) if has_matchers(vm) else None
    if wrong_type is not None:  # virtctl cannot even decode it; expanding would write over it
        return Failure(wrong_type.openapi_message(), wrong_type.path, CHECK_SCHEMA)
    try:
        result = expand_one(vm, bundle, options, conflict_free)
    except Exception as err:  # noqa: BLE001 - one bad VM must not cost the others their output
        return Failure(f"internal error expanding this VM: {type(err).__name__}: {err}", None, CHECK_INTERNAL_ERROR)
    if result.failure is None:
        return result
    return _described(result.failure, vm, items, bundle, options)


def reference_failure(vm: dict, items: list[Any], bundle: Bundle, options: ExpandOptions) -> Failure | None:
    """Why a VM with its matchers as admission stores them (inferred) cannot start for what it
    references (``find_references``: every missing reference, KubeVirt's answer first), with the
    hints of ``_told``; None when what it references is found."""
    found = find_references(vm, bundle, bundle.namespace_of(vm))
    return _described(found, vm, items, bundle, options) if isinstance(found, Failure) else None


def _described(first: Failure, vm: dict, items: list[Any], bundle: Bundle, options: ExpandOptions) -> Failure:
    """The failure and those behind it (``Failure.later``), each with ``_told``."""
    told = [_told(failure, vm, items, bundle, options) for failure in first.every()]
    return replace(told[0], later=tuple(told[1:]))


def _told(failure: Failure, vm: dict, items: list[Any], bundle: Bundle, options: ExpandOptions) -> Failure:
    """KubeVirt's message, with why when krmfn knows more (the hints below)."""
    hint = _rejected_hint(failure.check, vm, items, bundle, options) or _close_name_hint(failure.check, vm, bundle)
    return replace(failure, message=_with_infer_hint(failure.message, vm, options) + hint)


def expand_one(vm: dict, bundle: Bundle, options: ExpandOptions,
               conflict_free: ConflictFree | None = None) -> ExpandResult:
    """One VM: inference first when asked, then the verdict (``check_only``) or the expanded VM."""
    namespace = bundle.namespace_of(vm)
    if options.infer:
        inferred = infer_matchers(vm, bundle, namespace, options.config.kubevirt_version)
        if inferred.failure is not None:
            return ExpandResult(None, inferred.failure)
        vm = inferred.vm
    if options.check_only:
        return check_expand(vm, bundle, options.config, namespace, options.apply_defaults, conflict_free)
    return expand_vm(vm, bundle, options.config, namespace, options.apply_defaults)


def _with_infer_hint(message: str, vm: dict, options: ExpandOptions) -> str:
    """KubeVirt's message, plus how to get further when it comes from an uninferred matcher."""
    if options.infer or message != EMPTY_NAME_MESSAGE:
        return message
    spec = vm.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    uses_inference = any(isinstance(spec.get(k), dict) and spec[k].get("inferFromVolume")
                         for k in ("instancetype", "preference"))
    return message + INFER_HINT if uses_inference else message


def _rejected_hint(check: str | None, vm: dict, items: list[Any], bundle: Bundle, options: ExpandOptions) -> str:
    """Why a "not found" object is missing when the bundle has it: KubeVirt's admission rejects it
    (so, as in a cluster, it does not exist). Empty when that is not the case."""
    role_kinds = NOT_FOUND_ROLES.get(check or "")
    if role_kinds is None or not options.rejected:
        return ""
    wanted = {key for key in matcher_references(vm, bundle) if key[0] in role_kinds and key in options.rejected}
    for item in items:
        if isinstance(item, dict) and key_of(item, options.namespace) in wanted:
            verdict = admit_instancetype_or_preference(item, options.namespace, options.legacy,
                                                       options.config.kubevirt_version)
            if verdict.allowed:
                continue  # a second object of that name (AlreadyExists) or an admitted duplicate
            cause = verdict.causes[0] if verdict.causes else None
            reason = f"{cause.field}: {cause.message}" if cause and cause.field else (cause.message if cause else "")
            return (f" (the bundle has {item['kind']} {item['metadata']['name']}, but KubeVirt's admission rejects it, "
                    f"so it does not exist: {reason})")
    return ""


def _close_name_hint(check: str | None, vm: dict, bundle: Bundle) -> str:
    """For a "not found" instance type or preference: the same name under the role's other kind
    (`kind: VirtualMachineInstancetype` for a cluster instance type is a common slip), else the
    closest names that exist (`u1.meduim` → `u1.medium`). Empty when nothing is close."""
    role_kinds = NOT_FOUND_ROLES.get(check or "")
    if role_kinds is None:
        return ""
    for kind, namespace, name in matcher_references(vm, bundle):
        if kind not in role_kinds or bundle.get(kind, namespace, name) is not None:
            continue
        for other in role_kinds:
            if other != kind and bundle.get(other, bundle.namespace_of(vm), name) is not None:
                return f" (there is a {other} {name}: did you mean kind: {other}?)"
        close = close_names(name, bundle.names(kind, namespace))
        if close:
            return f" (did you mean {' or '.join(close)}?)"
    return ""


def close_names(name: str, names: set[str], cutoff: float = 0.75, margin: float = 0.05) -> list[str]:
    """The names most like ``name`` (difflib's ratio at least ``cutoff``, and within ``margin`` of
    the best one, so that `u1.meduim` suggests `u1.medium` alone, not `u1.2xmedium` as well)."""
    import difflib  # noqa: PLC0415 - only a name not found gets here (bench/README.md, "Start-up")

    scored = sorted((-difflib.SequenceMatcher(None, name, known).ratio(), known) for known in names)
    best = -scored[0][0] if scored else 0.0
    return [known for negative, known in scored[:3] if -negative >= max(cutoff, best - margin)]


def catalog_notes(result: ExpandResult, bundle: Bundle, index: int) -> list[Finding]:
    """An info finding for each object the VM resolved from the embedded catalog."""
    notes = []
    for resolved in (result.instancetype, result.preference):
        if resolved is not None and resolved.revision is None and bundle.from_catalog(resolved.kind, resolved.name):
            notes.append(Finding(INFO, f"{resolved.kind} {resolved.name} is not in the bundle: used the one of the "
                                       f"embedded common-instancetypes catalog {bundle.catalog_version}",
                                 item=index, check=CHECK_CATALOG))
    return notes
