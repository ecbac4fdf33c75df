"""pkg/network/admitter/dra.go: validateNetworkDevicesWithDRA."""
from __future__ import annotations


from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.admitter.dra import validate_network_devices_with_dra
from krmfn.model.record import replace

F = "spec.template.spec"
GATE_ON = replace(ClusterConfig(), feature_gates=("NetworkDevicesWithDRA",))


def pairs(causes: list) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


def dra(name: str, claim: str = "c", request: str = "r") -> dict:
    return {"name": name, "resourceClaim": {"claimName": claim, "requestName": request}}


def test_without_dra_networks_nothing_is_checked() -> None:
    assert validate_network_devices_with_dra(F, {"networks": [{"name": "a", "multus": {}}]}, ClusterConfig()) == []


def test_gate_off_by_default() -> None:
    assert pairs(validate_network_devices_with_dra(F, {"networks": [dra("a")]}, ClusterConfig())) == [
        (f"{F}.networks",
         "vmi.spec.networks contains DRA networks but NetworkDevicesWithDRA feature gate is not enabled"),
    ]


def test_mixing_with_multus_answers_alone() -> None:
    spec = {"networks": [dra("a", "", ""), {"name": "m", "multus": {"networkName": "n"}}]}
    assert pairs(validate_network_devices_with_dra(F, spec, GATE_ON)) == [
        (f"{F}.networks", "mixing Multus and DRA resourceClaim networks in the same VMI is not supported"),
    ]


def test_a_valid_dra_network_passes() -> None:
    ifaces = [{"name": "a", "sriov": {}}, {"name": "b", "binding": {"name": "x"}}]
    spec = {"domain": {"devices": {"interfaces": ifaces}},
            "networks": [dra("a"), dra("b", request="r2"), {"name": "p", "pod": {}}], "resourceClaims": [{"name": "c"}]}
    assert validate_network_devices_with_dra(F, spec, GATE_ON) == []


def test_interface_binding_names_and_references() -> None:
    spec = {"domain": {"devices": {"interfaces": [{"name": "a", "bridge": {}}, {"name": "a", "sriov": {}}]}},
            "networks": [dra("a"), dra("b", "", ""), dra("c", "missing"), dra("d")],
            "resourceClaims": [{"name": "c"}]}
    assert pairs(validate_network_devices_with_dra(F, spec, GATE_ON)) == [
        (f"{F}.domain.devices.interfaces", 'DRA network "a" requires an SR-IOV or binding plugin interface'),
        (f"{F}.networks[1].resourceClaim.claimName", "claimName is required for DRA network"),
        (f"{F}.networks[1].resourceClaim.requestName", "requestName is required for DRA network"),
        (f"{F}.networks[2].resourceClaim.claimName",
         'network references resourceClaim "missing" which is not defined in spec.resourceClaims'),
        (f"{F}.networks[3]", 'duplicate claimName/requestName combination "c/r"'),
    ]
