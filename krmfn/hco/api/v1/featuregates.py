"""The feature gates of a ``hco.kubevirt.io/v1`` HyperConverged: a list of ``{name, state}``.

Mirrors ``api/v1/featuregates/feature_gates.go`` (``FeatureGate.UnmarshalJSON``: a gate without
``state`` is ``Enabled``; ``HyperConvergedFeatureGates.IsEnabled``) and the phases of
``pkg/featuregatedetails/feature-gates.json`` (``GetFeatureGatePhase``): an unknown gate is never
enabled, a GA gate always, a beta gate unless disabled, an alpha gate only when enabled, a
deprecated gate never. ``to_map`` mirrors the validator's ``v1FGsToMap``.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any


ENABLED = "Enabled"
DISABLED = "Disabled"
PHASE_GA = "GA"
PHASE_BETA = "beta"
PHASE_ALPHA = "alpha"
PHASE_DEPRECATED = "deprecated"

# pkg/featuregatedetails/feature-gates.json at HCO v1.18.1, in its order.
PHASES: dict[str, str] = {
    "decentralizedLiveMigration": PHASE_BETA,
    "videoConfig": PHASE_BETA,
    "alignCPUs": PHASE_ALPHA,
    "containerPathVolumes": PHASE_ALPHA,
    "declarativeHotplugVolumes": PHASE_ALPHA,
    "deployKubeSecondaryDNS": PHASE_ALPHA,
    "disableMDevConfiguration": PHASE_ALPHA,
    "downwardMetrics": PHASE_ALPHA,
    "enableMultiArchBootImageImport": PHASE_ALPHA,
    "incrementalBackup": PHASE_ALPHA,
    "objectGraph": PHASE_ALPHA,
    "persistentReservation": PHASE_ALPHA,
    "autoResourceLimits": PHASE_DEPRECATED,
    "deployKubevirtIpamController": PHASE_DEPRECATED,
    "deployTektonTaskResources": PHASE_DEPRECATED,
    "deployVmConsoleProxy": PHASE_DEPRECATED,
    "enableApplicationAwareQuota": PHASE_DEPRECATED,
    "enableCommonBootImageImport": PHASE_DEPRECATED,
    "enableManagedTenantQuota": PHASE_DEPRECATED,
    "nonRoot": PHASE_DEPRECATED,
    "primaryUserDefinedNetworkBinding": PHASE_DEPRECATED,
    "withHostPassthroughCPU": PHASE_DEPRECATED,
}


def gates(value: Any) -> list[dict]:
    """The list's gates as decoded (entries that are not objects are left out)."""
    return [gate for gate in value if isinstance(gate, dict)] if isinstance(value, list) else []


def state_of(gate: dict) -> str:
    """A gate's state: ``Enabled`` unless it says otherwise (``FeatureGate.UnmarshalJSON``)."""
    state = gate.get("state")
    return state if isinstance(state, str) else ENABLED


def is_enabled(feature_gates: Any, name: str) -> bool:
    """``HyperConvergedFeatureGates.IsEnabled``: the first gate of that name decides, else its phase."""
    phase = PHASES.get(name)
    if phase == PHASE_GA:
        return True
    if phase == PHASE_BETA:
        state = ENABLED
    elif phase == PHASE_ALPHA:
        state = DISABLED
    else:
        return False
    found = next((gate for gate in gates(feature_gates) if gate.get("name") == name), None)
    if found is not None:
        state = state_of(found)
    return state == ENABLED


def to_map(feature_gates: Any) -> dict[str, bool]:
    """``v1FGsToMap``: name -> enabled (a later gate of the same name wins)."""
    return {str(gate.get("name") or ""): state_of(gate) == ENABLED for gate in gates(feature_gates)}
