"""Feature preferences (docs/kubevirt/preference-apply.md#features).

Mirrors `applyFeaturePreferences` and `applyHyperVFeaturePreferences` in KubeVirt's
pkg/instancetype/preference/apply/features.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child, ptr_set
from krmfn.kubevirt.instancetype.preference.apply._tree import deep_copy, domain_of, section

# (preference field, T.domain.features field) filled only when T's is null, applied after hyperv.
_FILL_FEATURES_AFTER_HYPERV = (
    ("preferredKvm", "kvm"),
    ("preferredPvspinlock", "pvspinlock"),
    ("preferredSmm", "smm"),
)

# FeatureHyperv members merged one by one; `hypervPassthrough` (a sibling of `hyperv`) is never
# touched.
HYPERV_FIELDS = (
    "evmcs",
    "frequencies",
    "ipi",
    "reenlightenment",
    "relaxed",
    "reset",
    "runtime",
    "spinlocks",
    "synic",
    "synictimer",
    "tlbflush",
    "vapic",
    "vpindex",
    "vendorid",
)


def apply_feature_preferences(pf_spec: dict, template_spec: dict) -> None:
    """Apply `PF.features`; creates `T.domain.features: {}` whenever PF.features is present."""
    pf_features = section(pf_spec, "features")
    if pf_features is None:
        return
    features = child(domain_of(template_spec), "features")
    acpi = pf_features.get("preferredAcpi")
    if ptr_set(acpi):
        # T.features.acpi is a non-pointer Go struct, so KubeVirt cannot see whether the user set
        # it and always overwrites it: a user `acpi: {enabled: false}` is lost
        # (docs/kubevirt/preference-apply.md#features).
        features["acpi"] = deep_copy(acpi)
    _fill_unset(features, "apic", pf_features.get("preferredApic"))
    hyperv = pf_features.get("preferredHyperv")
    if ptr_set(hyperv):
        _apply_hyperv(hyperv, features)
    for pf_field, t_field in _FILL_FEATURES_AFTER_HYPERV:
        _fill_unset(features, t_field, pf_features.get(pf_field))


def _apply_hyperv(pf_hyperv: object, features: dict) -> None:
    """Create `hyperv: {}` when null, then fill each null sub-field from the preference."""
    hyperv = child(features, "hyperv")
    if not isinstance(pf_hyperv, dict):
        return
    for field in HYPERV_FIELDS:
        _fill_unset(hyperv, field, pf_hyperv.get(field))


def _fill_unset(target: dict, key: str, value: object) -> None:
    """Deep-copy a set preference value into a null (Go nil pointer) target field."""
    if ptr_set(value) and not ptr_set(target.get(key)):
        target[key] = deep_copy(value)
