"""``krmfn.cdi.feature_gates.feature_gates``: the gates of the release's CDI CR."""
from __future__ import annotations

from krmfn.cdi.feature_gates.feature_gates import (
    DATA_VOLUME_CLAIM_ADOPTION,
    HONOR_WAIT_FOR_FIRST_CONSUMER,
    claim_adoption_enabled,
    feature_gate_enabled,
)


def test_a_fresh_cluster_honours_wait_for_first_consumer_only() -> None:
    assert feature_gate_enabled(HONOR_WAIT_FOR_FIRST_CONSUMER)
    assert not claim_adoption_enabled()
    assert claim_adoption_enabled(frozenset({DATA_VOLUME_CLAIM_ADOPTION}))
