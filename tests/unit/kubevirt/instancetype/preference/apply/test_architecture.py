"""Tests for krmfn.kubevirt.instancetype.preference.apply.architecture (KubeVirt architecture.go;
docs/kubevirt/preference-apply.md#other-top-level-fields)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.apply.architecture import apply_architecture_preferences


def test_should_apply_preferred_architecture_when_architecture_is_not_set_e43() -> None:
    t: dict = {}
    apply_architecture_preferences({"preferredArchitecture": "arm64"}, t)
    assert t == {"architecture": "arm64"}


def test_should_not_override_existing_architecture_e43() -> None:
    t = {"architecture": "amd64"}
    apply_architecture_preferences({"preferredArchitecture": "arm64"}, t)
    assert t == {"architecture": "amd64"}


def test_fills_an_empty_vm_architecture() -> None:
    t = {"architecture": ""}
    apply_architecture_preferences({"preferredArchitecture": "s390x"}, t)
    assert t == {"architecture": "s390x"}


@pytest.mark.parametrize(
    "pf",
    [None, {}, {"preferredArchitecture": None}, {"preferredArchitecture": ""}],
    ids=["PreferenceSpec is nil", "PreferredArchitecture is absent", "PreferredArchitecture is nil",
         "PreferredArchitecture is an empty string"],
)
def test_should_not_apply_when(pf: dict | None) -> None:
    t: dict = {}
    apply_architecture_preferences(pf, t)
    assert t == {}
