"""Cases of KubeVirt's `pkg/instancetype/preference/apply/architecture_test.go` (d923fdb8), ported:
every It and Entry of "Preference.Architecture", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` (no instance type) as the Go test runs
``ApplyToVMI``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi

BASE_PATH = "spec.template.spec"


@pytest.mark.parametrize(
    ("vmi_architecture", "pf_spec", "expected_architecture"),
    [
        pytest.param(None, {"preferredArchitecture": "arm64"}, "arm64",
                     id="should apply preferred architecture to VMI when architecture is not set"),
        pytest.param("amd64", {"preferredArchitecture": "arm64"}, "amd64",
                     id="should not override existing architecture in VMI"),
        # Go's empty string: no architecture field.
        pytest.param(None, None, None, id="should not apply when PreferenceSpec is nil"),
        pytest.param(None, {}, None, id="should not apply when PreferredArchitecture is nil"),
        pytest.param(None, {"preferredArchitecture": ""}, None,
                     id="should not apply when PreferredArchitecture is an empty string"),
    ],
)
def test_preference_architecture(
    vmi_architecture: str | None, pf_spec: dict | None, expected_architecture: str | None
) -> None:
    spec: dict = {"domain": {}}
    if vmi_architecture is not None:
        spec["architecture"] = vmi_architecture
    assert apply_to_vmi(BASE_PATH, None, copy.deepcopy(pf_spec), spec, {}) == []
    assert spec.get("architecture") == expected_architecture
