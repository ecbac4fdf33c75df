"""Unit tests of ``krmfn.kubevirt.defaults.hyperv``."""
from __future__ import annotations

from krmfn.kubevirt.defaults.hyperv import set_hyperv_feature_dependencies

ON = {"enabled": True}


def test_ipi_and_tlbflush_enable_vpindex() -> None:
    spec = {"domain": {"features": {"hyperv": {"ipi": ON, "tlbflush": ON}}}}
    assert set_hyperv_feature_dependencies(spec) is None
    assert spec["domain"]["features"]["hyperv"] == {"ipi": ON, "tlbflush": ON, "vpindex": ON}


def test_evmcs_disabled_vapic_is_the_error_and_no_vmx() -> None:
    spec = {"domain": {"features": {"hyperv": {"evmcs": ON, "vapic": {"enabled": False}}}}}
    assert set_hyperv_feature_dependencies(spec) == (
        "'spec.domain.features.hyperv.evmcs' requires 'spec.domain.features.hyperv.vapic', which was disabled.")
    assert "cpu" not in spec["domain"]


def test_requirement_with_unset_enabled_is_enabled_in_place() -> None:
    spec = {"domain": {"features": {"hyperv": {"synic": ON, "vpindex": {}}}}}
    assert set_hyperv_feature_dependencies(spec) is None
    assert spec["domain"]["features"]["hyperv"]["vpindex"] == ON
