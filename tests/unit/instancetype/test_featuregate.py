"""pkg/virt-config/featuregate: IsEnabled and ValidateFeatureGates."""
from __future__ import annotations

import pytest

from krmfn.instancetype.featuregate import FEATURE_GATES, discontinued_in_use, is_enabled


@pytest.mark.parametrize("gate, enabled, disabled, expected", [
    ("NUMA", (), (), True),  # GA: always on
    ("NUMA", (), ("NUMA",), True),
    ("DecentralizedLiveMigration", (), (), True),  # Beta: on unless disabled
    ("DecentralizedLiveMigration", (), ("DecentralizedLiveMigration",), False),
    ("HostDevices", (), (), False),  # Alpha: off unless enabled
    ("HostDevices", ("HostDevices",), (), True),
    ("HostDevices", ("HostDevices",), ("HostDevices",), True),  # enabled wins
    ("NoSuchGate", ("NoSuchGate",), (), False),
])
def test_is_enabled(gate: str, enabled: tuple, disabled: tuple, expected: bool) -> None:
    assert is_enabled(gate, enabled, disabled) is expected


def test_registry() -> None:
    assert len(FEATURE_GATES) == 85
    assert (FEATURE_GATES["Passt"].state, FEATURE_GATES["Passt"].binding_used) == ("Discontinued", "passt")
    assert FEATURE_GATES["ExperimentalIgnitionSupport"].state == "Alpha"


def test_discontinued_in_use_only_for_enabled_gates_whose_api_is_used() -> None:
    spec = {"domain": {"devices": {"interfaces": [{"name": "a", "passt": {}}, {"name": "b", "bridge": {}}]}}}
    assert discontinued_in_use([], spec) == []
    assert discontinued_in_use(["Macvtap"], spec) == []
    assert discontinued_in_use(["Passt", "ExperimentalVirtiofsSupport"], spec) == [
        "Passt network binding is discontinued since v1.3. Please refer to Kubevirt user guide for alternatives."]
    assert discontinued_in_use(["Passt"], {"domain": {"devices": {"interfaces": [{"name": "a", "passt": None}]}}}) == []
