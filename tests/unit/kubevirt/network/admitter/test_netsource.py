"""pkg/network/admitter/netsource.go: single pod network, single network source, Multus networkName."""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.admitter.netsource import (
    validate_multus_network_source,
    validate_single_network_source,
    validate_single_pod_network,
)

F = "spec.template.spec"
CONFIG = ClusterConfig()


def pairs(causes: list) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


def test_two_pod_networks_are_reported_on_the_odd_interfaces_path() -> None:
    spec = {"networks": [{"name": "a", "pod": {}}, {"name": "b", "pod": {}}]}
    assert pairs(validate_single_pod_network(F, spec, CONFIG)) == [
        (f"{F}.interfaces", f"more than one interface is connected to a pod network in {F}.interfaces"),
    ]


def test_two_multus_defaults_and_pod_with_multus_default() -> None:
    spec = {"networks": [{"name": "p", "pod": {}}, {"name": "a", "multus": {"networkName": "x", "default": True}},
                         {"name": "b", "multus": {"networkName": "y", "default": True}}]}
    assert pairs(validate_single_pod_network(F, spec, CONFIG)) == [
        (f"{F}.networks", "Multus CNI should only have one default network"),
        (f"{F}.networks", "Pod network cannot be defined when Multus default network is defined"),
    ]


def test_one_pod_and_secondary_multus_networks_pass() -> None:
    spec = {"networks": [{"name": "p", "pod": {}}, {"name": "a", "multus": {"networkName": "x"}},
                         {"name": "b", "multus": {"networkName": "y", "default": False}}, {"name": "c", "pod": None}]}
    assert validate_single_pod_network(F, spec, CONFIG) == []


def test_each_network_needs_exactly_one_source() -> None:
    spec = {"networks": [{"name": "none"}, {"name": "null", "pod": None}, {"name": "ok", "multus": {}},
                         {"name": "two", "pod": {}, "resourceClaim": {}}, {"name": "dra", "resourceClaim": {}}]}
    assert pairs(validate_single_network_source(F, spec, CONFIG)) == [
        (f"{F}.networks[0]", "should have a network type"),
        (f"{F}.networks[1]", "should have a network type"),
        (f"{F}.networks[3]", "should have only one network type"),
    ]


def test_only_the_first_multus_network_without_a_name_is_reported() -> None:
    spec = {"networks": [{"name": "p", "pod": {}}, {"name": "a", "multus": {"networkName": "ok"}},
                         {"name": "b", "multus": {}}, {"name": "c", "multus": {"networkName": ""}}]}
    assert pairs(validate_multus_network_source(F, spec, CONFIG)) == [
        (f"{F}.networks[2]", "CNI delegating plugin must have a networkName"),
    ]
    assert validate_multus_network_source(F, {"networks": [{"name": "p", "pod": {}}]}, CONFIG) == []
