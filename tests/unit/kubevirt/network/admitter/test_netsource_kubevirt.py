"""Cases of KubeVirt's ``pkg/network/admitter/netsource_test.go`` (d923fdb8), ported: one pod network,
one source per network, the Multus ``networkName`` and default network, run through
``Validator.Validate`` (``validate_network``) on the path ``fake`` with the suite's
``stubClusterConfigChecker`` (every switch off unless the case turns it on).

Where the Go test checks only the number of causes and a message, the whole cause is compared (its
field and type are those ``netsource.go`` gives it).

Not ported: nothing.
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.network.admitter.validator import validate_network
from krmfn.kubevirt.util.webhooks import Cause
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

STUB_GATES = ("PasstBinding", "NetworkDevicesWithDRA", "PortRangesSpec")
NETWORK_DEVICES_WITH_DRA = ("NetworkDevicesWithDRA",)


def stub_config(*, bridge_on_pod: bool = False, enabled: tuple[str, ...] = ()) -> ClusterConfig:
    """``stubClusterConfigChecker``: bridge on the pod network and the three gates off unless given."""
    return ClusterConfig(permit_bridge_interface_on_pod_network=bridge_on_pod, feature_gates=enabled,
                         disabled_feature_gates=tuple(gate for gate in STUB_GATES if gate not in enabled))


def spec_of(interfaces: list[dict], networks: list[dict], **fields: object) -> dict:
    return {"domain": {"devices": {"interfaces": interfaces}}, "networks": networks, **fields}


def bridge(name: str) -> dict:
    return {"name": name, "bridge": {}}


def multus(name: str, network_name: str, *, default: bool = False) -> dict:
    source: dict = {"networkName": network_name}
    if default:
        source["default"] = True
    return {"name": name, "multus": source}


POD_DEFAULT = {"name": "default", "pod": {}}
CLAIM1 = [{"name": "claim1", "resourceClaimName": "claim1"}]


DRA_ON = stub_config(enabled=NETWORK_DEVICES_WITH_DRA)
DRA_SRIOV = spec_of([{"name": "sriov-dra", "sriov": {}}],
                    [{"name": "sriov-dra", "resourceClaim": {"claimName": "claim1", "requestName": "request1"}}],
                    resourceClaims=CLAIM1)

CASES = [
    pytest.param(spec_of([bridge("default"), bridge("default2")], [POD_DEFAULT, {"name": "default2", "pod": {}}]),
                 stub_config(bridge_on_pod=True), [
        Cause("fake.interfaces", "more than one interface is connected to a pod network in fake.interfaces",
              "FieldValueDuplicate"),
    ], id="support only a single pod network"),
    pytest.param(spec_of([bridge("default")], [{"name": "default", "multus": {"networkName": "default1"}, "pod": {}}]),
                 stub_config(bridge_on_pod=True), [
        Cause("fake.networks[0]", "should have only one network type", "FieldValueRequired"),
    ], id="should reject when multiple types defined for a CNI network"),
    pytest.param(spec_of([bridge("testnet1")], [{"name": "testnet1"}]), stub_config(), [
        Cause("fake.networks[0]", "should have a network type", "FieldValueRequired"),
    ], id="when network source is not configured"),
    pytest.param(DRA_SRIOV, DRA_ON, [], id="should accept resourceClaim network type"),
    pytest.param(spec_of([bridge("default")], [{"name": "default", "multus": {}}]), stub_config(), [
        Cause("fake.networks[0]", "CNI delegating plugin must have a networkName", "FieldValueRequired"),
    ], id="should reject multus network source without networkName"),
    pytest.param(spec_of([bridge("multus1"), bridge("multus2")],
                         [multus("multus1", "multus-net1", default=True),
                          multus("multus2", "multus-net2", default=True)]), stub_config(), [
        Cause("fake.networks", "Multus CNI should only have one default network", "FieldValueInvalid"),
    ], id="should reject multiple multus networks with a multus default"),
    pytest.param(spec_of([bridge("default"), bridge("defaultmultus")],
                         [POD_DEFAULT, multus("defaultmultus", "multus-net1", default=True)]),
                 stub_config(bridge_on_pod=True), [
        Cause("fake.networks", "Pod network cannot be defined when Multus default network is defined",
              "FieldValueInvalid"),
    ], id="should reject pod network with a multus default"),
    pytest.param(spec_of([bridge("multus1")], [multus("multus1", "multus-net1", default=True)]), stub_config(), [],
                 id="should allow single multus network with a multus default"),
    pytest.param(spec_of([bridge("default")], [multus("default", "default")]), stub_config(), [],
                 id="should accept networks with a multus network source and bridge interface"),
    pytest.param(spec_of([bridge("default"), bridge("multus1"), bridge("multus2")],
                         [POD_DEFAULT, multus("multus1", "multus-net1"), multus("multus2", "multus-net2")]),
                 stub_config(bridge_on_pod=True), [],
                 id="should allow primary network and multiple secondary networks"),
]


@pytest.mark.parametrize(("spec", "config", "expected"), CASES)
def test_validate_network_source(spec: dict, config: ClusterConfig, expected: list[Cause]) -> None:
    assert validate_network("fake", spec, config) == expected


@pytest.mark.parametrize("source", [
    pytest.param({"pod": {}}, id="should reject when resourceClaim is combined with another network type: pod network"),
    pytest.param({"multus": {"networkName": "default1"}},
                 id="should reject when resourceClaim is combined with another network type: multus network"),
])
def test_should_reject_when_resource_claim_is_combined_with_another_network_type(source: dict) -> None:
    network = {"name": "default", "resourceClaim": {"claimName": "claim1", "requestName": "request1"}, **source}
    spec = spec_of([{"name": "default", "sriov": {}}], [network], resourceClaims=CLAIM1)
    causes = validate_network("fake", spec, DRA_ON)
    assert "should have only one network type" in [cause.message for cause in causes]
