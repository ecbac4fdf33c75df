"""Entry point of preference application (docs/kubevirt/preference-apply.md#order).

Mirrors `vmiApplier.Apply` in KubeVirt's pkg/instancetype/preference/apply/vmi.go. The instance
type appliers (krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi) call this after applying the instance
type, and only when the instance type produced no conflicts.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.preference.apply.annotations import apply_preference_annotations
from krmfn.kubevirt.instancetype.preference.apply.architecture import apply_architecture_preferences
from krmfn.kubevirt.instancetype.preference.apply.clock import apply_clock_preferences
from krmfn.kubevirt.instancetype.preference.apply.cpu import apply_cpu_preferences
from krmfn.kubevirt.instancetype.preference.apply.devices import apply_device_preferences
from krmfn.kubevirt.instancetype.preference.apply.features import apply_feature_preferences
from krmfn.kubevirt.instancetype.preference.apply.firmware import apply_firmware_preferences
from krmfn.kubevirt.instancetype.preference.apply.launch_security import apply_launch_security_preferences
from krmfn.kubevirt.instancetype.preference.apply.machine import apply_machine_preferences
from krmfn.kubevirt.instancetype.preference.apply.subdomain import apply_subdomain
from krmfn.kubevirt.instancetype.preference.apply.termination_grace_period import (
    apply_termination_grace_period_seconds,
)
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion


def apply_preference(pf_spec: dict | None, template_spec: dict, template_metadata: dict,
                     version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> None:
    """Apply a preference spec to T (vm.spec.template.spec) and M (its metadata), in place, as
    KubeVirt ``version`` does.

    A preference only fills what T leaves unset, except `preferredDisableHotplug` and
    `preferredAcpi`, which always overwrite. It never conflicts and never fails. Some steps create
    empty parents as a side effect (devices targets, features, firmware.bootloader, clock, video).

    Not applied here, as in KubeVirt: the CPU topology preferences (consumed by the instance type
    CPU applier), `volumes.preferredStorageClassName` (VM mutating webhook only),
    `devices.preferredVirtualGPUOptions` (never read) and `requirements` (checked, not applied).

    Deviation, our chosen behaviour for a KubeVirt panic (docs/checks/kubevirt-crash.md,
    docs/kubevirt/preference-apply.md#cpu-features and docs/kubevirt/README.md#questions-the-source-leaves-open):
    `preferredCPUFeatures` with neither an instance type nor `T.domain.cpu` crashes KubeVirt with a nil pointer
    dereference. We create `T.domain.cpu: {}` first and append the features to it.
    """
    if not isinstance(pf_spec, dict):
        return
    apply_cpu_preferences(pf_spec, template_spec)
    apply_device_preferences(pf_spec, template_spec, version)
    apply_feature_preferences(pf_spec, template_spec)
    apply_firmware_preferences(pf_spec, template_spec)
    apply_machine_preferences(pf_spec, template_spec)
    apply_clock_preferences(pf_spec, template_spec)
    apply_subdomain(pf_spec, template_spec)
    apply_termination_grace_period_seconds(pf_spec, template_spec)
    apply_architecture_preferences(pf_spec, template_spec)
    apply_preference_annotations(pf_spec.get("annotations"), template_metadata)
    apply_launch_security_preferences(pf_spec, template_spec)
