"""Tests for krmfn.kubevirt.instancetype.preference.apply.features (KubeVirt apply/features.go;
docs/kubevirt/preference-apply.md#features)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.apply.features import HYPERV_FIELDS, apply_feature_preferences


def _features_after(pf_features: dict | None, vm_features: dict | None = None) -> dict | None:
    t: dict = {"domain": {} if vm_features is None else {"features": vm_features}}
    apply_feature_preferences({"features": pf_features}, t)
    return t["domain"].get("features")


def test_should_apply_to_vmi() -> None:
    pf = {
        "preferredAcpi": {},
        "preferredApic": {"enabled": True, "endOfInterrupt": False},
        "preferredHyperv": {"relaxed": {"enabled": True}},
        "preferredKvm": {"hidden": True},
        "preferredPvspinlock": {"enabled": True},
        "preferredSmm": {"enabled": True},
    }
    assert _features_after(pf) == {
        "acpi": {},
        "apic": {"enabled": True, "endOfInterrupt": False},
        "hyperv": {"relaxed": {"enabled": True}},
        "kvm": {"hidden": True},
        "pvspinlock": {"enabled": True},
        "smm": {"enabled": True},
    }


def test_should_apply_when_some_hyperv_features_already_defined_e39() -> None:
    features = _features_after(
        {"preferredAcpi": {}, "preferredHyperv": {"relaxed": {}, "evmcs": {}, "spinlocks": {"spinlocks": 8191}},
         "preferredSmm": {}},
        {"acpi": {"enabled": False}, "hyperv": {"evmcs": {"enabled": False}}},
    )
    assert features == {
        "acpi": {},
        "hyperv": {"evmcs": {"enabled": False}, "relaxed": {}, "spinlocks": {"spinlocks": 8191}},
        "smm": {},
    }


def test_nothing_happens_when_pf_features_is_absent() -> None:
    assert _features_after(None) is None


def test_empty_features_preference_creates_features() -> None:
    assert _features_after({}) == {}


def test_acpi_is_always_overwritten() -> None:
    assert _features_after({"preferredAcpi": {"enabled": True}}, {"acpi": {"enabled": False}}) == {
        "acpi": {"enabled": True}
    }


@pytest.mark.parametrize(
    ("pf_field", "t_field", "pf_value", "vm_value"),
    [
        ("preferredApic", "apic", {"enabled": True}, {"enabled": False}),
        ("preferredKvm", "kvm", {"hidden": True}, {}),
        ("preferredPvspinlock", "pvspinlock", {"enabled": True}, {"enabled": False}),
        ("preferredSmm", "smm", {}, {"enabled": False}),
    ],
)
def test_pointer_features_fill_only_when_vm_is_null(pf_field: str, t_field: str, pf_value: dict,
                                                    vm_value: dict) -> None:
    assert _features_after({pf_field: pf_value}) == {t_field: pf_value}
    assert _features_after({pf_field: pf_value}, {t_field: vm_value}) == {t_field: vm_value}


@pytest.mark.parametrize("field", HYPERV_FIELDS)
def test_each_hyperv_sub_field_is_merged(field: str) -> None:
    pf_value = {"enabled": True}
    assert _features_after({"preferredHyperv": {field: pf_value}}) == {"hyperv": {field: pf_value}}
    assert _features_after({"preferredHyperv": {field: pf_value}}, {"hyperv": {field: {"enabled": False}}}) == {
        "hyperv": {field: {"enabled": False}}
    }


def test_hyperv_field_names_are_kubevirts() -> None:
    assert set(HYPERV_FIELDS) == {
        "evmcs", "frequencies", "ipi", "reenlightenment", "relaxed", "reset", "runtime",
        "spinlocks", "synic", "synictimer", "tlbflush", "vapic", "vpindex", "vendorid",
    }


def test_empty_hyperv_preference_creates_hyperv() -> None:
    assert _features_after({"preferredHyperv": {}}) == {"hyperv": {}}


def test_hyperv_passthrough_is_never_touched() -> None:
    features = _features_after({"preferredHyperv": {"relaxed": {}}}, {"hypervPassthrough": {"enabled": True}})
    assert features == {"hypervPassthrough": {"enabled": True}, "hyperv": {"relaxed": {}}}


def test_copies_are_independent_of_the_preference() -> None:
    pf = {"preferredHyperv": {"spinlocks": {"spinlocks": 8191}}, "preferredAcpi": {"enabled": True}}
    features = _features_after(pf)
    features["hyperv"]["spinlocks"]["spinlocks"] = 1
    features["acpi"]["enabled"] = False
    assert pf == {"preferredHyperv": {"spinlocks": {"spinlocks": 8191}}, "preferredAcpi": {"enabled": True}}
