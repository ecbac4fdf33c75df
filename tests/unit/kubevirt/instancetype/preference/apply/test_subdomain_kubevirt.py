"""Cases of KubeVirt's `pkg/instancetype/preference/apply/subdomain_test.go` (d923fdb8), ported: every
It of "Preference.PreferredSubdomain", run through
``krmfn.kubevirt.instancetype.apply.vmi.apply_to_vmi`` (no instance type) as the Go test runs
``ApplyToVMI``.

Not ported: nothing (every case is in scope).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.apply.vmi import apply_to_vmi

BASE_PATH = "spec.template.spec"


@pytest.mark.parametrize(
    ("vmi_subdomain", "expected_subdomain"),
    [
        pytest.param(None, "kubevirt.io", id="should apply to VMI"),
        pytest.param("foo.com", "foo.com", id="should not overwrite user defined value"),
    ],
)
def test_preference_preferred_subdomain(vmi_subdomain: str | None, expected_subdomain: str) -> None:
    spec: dict = {"domain": {}}
    if vmi_subdomain is not None:
        spec["subdomain"] = vmi_subdomain
    assert apply_to_vmi(BASE_PATH, None, {"preferredSubdomain": "kubevirt.io"}, spec, {}) == []
    assert spec["subdomain"] == expected_subdomain
