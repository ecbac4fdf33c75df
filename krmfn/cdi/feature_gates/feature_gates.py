"""CDI's feature gates as a fresh cluster has them (``pkg/feature-gates/feature-gates.go``,
``CDIConfigFeatureGates``, v1.64.0).

CDI reads its gates from the ``CDIConfig`` named ``config``, which the CDI operator fills from the
CDI CR. A bundle has no CDIConfig: krmfn assumes the CDI CR of the release's own manifests
(``manifests/templates/release/cdi-cr.yaml.in``), whose only gate is ``HonorWaitForFirstConsumer``
(docs/cdi.md#what-krmfn-assumes). So ``DataVolumeClaimAdoption`` is off.
"""
from __future__ import annotations

HONOR_WAIT_FOR_FIRST_CONSUMER = "HonorWaitForFirstConsumer"
DATA_VOLUME_CLAIM_ADOPTION = "DataVolumeClaimAdoption"
WEBHOOK_PVC_RENDERING = "WebhookPvcRendering"
# The gates of the release's CDI CR.
DEFAULT_FEATURE_GATES: frozenset[str] = frozenset({HONOR_WAIT_FOR_FIRST_CONSUMER})


def feature_gate_enabled(gate: str, gates: frozenset[str] = DEFAULT_FEATURE_GATES) -> bool:
    """``isFeatureGateEnabled``."""
    return gate in gates


def claim_adoption_enabled(gates: frozenset[str] = DEFAULT_FEATURE_GATES) -> bool:
    """``ClaimAdoptionEnabled``."""
    return feature_gate_enabled(DATA_VOLUME_CLAIM_ADOPTION, gates)
