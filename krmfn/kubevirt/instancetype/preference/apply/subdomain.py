"""`preferredSubdomain` (docs/kubevirt/preference-apply.md#other-top-level-fields).

Mirrors `applySubdomain` in KubeVirt's pkg/instancetype/preference/apply/subdomain.go.
"""
from __future__ import annotations

from krmfn.kubevirt.apimachinery.gozero import str_set


def apply_subdomain(pf_spec: dict, template_spec: dict) -> None:
    """Set T.subdomain from the preference when T's is empty.

    KubeVirt also "applies" a preferred `""`, which writes the empty Go string into an empty
    field: a no-op, so we skip it.
    """
    subdomain = pf_spec.get("preferredSubdomain")
    if str_set(subdomain) and not str_set(template_spec.get("subdomain")):
        template_spec["subdomain"] = subdomain
