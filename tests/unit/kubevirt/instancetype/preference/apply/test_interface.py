"""Tests for krmfn.kubevirt.instancetype.preference.apply.interface (KubeVirt apply/interface.go;
docs/kubevirt/preference-apply.md#devices)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.instancetype.preference.apply.devices import apply_device_preferences


def _apply(pf_devices: dict, interfaces: list[dict], networks: list[dict] | None = None) -> list[dict]:
    t: dict = {"domain": {"devices": {"interfaces": interfaces}}}
    if networks is not None:
        t["networks"] = networks
    apply_device_preferences({"devices": pf_devices}, t)
    return t["domain"]["devices"]["interfaces"]


def test_should_apply_model_and_masquerade_e35() -> None:
    interfaces = _apply(
        {"preferredInterfaceModel": "virtio", "preferredInterfaceMasquerade": {}},
        [{"name": "primary", "model": "e1000"}, {"name": "secondary"}],
        [{"name": "primary", "pod": {}}],
    )
    assert interfaces == [
        {"name": "primary", "model": "e1000", "masquerade": {}},
        {"name": "secondary", "model": "virtio"},
    ]


@pytest.mark.parametrize("binding", ["bridge", "slirp", "masquerade", "sriov", "macvtap", "passt", "passtBinding"])
def test_masquerade_should_not_be_applied_on_interface_that_has_another_binding_set(binding: str) -> None:
    interfaces = _apply({"preferredInterfaceMasquerade": {}}, [{"name": "default", binding: {}}],
                        [{"name": "default", "pod": {}}])
    assert interfaces == [{"name": "default", binding: {}}]


def test_masquerade_not_applied_with_a_binding_plugin() -> None:
    interfaces = _apply({"preferredInterfaceMasquerade": {}}, [{"name": "default", "binding": {"name": "passt"}}],
                        [{"name": "default", "pod": {}}])
    assert interfaces == [{"name": "default", "binding": {"name": "passt"}}]


def test_masquerade_should_not_be_applied_on_interface_that_is_not_on_pod_network() -> None:
    interfaces = _apply({"preferredInterfaceMasquerade": {}}, [{"name": "blue"}],
                        [{"name": "blue", "multus": {"networkName": "blue-net"}}])
    assert interfaces == [{"name": "blue"}]


def test_masquerade_not_applied_without_matching_network() -> None:
    assert _apply({"preferredInterfaceMasquerade": {}}, [{"name": "x"}]) == [{"name": "x"}]


def test_masquerade_uses_the_first_network_with_the_same_name() -> None:
    interfaces = _apply({"preferredInterfaceMasquerade": {}}, [{"name": "n"}],
                        [{"name": "n", "multus": {"networkName": "a"}}, {"name": "n", "pod": {}}])
    assert interfaces == [{"name": "n"}]


def test_model_applies_to_every_binding() -> None:
    interfaces = _apply(
        {"preferredInterfaceModel": "virtio"},
        [{"name": "a", "bridge": {}}, {"name": "b", "sriov": {}}, {"name": "c", "masquerade": {}}],
    )
    assert [iface.get("model") for iface in interfaces] == ["virtio", "virtio", "virtio"]


def test_null_binding_counts_as_unset() -> None:
    interfaces = _apply({"preferredInterfaceMasquerade": {}}, [{"name": "d", "bridge": None}],
                        [{"name": "d", "pod": {}}])
    assert interfaces == [{"name": "d", "bridge": None, "masquerade": {}}]
