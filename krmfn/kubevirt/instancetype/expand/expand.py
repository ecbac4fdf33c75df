"""Expand: a VM with matchers -> the VM with its instance type and preference applied
(docs/kubevirt/expand.md#algorithm).

Mirrors `pkg/instancetype/expand/expand.go` (what `virtctl expand` / `expand-vm-spec` return):

 1. no `spec.instancetype` and no `spec.preference`: the VM is returned unchanged (unless it sets
    krmfn's v1beta2 `domain.cpu.guest`, which it cannot use then: a Failure);
 2./3. find the instance type, then the preference (the first error wins; the preference's error
    behind the instance type's is its ``later``, docs/kubevirt/expand.md#every-missing-reference);
 4. copy the VM;
 5./6. default disks and the default pod network, BEFORE the preference is applied;
 7. apply IT and PF to `spec.template.spec`; conflicts fail the expansion (a VM
    `domain.cpu.guest` first needs a v1beta2 instance type or preference: v1beta2 rule 6);
 8. SetDefaultVirtualMachineInstanceSpec;
 9. strip the matchers and the status refs.

The input VM and the bundle are never mutated: the parts expand writes (`spec`, the template, its
spec and metadata, `status`) are copied; other subtrees (e.g. `dataVolumeTemplates`) are shared
with the input.
"""
from __future__ import annotations


from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi, instancetype_conflicts
from krmfn.kubevirt.bundle import V1BETA1, Bundle
from krmfn.kubevirt.instancetype.conflict import Conflict, expand_error
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.defaults.defaults import (
    defaults_can_fail,
    set_default_network_interface,
    set_default_vmi_spec,
    set_default_volume_disk,
)
from krmfn.kubevirt.instancetype.find.instancetype import find_instancetype
from krmfn.kubevirt.instancetype.find.matcher import Resolved
from krmfn.kubevirt.instancetype.find.preference import find_preference
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.kubevirt.apimachinery.gozero import clone
from krmfn.model.record import record, replace

BASE_PATH = "spec.template.spec"
CHECK_CONFLICT = "instancetype-conflict"
CHECK_NETWORK_DEFAULTS = "default-network-interface"
CHECK_VM_GUEST = "vm-guest-not-accepted"
STATUS_REFS = ("instancetypeRef", "preferenceRef")
MATCHERS = ("instancetype", "preference")


@record(frozen=True)
class ExpandResult:
    """The expanded VM, or the Failure with KubeVirt's message (then `vm` is None).

    `vm is input` when the VM had no matchers (returned unchanged, docs/kubevirt/expand.md#algorithm step 1).
    `instancetype` / `preference` say what was applied.
    """

    vm: dict | None
    failure: Failure | None = None
    instancetype: Resolved | None = None
    preference: Resolved | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


def has_matchers(vm: dict) -> bool:
    """Go: `vm.Spec.Instancetype != nil || vm.Spec.Preference != nil` (null counts as absent)."""
    spec = vm.get("spec")
    return isinstance(spec, dict) and (spec.get("instancetype") is not None or spec.get("preference") is not None)


def _copy_for_expand(vm: dict) -> tuple[dict, dict, dict, bool]:
    """(copy of vm, its template spec T, its template metadata M, whether M was created).

    The matchers are dropped from the copied spec here already (step 9); they are not read
    after resolution.
    """
    out = dict(vm)
    spec = {k: v for k, v in vm["spec"].items() if k not in MATCHERS}
    template = spec.get("template")
    template = dict(template) if isinstance(template, dict) else {}
    template_spec = clone(template.get("spec")) if isinstance(template.get("spec"), dict) else {}
    metadata_created = not isinstance(template.get("metadata"), dict)
    template_metadata = {} if metadata_created else clone(template["metadata"])
    template["spec"] = template_spec
    template["metadata"] = template_metadata
    spec["template"] = template
    out["spec"] = spec
    return out, template_spec, template_metadata, metadata_created


def _strip_status_refs(vm: dict) -> None:
    """Remove status.instancetypeRef / preferenceRef (docs/kubevirt/expand.md#stripped-fields); other status fields
    are kept."""
    status = vm.get("status")
    if not isinstance(status, dict) or not any(ref in status for ref in STATUS_REFS):
        return
    stripped = {k: v for k, v in status.items() if k not in STATUS_REFS}
    if stripped:
        vm["status"] = stripped
    else:
        del vm["status"]


def _conflict_failure(conflicts: list[Conflict]) -> Failure:
    first = conflicts[0]
    reasons = frozenset().union(*(conflict.reasons for conflict in conflicts))
    for source in MATCHERS:
        if first.dotted.startswith(source + "."):
            # A problem of the instance type / preference itself (a value Go could not decode,
            # a spread ratio of 0): point at the VM's matcher.
            return Failure(expand_error(conflicts), f"spec.{source}", f"{source}-invalid", reasons)
    return Failure(expand_error(conflicts), conflict_field(first), CHECK_CONFLICT, reasons)


def _guest_not_accepted() -> Failure:
    return Failure(v1beta2.VM_GUEST_NOT_ACCEPTED, v1beta2.VM_GUEST_PATH, CHECK_VM_GUEST, v1beta2.RULE_REASONS)


def conflict_field(conflict: Conflict) -> str:
    """The VM field a conflict is about, as a JSON path of the VM.

    `annotations.<key>` lives in the template metadata, and the Go-cased
    `dedicatedCPUPlacement` of the message is the JSON field `dedicatedCpuPlacement`.
    """
    path = conflict.dotted
    if path.startswith("annotations."):
        return "spec.template.metadata." + path
    if path.endswith(".dedicatedCPUPlacement"):
        return path[: -len("dedicatedCPUPlacement")] + "dedicatedCpuPlacement"
    return path


def find_references(vm: dict, bundle: Bundle, namespace: str) -> tuple[Resolved | None, Resolved | None] | Failure:
    """Steps 2 and 3: the instance type and preference, or the first Failure. ``Expand`` (and the
    VM controller's ``checkResourcesExist`` when the VM starts) returns the instance type's error
    without looking for the preference; the preference's error, which the VM meets once its
    instance type is found (the same message: the preference's lookup does not read the instance
    type), is that Failure's ``later``, so that every missing reference is told at once
    (docs/kubevirt/expand.md#every-missing-reference)."""
    instancetype = find_instancetype(vm, bundle, namespace)
    if isinstance(instancetype, Failure):
        behind = find_preference(vm, bundle, namespace)
        return replace(instancetype, later=(behind,)) if isinstance(behind, Failure) else instancetype
    preference = find_preference(vm, bundle, namespace)
    if isinstance(preference, Failure):
        return preference
    return instancetype, preference


def _resolve(vm: dict, bundle: Bundle, namespace: str) -> tuple[Resolved | None, Resolved | None] | Failure:
    """Steps 2 and 3, then the v1beta2 guest rule: the instance type and preference, or the first
    Failure."""
    found = find_references(vm, bundle, namespace)
    if isinstance(found, Failure):
        return found
    instancetype, preference = found
    if v1beta2.vm_has_guest(vm) and not v1beta2.guest_accepted(
            v1beta2.resolved_version(instancetype), v1beta2.resolved_version(preference)):
        return _guest_not_accepted()
    return instancetype, preference


def expand_vm(vm: dict, bundle: Bundle, config: ClusterConfig | None = None,
              namespace: str | None = None, apply_defaults: bool = True) -> ExpandResult:
    """Expand one VM against the bundle (docs/kubevirt/expand.md#algorithm).

    namespace: the VM's effective namespace (default: its own, else the bundle's default).
    apply_defaults: False skips the cluster defaults (steps 5, 6 and 8), leaving only what the
    instance type and preference say (krmfn option `defaults: none`; not a KubeVirt behaviour).
    """
    if not has_matchers(vm):
        return ExpandResult(None, _guest_not_accepted()) if v1beta2.vm_has_guest(vm) else ExpandResult(vm)
    config = config or ClusterConfig()
    namespace = namespace or bundle.namespace_of(vm)

    resolved = _resolve(vm, bundle, namespace)
    if isinstance(resolved, Failure):
        return ExpandResult(None, resolved)
    instancetype, preference = resolved

    out, template_spec, template_metadata, metadata_created = _copy_for_expand(vm)
    if apply_defaults:
        set_default_volume_disk(template_spec)
        error = set_default_network_interface(config, template_spec)
        if error is not None:
            return ExpandResult(None, Failure(error, BASE_PATH + ".networks", CHECK_NETWORK_DEFAULTS))

    conflicts = apply_to_vmi(
        BASE_PATH,
        instancetype.spec if instancetype else None,
        preference.spec if preference else None,
        template_spec,
        template_metadata,
        instancetype.version if instancetype else V1BETA1,
        config.kubevirt_version,
    )
    if conflicts:
        return ExpandResult(None, _conflict_failure(conflicts))

    if apply_defaults:
        error = set_default_vmi_spec(config, template_spec)
        if error is not None:
            return ExpandResult(None, Failure(error, BASE_PATH + ".networks", CHECK_NETWORK_DEFAULTS))

    if metadata_created and not template_metadata:
        del out["spec"]["template"]["metadata"]  # Go prints `metadata: {}`; absent is equivalent
    _strip_status_refs(out)
    return ExpandResult(out, None, instancetype, preference)


def check_expand(vm: dict, bundle: Bundle, config: ClusterConfig | None = None,
                 namespace: str | None = None, apply_defaults: bool = True,
                 conflict_free: tuple[dict | None, dict | None] | None = None) -> ExpandResult:
    """``expand_vm``'s verdict without building the expanded VM: the same failure, or success
    with ``vm`` None and what would be applied (validate reports failures, not the output).

    Only the steps that can fail run: find, the v1beta2 guest rule, the instance type appliers on
    scratch copies (``instancetype_conflicts``). Disk defaults and the preference never fail;
    the network defaults can only fail under some cluster settings, and then the full expand
    runs. The equivalence is checked over the golden corpus (tests/golden/test_check_expand.py).

    ``conflict_free``: an (instance type spec, preference spec) pair already known to apply to
    this VM's template without conflict (admission applied them: ``Admission.conflict_free``);
    when the same two objects resolve, the appliers are not run again.
    """
    config = config or ClusterConfig()
    if not has_matchers(vm) or (apply_defaults and defaults_can_fail(config)):
        return expand_vm(vm, bundle, config, namespace, apply_defaults)
    namespace = namespace or bundle.namespace_of(vm)
    resolved = _resolve(vm, bundle, namespace)
    if isinstance(resolved, Failure):
        return ExpandResult(None, resolved)
    instancetype, preference = resolved
    it_spec = instancetype.spec if instancetype else None
    pf_spec = preference.spec if preference else None
    if conflict_free is not None and conflict_free[0] is it_spec and conflict_free[1] is pf_spec:
        return ExpandResult(None, None, instancetype, preference)
    template = vm["spec"].get("template")
    template = template if isinstance(template, dict) else {}
    template_spec = template.get("spec")
    template_spec = template_spec if isinstance(template_spec, dict) else {}
    template_metadata = template.get("metadata")
    template_metadata = template_metadata if isinstance(template_metadata, dict) else {}
    conflicts = instancetype_conflicts(BASE_PATH, it_spec, pf_spec, template_spec, template_metadata,
                                       instancetype.version if instancetype else V1BETA1)
    if conflicts:
        return ExpandResult(None, _conflict_failure(conflicts))
    return ExpandResult(None, None, instancetype, preference)
