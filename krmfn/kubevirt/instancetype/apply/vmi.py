"""Apply an instance type, then a preference, to a VM template (docs/kubevirt/instancetype-apply.md#applytovmi).

Mirrors ``ApplyToVMI`` of ``pkg/instancetype/apply/vmi.go``.

Entry point: ``apply_to_vmi(base_path, it_spec, pf_spec, template_spec, template_metadata)``.
"""
from __future__ import annotations

from collections.abc import Sequence

from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.instancetype.apply.annotations import apply_instancetype_annotations
from krmfn.kubevirt.instancetype.apply.cpu import apply_cpu, write_topology
from krmfn.kubevirt.instancetype.apply.gpus import apply_gpus
from krmfn.kubevirt.instancetype.apply.host_devices import apply_host_devices
from krmfn.kubevirt.instancetype.apply.iothreads import apply_io_threads, apply_io_threads_policy
from krmfn.kubevirt.instancetype.apply.launch_security import apply_launch_security
from krmfn.kubevirt.instancetype.apply.memory import apply_memory
from krmfn.kubevirt.instancetype.apply.node_selector import apply_node_selector
from krmfn.kubevirt.instancetype.apply.scheduler_name import apply_scheduler_name
from krmfn.kubevirt.bundle import V1BETA1
from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.apimachinery.gozero import child, clone
from krmfn.kubevirt.instancetype.preference.apply.vmi import apply_preference
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion


def apply_to_vmi(
    base_path: str | Sequence[str],
    it_spec: dict | None,
    pf_spec: dict | None,
    template_spec: dict,
    template_metadata: dict,
    it_version: str = V1BETA1,
    version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION,
) -> list[Conflict]:
    """Apply ``it_spec`` then ``pf_spec`` to T (``template_spec``) and M (``template_metadata``),
    as KubeVirt ``version`` does.

    ``base_path`` prefixes every conflict path except annotations: ``spec.template.spec`` for
    expand and the VM validating webhook, ``spec`` for VMI creation and ``ApplyToVM``.

    The instance type appliers run in KubeVirt's order and all their conflicts are collected. If
    there is any, they are returned and the preference is not applied; T and M may then be partly
    written, as in KubeVirt, where every caller discards its copy on conflict (expand and the
    admission chain work on copies too). Otherwise the preference is applied with
    ``krmfn.kubevirt.instancetype.preference.apply.vmi.apply_preference``. Returns the conflicts, ``[]``
    on success.

    ``it_version`` is the instance type's rules version (``v1beta2``: krmfn's optional guest).
    Without an instance type, a VM ``domain.cpu.guest`` (accepted by the caller, v1beta2 rule 6)
    becomes sockets, cores and threads through the preference first.
    """
    if it_spec is None and pf_spec is None:
        return []
    base = Conflict.from_path(base_path)
    if it_spec is not None:
        conflicts = apply_instancetype(base, it_spec, pf_spec, template_spec, template_metadata, it_version)
        if conflicts:
            return conflicts
    elif v1beta2.vm_guest(template_spec) is not None:
        conflicts = apply_vm_vcpus(base, pf_spec, template_spec)
        if conflicts:
            return conflicts
    if pf_spec is not None:
        apply_preference(pf_spec, template_spec, template_metadata, version)
    return []


def instancetype_conflicts(
    base_path: str | Sequence[str],
    it_spec: dict | None,
    pf_spec: dict | None,
    template_spec: dict,
    template_metadata: dict,
    it_version: str = V1BETA1,
) -> list[Conflict]:
    """The conflicts ``apply_to_vmi`` would return, leaving T and M unchanged (validate needs only
    the verdict). The preference is not applied: it never conflicts
    (docs/kubevirt/instancetype-apply.md#applytovmi)."""
    if it_spec is None and (pf_spec is None or v1beta2.vm_guest(template_spec) is None):
        return []
    base = Conflict.from_path(base_path)
    spec, metadata = scratch_for_instancetype(template_spec, template_metadata)
    if it_spec is not None:
        return apply_instancetype(base, it_spec, pf_spec, spec, metadata, it_version)
    return apply_vm_vcpus(base, pf_spec, spec)


def scratch_for_instancetype(template_spec: dict, template_metadata: dict) -> tuple[dict, dict]:
    """Copies of T and M that the instance type appliers may write to: they write T's top-level
    fields, anything under ``domain`` except the device lists they replace whole (``gpus``,
    ``hostDevices``), and keys of ``M.annotations``. Only those parts are copied: the disks,
    interfaces, volumes and networks are shared, unread."""
    spec = dict(template_spec)
    domain = template_spec.get("domain")
    if isinstance(domain, dict):
        spec["domain"] = {key: clone(value) for key, value in domain.items() if key != "devices"}
        if isinstance(domain.get("devices"), dict):
            spec["domain"]["devices"] = dict(domain["devices"])
    metadata = dict(template_metadata)
    if isinstance(metadata.get("annotations"), dict):
        metadata["annotations"] = dict(metadata["annotations"])
    return spec, metadata


def apply_instancetype(
    base: Conflict, it_spec: dict, pf_spec: dict | None, template_spec: dict, template_metadata: dict,
    version: str = V1BETA1,
) -> list[Conflict]:
    """The ten instance type appliers of docs/kubevirt/instancetype-apply.md#applytovmi step 2, in KubeVirt's order,
    conflicts accumulated.

    Mutates T and M directly, even when it returns conflicts (callers work on copies). The
    preference is only read here, for the CPU topology.
    """
    conflicts: list[Conflict] = []
    conflicts += apply_node_selector(base, it_spec, template_spec)
    conflicts += apply_scheduler_name(base, it_spec, template_spec)
    conflicts += apply_cpu(base, it_spec, pf_spec, template_spec, version)
    conflicts += apply_memory(base, it_spec, template_spec, version)
    conflicts += apply_io_threads(base, it_spec, template_spec)
    conflicts += apply_io_threads_policy(base, it_spec, template_spec)
    conflicts += apply_launch_security(base, it_spec, template_spec)
    conflicts += apply_gpus(base, it_spec, template_spec)
    conflicts += apply_host_devices(base, it_spec, template_spec)
    annotations = it_spec.get("annotations")
    conflicts += apply_instancetype_annotations(annotations if isinstance(annotations, dict) else None,
                                                template_metadata)
    return conflicts


def apply_vm_vcpus(base: Conflict, pf_spec: dict | None, template_spec: dict) -> list[Conflict]:
    """A VM's own ``domain.cpu.guest`` without an instance type (v1beta2 preference): sockets,
    cores and threads through the preference, exactly as for an instance type's guest."""
    vm_cpu = child(child(template_spec, "domain"), "cpu")
    conflicts = v1beta2.vm_guest_conflicts(base, vm_cpu)
    if conflicts:
        return conflicts
    topology = v1beta2.vm_topology(base, pf_spec, vm_cpu)
    if isinstance(topology, Conflict):
        return [topology]
    del vm_cpu["guest"]
    write_topology(vm_cpu, topology)
    return []



