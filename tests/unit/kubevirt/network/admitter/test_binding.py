"""pkg/network/admitter/binding.go and passt.go: validateInterfaceBinding."""
from __future__ import annotations


from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.admitter.binding import validate_interface_binding
from krmfn.model.kubevirt_version import kubevirt_version
from krmfn.model.record import replace

F = "spec.template.spec"
I0 = f"{F}.domain.devices.interfaces[0]"
I1 = f"{F}.domain.devices.interfaces[1]"
I2 = f"{F}.domain.devices.interfaces[2]"


def pairs(causes: list) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


def spec(interfaces: list[dict], networks: list[dict]) -> dict:
    return {"domain": {"devices": {"interfaces": interfaces}}, "networks": networks}


POD = [{"name": "a", "pod": {}}]
MULTUS = [{"name": "a", "multus": {"networkName": "n"}}]


def test_each_single_binding_passes() -> None:
    for binding in ("bridge", "masquerade", "sriov", "passtBinding"):
        assert validate_interface_binding(F, spec([{"name": "a", binding: {}}], POD), ClusterConfig()) == []
    assert validate_interface_binding(F, spec([{"name": "a", "binding": {"name": "plug"}}], MULTUS),
                                      ClusterConfig()) == []


def test_none_or_two_bindings() -> None:
    ifaces = [{"name": "a"}, {"name": "b", "bridge": {}, "binding": {"name": "x"}}, {"name": "c", "slirp": {}},
              {"name": "d", "bridge": None, "masquerade": {}}]
    networks = [{"name": n, "pod": {}} for n in "abcd"]
    assert pairs(validate_interface_binding(F, spec(ifaces, networks), ClusterConfig())) == [
        (I0, "logical a interface must have exactly one binding method or binding plugin"),
        (I1, "logical b interface must have exactly one binding method or binding plugin"),
        (I2, "logical c interface must have exactly one binding method or binding plugin"),
    ]


def test_masquerade_off_the_pod_network_and_with_the_reserved_mac() -> None:
    ifaces = [{"name": "a", "masquerade": {}, "macAddress": "02:00:00:00:00:00"}]
    assert pairs(validate_interface_binding(F, spec(ifaces, MULTUS), ClusterConfig())) == [
        (f"{I0}.name", "Masquerade interface only implemented with pod network"),
        (f"{I0}.macAddress", "The requested MAC address is reserved for the in-pod bridge. Please choose another one."),
    ]


def test_masquerade_without_a_network_of_its_name() -> None:
    assert pairs(validate_interface_binding(F, spec([{"name": "a", "masquerade": {}}], []), ClusterConfig())) == [
        (f"{I0}.name", "Masquerade interface only implemented with pod network"),
    ]


def test_bridge_on_pod_network_when_not_permitted() -> None:
    config = replace(ClusterConfig(), permit_bridge_interface_on_pod_network=False)
    assert pairs(validate_interface_binding(F, spec([{"name": "a", "bridge": {}}], POD), config)) == [
        (f"{I0}.name", "Bridge on pod network configuration is not enabled under kubevirt-config"),
    ]
    assert validate_interface_binding(F, spec([{"name": "a", "bridge": {}}], MULTUS), config) == []


def test_passt_binding_gate_disabled_and_off_the_pod_network() -> None:
    config = replace(ClusterConfig(), disabled_feature_gates=("PasstBinding",))
    assert pairs(validate_interface_binding(F, spec([{"name": "a", "passtBinding": {}}], MULTUS), config)) == [
        (f"{I0}.name", "PasstBinding feature gate is not enabled"),
        (f"{I0}.name", "PasstBinding interface only implemented with pod network"),
    ]


def test_causes_are_grouped_per_interface() -> None:
    ifaces = [{"name": "a", "masquerade": {}, "bridge": {}}, {"name": "b"}]
    assert pairs(validate_interface_binding(F, spec(ifaces, MULTUS), ClusterConfig())) == [
        (I0, "logical a interface must have exactly one binding method or binding plugin"),
        (f"{I0}.name", "Masquerade interface only implemented with pod network"),
        (I1, "logical b interface must have exactly one binding method or binding plugin"),
    ]


# -- older KubeVirt releases (kubevirtVersion) ----------------------------------------------------
def test_before_v1_9_an_interface_without_binding_is_admitted_and_plugin_with_method_is_named_on_binding() -> None:
    """PR #18374 (v1.9): exactly one binding; v1.8 only refused a plugin together with a method."""
    v1_8 = ClusterConfig(kubevirt_version=kubevirt_version("v1.8"))
    no_binding = spec([{"name": "a"}], MULTUS)
    assert pairs(validate_interface_binding(F, no_binding, ClusterConfig())) == [
        (I0, "logical a interface must have exactly one binding method or binding plugin")]
    assert validate_interface_binding(F, no_binding, v1_8) == []
    both = spec([{"name": "a", "bridge": {}, "binding": {"name": "b"}}], MULTUS)
    assert pairs(validate_interface_binding(F, both, v1_8)) == [
        (f"{I0}.binding", "logical a interface cannot have both binding plugin and interface binding method")]


V1_7 = ClusterConfig(kubevirt_version=kubevirt_version("v1.7"))
V1_8 = ClusterConfig(kubevirt_version=kubevirt_version("v1.8"))


def test_v1_7_checks_macvtap_gate_and_multus_network() -> None:
    """validateMacvtapBinding (macvtap.go at v1.7.4; gone in v1.8 by PR #16453)."""
    macvtap = spec([{"name": "a", "macvtap": {}}], POD)
    assert pairs(validate_interface_binding(F, macvtap, V1_7)) == [
        (f"{I0}.name", "Macvtap feature gate is not enabled"),
        (f"{I0}.name", "Macvtap interface only implemented with Multus network"),
    ]
    enabled = replace(V1_7, feature_gates=("Macvtap",))
    assert validate_interface_binding(F, spec([{"name": "a", "macvtap": {}}], MULTUS), enabled) == []
    assert validate_interface_binding(F, macvtap, V1_8) == []


def test_v1_7_checks_the_discontinued_passt_and_not_passt_binding() -> None:
    """validatePasstBinding at v1.7.4 reads the deprecated passt (PR #16428 removed it, PR #16475
    brought passtBinding in v1.8)."""
    passt = spec([{"name": "a", "passt": {}}], MULTUS)
    assert pairs(validate_interface_binding(F, passt, V1_7)) == [
        (f"{I0}.name", "Passt feature gate is not enabled"),
        (f"{I0}.name", "Passt interface only implemented with pod network"),
    ]
    assert validate_interface_binding(F, passt, V1_8) == []
    assert validate_interface_binding(F, spec([{"name": "a", "passtBinding": {}}], MULTUS), V1_7) == []


def test_v1_7_counts_the_discontinued_bindings_as_methods_beside_a_plugin() -> None:
    """hasInterfaceBindingMethod at v1.7.4 has slirp, macvtap and passt (PRs #16456, #16453, #16428)."""
    ifaces = [{"name": "a", "slirp": {}, "binding": {"name": "p"}},
              {"name": "b", "macvtap": {}, "binding": {"name": "p"}},
              {"name": "c", "passt": {}, "binding": {"name": "p"}}]
    networks = [{"name": n, "multus": {"networkName": "n"}} for n in "abc"]
    v1_7 = pairs(validate_interface_binding(F, spec(ifaces, networks), V1_7))
    assert [pair for pair in v1_7 if pair[0].endswith(".binding")] == [
        (f"{I0}.binding", "logical a interface cannot have both binding plugin and interface binding method"),
        (f"{I1}.binding", "logical b interface cannot have both binding plugin and interface binding method"),
        (f"{I2}.binding", "logical c interface cannot have both binding plugin and interface binding method"),
    ]
    assert validate_interface_binding(F, spec(ifaces, networks), V1_8) == []
