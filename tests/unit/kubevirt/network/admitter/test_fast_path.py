"""validator.py's fast path: ``_plainly_valid`` accepts only specs on which no network check has a
cause, and ``validate_network`` answers exactly as the eleven checks do, fast path or not."""
from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.admitter.validator import network_checks, _plainly_valid, validate_network
from krmfn.model.record import replace

F = "spec.template.spec"
CONFIG = ClusterConfig()
NO_BRIDGE_ON_POD = replace(CONFIG, permit_bridge_interface_on_pod_network=False)


def every_cause(spec: dict, config: ClusterConfig = CONFIG) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for check in network_checks() for cause in check(F, spec, config)]


def typical() -> dict:
    """The networks of bench/generate.py's VMs once defaulted."""
    return {"domain": {"devices": {"interfaces": [
        {"name": "default", "masquerade": {}, "model": "virtio"},
        {"name": "storage-net", "bridge": {}, "model": "virtio"},
    ]}}, "networks": [{"name": "default", "pod": {}},
                      {"name": "storage-net", "multus": {"networkName": "storage-net"}}]}


def changed(change: Callable[[dict], object]) -> dict:
    spec = typical()
    change(spec)
    return spec


def ifaces(spec: dict) -> list:
    return spec["domain"]["devices"]["interfaces"]


ACCEPTED = {
    "typical": typical(),
    "no networks, no interfaces": {},
    "null lists": {"domain": {"devices": {"interfaces": None}}, "networks": None},
    "valid MAC": changed(lambda s: ifaces(s)[0].update(macAddress="02:00:00:00:00:01")),
    "dotted MAC": changed(lambda s: ifaces(s)[1].update(macAddress="0200.0000.0001")),
    "empty model and MAC": changed(lambda s: ifaces(s)[0].update(model="", macAddress="")),
    "no model": changed(lambda s: ifaces(s)[1].pop("model")),
    "valid ports": changed(lambda s: ifaces(s)[0].update(ports=[{"name": "http", "port": 80}, {"port": 53,
                                                                                            "protocol": "UDP"}])),
    "ports off the pod network": changed(lambda s: ifaces(s)[1].update(ports=[{"port": 0}])),
    "empty ports": changed(lambda s: ifaces(s)[0].update(ports=[])),
    "interfaces in another order": changed(lambda s: ifaces(s).reverse()),
    "sriov": changed(lambda s: (ifaces(s)[1].pop("bridge"), ifaces(s)[1].update(sriov={}))),
    "multus default without pod network": {
        "domain": {"devices": {"interfaces": [{"name": "a", "binding": {"name": "plug"}}]}},
        "networks": [{"name": "a", "multus": {"networkName": "n", "default": True}}]},
    "null model, MAC address and ports": changed(lambda s: ifaces(s)[0].update(model=None, macAddress=None,
                                                                               ports=None)),
    "MAC address not a string": changed(lambda s: ifaces(s)[1].update(macAddress=7)),
}

FALLING_BACK = {
    "a field the pass does not read": changed(lambda s: ifaces(s)[1].update(tag="t")),
    "a null field the pass does not read": changed(lambda s: ifaces(s)[1].update(bootOrder=None)),
    "network with a null key beside its source": changed(lambda s: s["networks"][0].update(multus=None)),
    "network not an object": changed(lambda s: s["networks"].append("x")),
    "network name not a string": changed(lambda s: s["networks"][1].update(name=5)),
    "repeated network name": changed(lambda s: s["networks"][1].update(name="default")),
    "resourceClaim network": changed(lambda s: s["networks"][1].update(resourceClaim={"claimName": "c"})),
    "pod and multus": changed(lambda s: s["networks"][0].update(multus={"networkName": "n"})),
    "no source": changed(lambda s: s["networks"][1].pop("multus")),
    "multus not an object": changed(lambda s: s["networks"][1].update(multus="x")),
    "multus without networkName": changed(lambda s: s["networks"][1].update(multus={})),
    "pod and multus default": changed(lambda s: s["networks"][1]["multus"].update(default=True)),
    "network without interface": changed(lambda s: ifaces(s).pop()),
    "interface not an object": changed(lambda s: ifaces(s).__setitem__(1, "x")),
    "interface name not a string": changed(lambda s: ifaces(s)[1].update(name=None)),
    "repeated interface name": changed(lambda s: ifaces(s)[1].update(name="default")),
    "interface without network": changed(lambda s: ifaces(s)[1].update(name="other")),
    "invalid interface name": {
        "domain": {"devices": {"interfaces": [{"name": "a b", "masquerade": {}}]}},
        "networks": [{"name": "a b", "pod": {}}]},
    "state": changed(lambda s: ifaces(s)[1].update(state="absent")),
    "null state": changed(lambda s: ifaces(s)[1].update(state=None)),
    "passtBinding": changed(lambda s: (ifaces(s)[0].pop("masquerade"), ifaces(s)[0].update(passtBinding={}))),
    "pciAddress": changed(lambda s: ifaces(s)[0].update(pciAddress="0000:00:01.0")),
    "portRanges": changed(lambda s: ifaces(s)[0].update(portRanges=[])),
    "dhcpOptions": changed(lambda s: ifaces(s)[0].update(dhcpOptions={})),
    "no binding": changed(lambda s: ifaces(s)[1].pop("bridge")),
    "two bindings": changed(lambda s: ifaces(s)[1].update(sriov={})),
    "null binding": changed(lambda s: ifaces(s)[1].update(bridge=None)),
    "null binding beside a binding": changed(lambda s: ifaces(s)[1].update(sriov=None)),
    "masquerade off the pod network": changed(lambda s: (ifaces(s)[1].pop("bridge"),
                                                         ifaces(s)[1].update(masquerade={}))),
    "unknown model": changed(lambda s: ifaces(s)[0].update(model="vmxnet3")),
    "model not a string": changed(lambda s: ifaces(s)[0].update(model=7)),
    "malformed MAC": changed(lambda s: ifaces(s)[0].update(macAddress="02:00:00:00:00")),
    "reserved MAC on masquerade": changed(lambda s: ifaces(s)[0].update(macAddress="02:00:00:00:00:00")),
    "port zero on the pod network": changed(lambda s: ifaces(s)[0].update(ports=[{"port": 0}])),
    "repeated port name": changed(lambda s: ifaces(s)[0].update(ports=[{"name": "a", "port": 1},
                                                                         {"name": "a", "port": 2}])),
}


@pytest.mark.parametrize("name", ACCEPTED)
def test_accepted_specs_have_no_cause(name: str) -> None:
    spec = ACCEPTED[name]
    assert _plainly_valid(spec, CONFIG)
    assert every_cause(spec) == []
    assert validate_network(F, spec, CONFIG) == []


@pytest.mark.parametrize("name", FALLING_BACK)
def test_other_specs_take_the_checks(name: str) -> None:
    spec = FALLING_BACK[name]
    assert not _plainly_valid(spec, CONFIG)
    assert [(cause.field, cause.message) for cause in validate_network(F, spec, CONFIG)] == every_cause(spec)


def test_reserved_mac_is_fine_off_masquerade() -> None:
    spec = changed(lambda s: ifaces(s)[1].update(macAddress="02:00:00:00:00:00"))
    assert _plainly_valid(spec, CONFIG) and every_cause(spec) == []


def test_bridge_on_the_pod_network_follows_the_setting() -> None:
    spec = changed(lambda s: (ifaces(s)[0].pop("masquerade"), ifaces(s)[0].update(bridge={})))
    assert _plainly_valid(spec, CONFIG) and every_cause(spec) == []
    assert not _plainly_valid(spec, NO_BRIDGE_ON_POD)
    assert [(c.field, c.message) for c in validate_network(F, spec, NO_BRIDGE_ON_POD)] == [
        (f"{F}.domain.devices.interfaces[0].name",
         "Bridge on pod network configuration is not enabled under kubevirt-config"),
    ]


# Property: from a valid spec, one or two changes among the values the checks read; whenever the
# fast path accepts the result, no check finds anything.
INTERFACE_VALUES: dict[str, st.SearchStrategy] = {
    "name": st.sampled_from(["default", "storage-net", "", "a b", None, 5]),
    "bridge": st.sampled_from([{}, None, "x"]), "masquerade": st.sampled_from([{}, None]),
    "sriov": st.sampled_from([{}, None]), "binding": st.sampled_from([{"name": "p"}, None]),
    "passtBinding": st.sampled_from([{}, None]), "state": st.sampled_from(["", "up", "absent", "x", None]),
    "model": st.sampled_from(["", "virtio", "e1000", "vmxnet3", None, 7]),
    "macAddress": st.sampled_from(["", "02:00:00:00:00:00", "aa:bb:cc:dd:ee:ff", "bad", "01:23:45:67:89:ab:cd:ef",
                                   None, 1]),
    "ports": st.lists(st.fixed_dictionaries({}, optional={
        "name": st.sampled_from(["http", "", "HTTP", "a--b"]), "port": st.sampled_from([0, 80, -1, 70000]),
        "protocol": st.sampled_from(["TCP", "", "SCTP"])}), max_size=2),
    "pciAddress": st.sampled_from(["", "bad"]), "portRanges": st.sampled_from([None, [{"start": 1}]]),
    "dhcpOptions": st.sampled_from([None, {}]),
}
NETWORK_VALUES: dict[str, st.SearchStrategy] = {
    "name": st.sampled_from(["default", "storage-net", "", 5]), "pod": st.sampled_from([{}, None, "x"]),
    "multus": st.sampled_from([None, {}, "x", {"networkName": "n"}, {"networkName": ""},
                               {"networkName": "n", "default": True}]),
    "resourceClaim": st.sampled_from([None, {"claimName": "c", "requestName": "r"}]),
}


@st.composite
def near_valid(draw: st.DrawFn) -> dict:
    spec = typical()
    for _ in range(draw(st.integers(1, 2))):
        if draw(st.booleans()):
            entry, values = draw(st.sampled_from(ifaces(spec))), INTERFACE_VALUES
        else:
            entry, values = draw(st.sampled_from(spec["networks"])), NETWORK_VALUES
        key = draw(st.sampled_from(sorted(values)))
        entry[key] = copy.deepcopy(draw(values[key]))
    return spec


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid(), st.sampled_from([CONFIG, NO_BRIDGE_ON_POD]))
def test_the_fast_path_never_hides_a_cause(spec: dict, config: ClusterConfig) -> None:
    causes = every_cause(spec, config)
    if _plainly_valid(spec, config):
        assert causes == []
    assert [(cause.field, cause.message) for cause in validate_network(F, spec, config)] == causes
