"""CPU preferences: `preferredCPUFeatures` (docs/kubevirt/preference-apply.md#cpu-features).

Mirrors `applyCPUPreferences` in KubeVirt's pkg/instancetype/preference/apply/cpu.go. The topology
helpers of that file (`GetPreferredTopology`, `GetSpreadOptions`) live in
`krmfn.kubevirt.instancetype.preference.topology`; the preference step never applies the topology.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import child, list_set
from krmfn.kubevirt.instancetype.preference.apply._tree import deep_copy, domain_of, section


def apply_cpu_preferences(pf_spec: dict, template_spec: dict) -> None:
    """Append each preferred CPU feature whose name T.domain.cpu.features does not already use.

    The set of names is taken before the loop and never updated, so duplicate names inside the
    preference are all appended, and a user entry with the same name keeps its own policy.

    Our chosen behaviour for a KubeVirt panic (docs/checks/kubevirt-crash.md,
    docs/kubevirt/README.md#questions-the-source-leaves-open): when T has no `domain.cpu` (possible only without an
    instance type, which would have created it), KubeVirt dereferences a nil pointer and crashes. We create
    `domain.cpu: {}` first and append the features to it.
    """
    preferred = (section(pf_spec, "cpu") or {}).get("preferredCPUFeatures")
    if not list_set(preferred):
        return
    cpu = child(domain_of(template_spec), "cpu")
    features = cpu.get("features")
    if not isinstance(features, list):
        features = []
        cpu["features"] = features
    user_names = {_feature_name(feature) for feature in features}
    for feature in preferred:
        if _feature_name(feature) not in user_names:
            features.append(deep_copy(feature))


def _feature_name(feature: object) -> str:
    """A CPUFeature's Name ("" when unset, like the Go string)."""
    if isinstance(feature, dict):
        return feature.get("name") or ""
    return ""
