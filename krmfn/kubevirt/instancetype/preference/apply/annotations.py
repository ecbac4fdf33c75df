"""Preference annotations on the template metadata (docs/kubevirt/preference-apply.md#other-top-level-fields).

Mirrors `applyPreferenceAnnotations` in KubeVirt's pkg/instancetype/preference/apply/annotations.go.
"""
from __future__ import annotations


def apply_preference_annotations(annotations: dict | None, template_metadata: dict) -> None:
    """Add each preference annotation whose key M.annotations lacks; never overwrite or conflict.

    Instance type annotations were applied first, so on a shared key the instance type wins.
    KubeVirt also allocates an empty annotations map when there is nothing to add; an empty map
    serialises to nothing, so we only create the map when a key is added.
    """
    if not isinstance(annotations, dict) or not annotations:
        return
    target = template_metadata.get("annotations")
    if not isinstance(target, dict):
        target = {}
    for key, value in annotations.items():
        if key not in target:
            target[key] = value
    if target:
        template_metadata["annotations"] = target
