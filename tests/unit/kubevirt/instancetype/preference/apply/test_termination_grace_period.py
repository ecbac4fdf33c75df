"""Tests for krmfn.kubevirt.instancetype.preference.apply.termination_grace_period (KubeVirt termination.go)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.preference.apply.termination_grace_period import (
    apply_termination_grace_period_seconds,
)


def test_should_apply_to_vmi_e43() -> None:
    t: dict = {}
    apply_termination_grace_period_seconds({"preferredTerminationGracePeriodSeconds": 180}, t)
    assert t == {"terminationGracePeriodSeconds": 180}


def test_should_not_overwrite_user_defined_value_e43() -> None:
    t = {"terminationGracePeriodSeconds": 100}
    apply_termination_grace_period_seconds({"preferredTerminationGracePeriodSeconds": 180}, t)
    assert t == {"terminationGracePeriodSeconds": 100}


def test_vm_zero_is_set_and_kept() -> None:
    t = {"terminationGracePeriodSeconds": 0}
    apply_termination_grace_period_seconds({"preferredTerminationGracePeriodSeconds": 180}, t)
    assert t == {"terminationGracePeriodSeconds": 0}


def test_preferred_zero_is_applied() -> None:
    t: dict = {"terminationGracePeriodSeconds": None}
    apply_termination_grace_period_seconds({"preferredTerminationGracePeriodSeconds": 0}, t)
    assert t == {"terminationGracePeriodSeconds": 0}


def test_no_preference_changes_nothing() -> None:
    t: dict = {}
    apply_termination_grace_period_seconds({}, t)
    assert t == {}
