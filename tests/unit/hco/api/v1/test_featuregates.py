"""``krmfn.hco.api.v1.featuregates``: a v1 HyperConverged's feature gate list."""
from __future__ import annotations

from krmfn.hco.api.v1.featuregates import is_enabled, to_map


def test_a_gate_without_state_is_enabled_and_the_phase_decides_the_rest() -> None:
    gates = [{"name": "downwardMetrics"}, {"name": "videoConfig", "state": "Disabled"}, {"name": "nonRoot"},
             {"name": "bogus"}]
    assert is_enabled(gates, "downwardMetrics")  # alpha, listed
    assert not is_enabled(gates, "objectGraph")  # alpha, not listed
    assert not is_enabled(gates, "videoConfig")  # beta, disabled
    assert is_enabled(gates, "decentralizedLiveMigration")  # beta, not listed
    assert not is_enabled(gates, "nonRoot")  # deprecated: never
    assert not is_enabled(gates, "bogus")  # unknown: never
    assert not is_enabled(None, "downwardMetrics") and is_enabled("junk", "videoConfig")


def test_to_map() -> None:
    assert to_map([{"name": "a"}, {"name": "b", "state": "Disabled"}, "junk"]) == {"a": True, "b": False}
