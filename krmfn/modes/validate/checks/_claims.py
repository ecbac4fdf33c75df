"""Shared by the checks: their claimed causes and failures (``Context.claims``) as findings."""
from __future__ import annotations

from collections.abc import Iterable

from krmfn.model.findings import Finding
from krmfn.model.options import OPTIONS
from krmfn.model.reasons import AREA_PREFIX, SETTING_PREFIX, reason_values
from krmfn.modes.validate.context import Claim, Context

FEATURE_GATES_OPTION = "featureGates"
LIST_OPTIONS = frozenset(option.name for option in OPTIONS if option.kind == "list")


def claimed_findings(ctx: Context, check: str, severity: str) -> Iterable[Finding]:
    """One finding per claim of ``check``, in item order (admission first, then expand): KubeVirt's
    message, plus which option admits the VM when a cluster setting decides; tagged with the
    KubeVirt area of a general VM check."""
    for claim in ctx.claimed_by(check):
        areas = reason_values(claim.reasons, AREA_PREFIX)
        yield Finding(severity, claim.message + setting_hint(claim), item=claim.item, path=claim.path, check=check,
                      tags={"area": areas[0]} if areas else {})


def setting_hint(claim: Claim) -> str:
    """Which option admits the VM: `` (enable with featureGates: HostDevices if your cluster has
    it)``, `` (add amd64=pc-i440fx-9.0 to emulatedMachines if your cluster allows it)``, ``
    (set vmRolloutStrategy: Stage if your cluster has it)``; ``""`` when no setting decides."""
    hints = []
    for setting in reason_values(claim.reasons, SETTING_PREFIX):
        option, value = setting.split("=", 1)
        if option == FEATURE_GATES_OPTION:
            hints.append(f"enable with {option}: {value} if your cluster has it")
        elif option in LIST_OPTIONS:
            hints.append(f"add {value} to {option} if your cluster allows it")
        else:
            hints.append(f"set {option}: {value} if your cluster has it")
    return f" ({'; '.join(hints)})" if hints else ""
