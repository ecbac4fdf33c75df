"""Cases of KubeVirt's `pkg/instancetype/preference/apply/features_test.go` (d923fdb8), ported: every
It of "Preference.Features", run through ``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` (no
instance type) as the Go test runs ``ApplyToVMI``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi

BASE_PATH = "spec.template.spec"

# The BeforeEach preference's PreferredHyperv (v1.FeatureHyperv JSON names).
PREFERRED_HYPERV: dict = {
    "relaxed": {},
    "vapic": {},
    "spinlocks": {"enabled": True, "spinlocks": 32},
    "vpindex": {},
    "runtime": {},
    "synic": {},
    "synictimer": {"enabled": True, "direct": {}},
    "reset": {},
    "vendorid": {"enabled": True, "vendorid": "1234"},
    "frequencies": {},
    "reenlightenment": {},
    "tlbflush": {},
    "ipi": {},
    "evmcs": {},
}
PREFERRED_FEATURES: dict = {
    "preferredAcpi": {},
    # EndOfInterrupt false is Go's omitted zero value.
    "preferredApic": {"enabled": True},
    "preferredHyperv": PREFERRED_HYPERV,
    "preferredKvm": {"hidden": True},
    "preferredPvspinlock": {},
    "preferredSmm": {},
}


@pytest.mark.parametrize(
    ("vmi_features", "expected_features"),
    [
        pytest.param(None,
                     {"acpi": {}, "apic": {"enabled": True}, "hyperv": PREFERRED_HYPERV, "kvm": {"hidden": True},
                      "pvspinlock": {}, "smm": {}},
                     id="should apply to VMI"),
        pytest.param({"hyperv": {"evmcs": {"enabled": False}}},
                     {"acpi": {}, "apic": {"enabled": True},
                      "hyperv": {**PREFERRED_HYPERV, "evmcs": {"enabled": False}},
                      "kvm": {"hidden": True}, "pvspinlock": {}, "smm": {}},
                     id="should apply when some HyperV features already defined in the VMI"),
    ],
)
def test_preference_features(vmi_features: dict | None, expected_features: dict) -> None:
    spec: dict = {"domain": {}}
    if vmi_features is not None:
        spec["domain"]["features"] = copy.deepcopy(vmi_features)
    assert apply_to_vmi(BASE_PATH, None, {"features": copy.deepcopy(PREFERRED_FEATURES)}, spec, {}) == []
    assert spec["domain"]["features"] == expected_features
