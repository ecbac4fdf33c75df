"""pkg/virt-config/featuregate: IsEnabled and ValidateFeatureGates."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.featuregate import FEATURE_GATES, discontinued_in_use, gate_state, is_enabled
from krmfn.model.kubevirt_version import MAIN, V1_8, V1_9, kubevirt_version


@pytest.mark.parametrize("gate, enabled, disabled, expected", [
    ("NUMA", (), (), True),  # GA: always on
    ("NUMA", (), ("NUMA",), True),
    ("Snapshot", (), (), True),  # Beta: on unless disabled
    ("Snapshot", (), ("Snapshot",), False),
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


# -- older KubeVirt releases (kubevirtVersion) ----------------------------------------------------
@pytest.mark.parametrize("gate, release, state", [
    ("VideoConfig", "v1.9", "GA"), ("VideoConfig", "v1.8", "Beta"), ("VideoConfig", "v1.7", "Beta"),
    ("PanicDevices", "v1.8", "Beta"), ("WorkloadEncryptionSEV", "v1.8", "Alpha"),
    ("WorkloadEncryptionSEV", "v1.9", "Beta"), ("MultiArchitecture", "v1.8", "Deprecated"),
    ("MultiArchitecture", "v1.7", "Alpha"), ("GraceIOVirtualization", "v1.8", None),
    ("ReservedOverheadMemlock", "v1.8", "Alpha"), ("ReservedOverheadMemlock", "v1.7", None),
    ("PersistentReservation", "v1.7", "Alpha"),
    # v1.9.0 against main (d923fdb8)
    ("LibvirtHooksServerAndClient", "main", "GA"), ("LibvirtHooksServerAndClient", "v1.9", "Beta"),
    ("LibvirtHooksServerAndClient", "v1.8", "Alpha"), ("VmiMemoryOverheadReport", "main", "GA"),
    ("VmiMemoryOverheadReport", "v1.9", "Beta"), ("DecentralizedLiveMigration", "main", "Beta"),
    ("DecentralizedLiveMigration", "v1.9", "Alpha"), ("MigrationDowntimeTuning", "main", "Alpha"),
    ("MigrationDowntimeTuning", "v1.9", None), ("Template", "v1.9", "Beta"), ("Template", "v1.8", "Alpha"),
])
def test_each_release_has_its_registry(gate: str, release: str, state: str | None) -> None:
    assert gate_state(gate, kubevirt_version(release)) == state


def test_before_v1_9_a_beta_gate_is_off_unless_enabled() -> None:
    """PR #17405 switched Beta gates on by default; v1.8's isFeatureGateEnabled does not."""
    assert is_enabled("VideoConfig", (), (), V1_9) is True  # GA
    assert is_enabled("VideoConfig", (), (), V1_8) is False  # Beta, off
    assert is_enabled("VideoConfig", ("VideoConfig",), (), V1_8) is True
    assert is_enabled("Snapshot", (), (), V1_9) is True  # Beta, on
    assert is_enabled("DecentralizedLiveMigration", (), (), MAIN) is True  # Beta on main, on
    assert is_enabled("DecentralizedLiveMigration", (), (), V1_9) is False  # Alpha in v1.9.0, off
    assert is_enabled("Snapshot", (), (), V1_8) is False  # Beta in both
