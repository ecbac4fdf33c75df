"""Cases of KubeVirt's ``pkg/network/admitter/dra_test.go`` (d923fdb8), ported: networks whose source
is a DRA ``resourceClaim``, run through ``Validator.Validate`` (``validate_network``) on the path
``fake`` with the suite's ``stubClusterConfigChecker`` (every switch off unless the case turns it on).

Where the Go test checks the number of causes, a message and a field, the whole cause is compared
(its type is the one ``dra.go`` gives it).

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


def dra_network(name: str = "dra-net", claim_name: str = "claim1", request_name: str = "vf") -> dict:
    return {"name": name, "resourceClaim": {"claimName": claim_name, "requestName": request_name}}


def sriov(name: str) -> dict:
    return {"name": name, "sriov": {}}


def dra_spec(interfaces: list[dict] | None = None, networks: list[dict] | None = None) -> dict:
    """``newDRASpec``: an SR-IOV interface on a DRA network of the claim ``claim1``, unless replaced."""
    spec: dict = {"domain": {"devices": {}}, "networks": networks or [dra_network()],
                  "resourceClaims": [{"name": "claim1", "resourceClaimName": "claim1"}]}
    if interfaces is None:
        interfaces = [sriov("dra-net")]
    if interfaces:
        spec["domain"]["devices"]["interfaces"] = interfaces
    return spec


DRA_ON = stub_config(enabled=NETWORK_DEVICES_WITH_DRA)


@pytest.mark.parametrize(("spec", "config", "expected"), [
    pytest.param(dra_spec(), stub_config(), [
        Cause("fake.networks",
              "vmi.spec.networks contains DRA networks but NetworkDevicesWithDRA feature gate is not enabled",
              "FieldValueInvalid"),
    ], id="should reject DRA network when feature gate is disabled"),
    pytest.param(dra_spec(), DRA_ON, [], id="should accept valid DRA network when feature gate is enabled"),
    pytest.param(dra_spec(networks=[dra_network(claim_name="")]), DRA_ON, [
        Cause("fake.networks[0].resourceClaim.claimName", "claimName is required for DRA network",
              "FieldValueRequired"),
    ], id="should reject DRA network with empty claimName"),
    pytest.param(dra_spec(networks=[dra_network(request_name="")]), DRA_ON, [
        Cause("fake.networks[0].resourceClaim.requestName", "requestName is required for DRA network",
              "FieldValueRequired"),
    ], id="should reject DRA network with empty requestName"),
    pytest.param(dra_spec(networks=[dra_network(claim_name="missing-claim")]), DRA_ON, [
        Cause("fake.networks[0].resourceClaim.claimName",
              'network references resourceClaim "missing-claim" which is not defined in spec.resourceClaims',
              "FieldValueNotFound"),
    ], id="should reject DRA network with non-existent resourceClaim reference"),
    pytest.param(dra_spec([sriov("dra-net-1"), sriov("dra-net-2")],
                          [dra_network("dra-net-1"), dra_network("dra-net-2")]), DRA_ON, [
        Cause("fake.networks[1]", 'duplicate claimName/requestName combination "claim1/vf"', "FieldValueDuplicate"),
    ], id="should reject duplicate claimName/requestName across DRA networks"),
    pytest.param(dra_spec([sriov("multus-net"), sriov("dra-net")],
                          [{"name": "multus-net", "multus": {"networkName": "nad1"}}, dra_network()]), DRA_ON, [
        Cause("fake.networks", "mixing Multus and DRA resourceClaim networks in the same VMI is not supported",
              "FieldValueInvalid"),
    ], id="should reject mixing Multus and DRA networks"),
    pytest.param(dra_spec([{"name": "dra-net", "bridge": {}}]), DRA_ON, [
        Cause("fake.domain.devices.interfaces", 'DRA network "dra-net" requires an SR-IOV or binding plugin interface',
              "FieldValueInvalid"),
    ], id="should reject DRA network with non-SRIOV interface binding"),
    pytest.param(dra_spec([{"name": "default", "masquerade": {}},
                           {"name": "dra-net", "binding": {"name": "vhostuser"}}],
                          [dra_network(), {"name": "default", "pod": {}}]), DRA_ON, [],
                 id="should accept DRA network with plugin interface binding"),
    pytest.param(dra_spec([]), DRA_ON, [
        Cause("fake.networks[0].name", "fake.networks[0].name 'dra-net' not found.", "FieldValueRequired"),
    ], id="should reject DRA network with no corresponding interface"),
])
def test_validate_network_dra(spec: dict, config: ClusterConfig, expected: list[Cause]) -> None:
    assert validate_network("fake", spec, config) == expected
