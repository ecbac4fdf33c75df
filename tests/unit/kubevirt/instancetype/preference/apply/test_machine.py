"""Tests for krmfn.kubevirt.instancetype.preference.apply.machine (KubeVirt apply/machine.go;
docs/kubevirt/preference-apply.md#machine)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.preference.apply.machine import apply_machine_preferences


def test_should_apply_to_vmi_e43() -> None:
    t: dict = {}
    apply_machine_preferences({"machine": {"preferredMachineType": "q35-rhel-8.0"}}, t)
    assert t == {"domain": {"machine": {"type": "q35-rhel-8.0"}}}


def test_fills_empty_vm_type() -> None:
    t = {"domain": {"machine": {"type": ""}}}
    apply_machine_preferences({"machine": {"preferredMachineType": "pc-q35-rhel9.6.0"}}, t)
    assert t == {"domain": {"machine": {"type": "pc-q35-rhel9.6.0"}}}


def test_keeps_vm_type() -> None:
    t = {"domain": {"machine": {"type": "pc-q35-rhel8.6.0"}}}
    apply_machine_preferences({"machine": {"preferredMachineType": "q35"}}, t)
    assert t == {"domain": {"machine": {"type": "pc-q35-rhel8.6.0"}}}


def test_empty_preferred_type_creates_nothing() -> None:
    for pf in ({}, {"machine": None}, {"machine": {}}, {"machine": {"preferredMachineType": ""}}):
        t: dict = {"domain": {}}
        apply_machine_preferences(pf, t)
        assert t == {"domain": {}}, pf
