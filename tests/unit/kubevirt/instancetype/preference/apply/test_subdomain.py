"""Tests for krmfn.kubevirt.instancetype.preference.apply.subdomain (KubeVirt apply/subdomain.go;
docs/kubevirt/preference-apply.md#other-top-level-fields)."""
from __future__ import annotations

from krmfn.kubevirt.instancetype.preference.apply.subdomain import apply_subdomain


def test_should_apply_to_vmi_e43() -> None:
    t: dict = {}
    apply_subdomain({"preferredSubdomain": "kubevirt.io"}, t)
    assert t == {"subdomain": "kubevirt.io"}


def test_should_not_overwrite_user_defined_value_e43() -> None:
    t = {"subdomain": "foo.com"}
    apply_subdomain({"preferredSubdomain": "kubevirt.io"}, t)
    assert t == {"subdomain": "foo.com"}


def test_fills_an_empty_vm_subdomain() -> None:
    t = {"subdomain": ""}
    apply_subdomain({"preferredSubdomain": "vms"}, t)
    assert t == {"subdomain": "vms"}


def test_empty_preference_changes_nothing() -> None:
    t: dict = {}
    apply_subdomain({"preferredSubdomain": ""}, t)
    apply_subdomain({}, t)
    assert t == {}
