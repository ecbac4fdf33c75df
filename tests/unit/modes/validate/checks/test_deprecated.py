"""deprecated: only the warnings KubeVirt itself gives."""
from __future__ import annotations

from krmfn.modes.validate.mode import run_validate

LEGACY_EFI = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
              "metadata": {"name": "p"},
              "spec": {"firmware": {"preferredUseEfi": True, "preferredUseSecureBoot": True}}}


def test_preferred_use_efi_gets_no_invented_warning() -> None:
    """KubeVirt admits preferredUseEfi/preferredUseSecureBoot without a warning (golden
    admission/pf-firmware-deprecated-no-warning): even under --strict the preference passes."""
    outcome = run_validate([LEGACY_EFI], {"strict": True})
    assert outcome.findings == []


def test_a_deprecated_topology_is_kubevirts_warning() -> None:
    preference = {**LEGACY_EFI, "spec": {"cpu": {"preferredCPUTopology": "preferSockets"}}}
    outcome = run_validate([preference], {})
    assert [(f.check, f.severity, f.path, f.proposed) for f in outcome.findings] == [
        ("deprecated", "warning", "spec.cpu.preferredCPUTopology", "sockets")]
