"""Architecture requirement (docs/kubevirt/requirements.md#architecture).

Mirrors `checkArch` in KubeVirt's pkg/instancetype/preference/requirements/arch.go.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype.preference.requirements.failure import RequirementFailure

ARCHITECTURE_PATH = "spec.template.spec.architecture"
REQUIRED_ARCHITECTURE_NOT_USED_FMT = "preference requires architecture {required} but {requested} is being requested"


def check_architecture(required: str, template_spec: dict) -> RequirementFailure | None:
    """Fail unless T.architecture equals the required one exactly (after defaults, if any ran)."""
    requested = template_spec.get("architecture") or ""
    if requested == required:
        return None
    return RequirementFailure(
        (ARCHITECTURE_PATH,),
        REQUIRED_ARCHITECTURE_NOT_USED_FMT.format(required=required, requested=requested),
    )
