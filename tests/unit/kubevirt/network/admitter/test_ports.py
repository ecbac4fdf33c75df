"""pkg/network/admitter/netiface.go: validatePortConfiguration and validatePortRangesConfiguration."""
from __future__ import annotations


import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.admitter.netiface import validate_interfaces_fields
from krmfn.kubevirt.network.admitter.ports import is_valid_port_name
from krmfn.kubevirt.network.admitter.ports import validate_port_ranges_configuration
from krmfn.model.kubevirt_version import kubevirt_version
from krmfn.model.reasons import needs_feature_gate
from krmfn.model.record import replace

F = "spec.template.spec"
I0 = f"{F}.domain.devices.interfaces[0]"
GATE_ON = replace(ClusterConfig(), feature_gates=("PortRangesSpec",))
POD = [{"name": "a", "pod": {}}]
MULTUS = [{"name": "a", "multus": {"networkName": "n"}}]


def pairs(causes: list) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in causes]


def spec(iface: dict, networks: list[dict]) -> dict:
    return {"domain": {"devices": {"interfaces": [{"name": "a", "masquerade": {}, **iface}]}}, "networks": networks}


@pytest.mark.parametrize(("name", "valid"), [
    ("http", True), ("h-t-t-p", True), ("a1", True), ("abcdefghijklmno", True),
    ("abcdefghijklmnop", False), ("HTTP", False), ("123", False), ("a--b", False), ("-a", False), ("a-", False),
    ("a_b", False), ("a\n", False),
])
def test_is_valid_port_name(name: str, valid: bool) -> None:
    assert is_valid_port_name(name) is valid


def test_valid_ports_pass() -> None:
    ports = [{"port": 80}, {"name": "https", "port": 443, "protocol": "TCP"}, {"port": 53, "protocol": "UDP"}]
    assert validate_interfaces_fields(F, spec({"ports": ports}, POD), ClusterConfig()) == []


def test_ports_names_first_then_each_port() -> None:
    ports = [{"name": "web", "port": 0}, {"name": "web", "port": 70000, "protocol": "SCTP"},
             {"name": "Web", "port": -1}]
    assert pairs(validate_interfaces_fields(F, spec({"ports": ports}, POD), ClusterConfig())) == [
        (f"{I0}.ports[1].name", "Duplicate name of the port: web"),
        (f"{I0}.ports[2].name", "Invalid name of the port: Web"),
        (f"{I0}.ports[0].port", "Port field is mandatory."),
        (f"{I0}.ports[1].port", "Port field must be in range 0 < x < 65536."),
        (f"{I0}.ports[1].protocol", "Unknown protocol, only TCP or UDP allowed"),
        (f"{I0}.ports[2].port", "Port field must be in range 0 < x < 65536."),
    ]


def test_ports_off_the_pod_network_are_not_checked() -> None:
    assert validate_interfaces_fields(F, spec({"ports": [{"port": 0}]}, MULTUS), ClusterConfig()) == []


def test_port_ranges_with_the_gate_off_on_any_network() -> None:
    iface = {"portRanges": [{"protocol": "TCP", "start": 1, "end": 2}]}
    want = [(f"{I0}.name", "portRanges is specified on interface but the PortRangesSpec feature gate is not enabled")]
    assert pairs(validate_interfaces_fields(F, spec(iface, MULTUS), ClusterConfig())) == want
    assert validate_interfaces_fields(F, spec({"portRanges": []}, POD), ClusterConfig()) == []


def test_valid_port_ranges_pass_with_the_gate() -> None:
    ranges = [{"protocol": "TCP", "start": 1000, "end": 2000}, {"protocol": "UDP", "start": 1000, "end": 2000},
              {"protocol": "TCP", "start": 2001, "end": 2001}]
    assert validate_interfaces_fields(F, spec({"portRanges": ranges}, POD), GATE_ON) == []
    assert validate_interfaces_fields(F, spec({"portRanges": [{}]}, MULTUS), GATE_ON) == []


def test_port_ranges_rules() -> None:
    iface = {"bridge": {}, "masquerade": None, "ports": [{"port": 80}], "portRanges": [
        {"protocol": "SCTP", "start": 0}, {"protocol": "TCP", "start": 0, "end": 5}, {"protocol": "TCP", "start": 5},
        {"protocol": "UDP", "start": 9, "end": 8}, {"protocol": "TCP", "start": 100, "end": 200},
        {"protocol": "UDP", "start": 10, "end": 20}, {"protocol": "TCP", "start": 50, "end": 100},
        {"protocol": "TCP", "start": 50, "end": 60}, {"protocol": "UDP", "start": 20, "end": 20},
    ]}
    assert pairs(validate_interfaces_fields(F, spec(iface, POD), GATE_ON)) == [
        (f"{I0}.name", "Cannot define both ports and portRanges on interface"),
        (f"{I0}.name", "portRanges are only supported on masquerade interfaces"),
        (f"{I0}.portRanges[0].protocol", "Unknown protocol, only TCP or UDP allowed"),
        (f"{I0}.portRanges[1].start", "Start must be a valid port number, 0 < x < 65536"),
        (f"{I0}.portRanges[2].end", "End must be a valid port number, 0 < x < 65536"),
        (f"{I0}.portRanges[3].start", "Start must be less than or equal to end"),
        (f"{I0}.portRanges", "TCP portRanges [50-60] and [50-100] overlap"),
        (f"{I0}.portRanges", "TCP portRanges [50-100] and [100-200] overlap"),
        (f"{I0}.portRanges", "UDP portRanges [10-20] and [20-20] overlap"),
    ]


def test_more_than_ten_port_ranges_is_one_cause() -> None:
    ranges = [{"protocol": "BAD"}] * 11
    assert pairs(validate_interfaces_fields(F, spec({"portRanges": ranges}, POD), GATE_ON)) == [
        (f"{I0}.portRanges", "No more than 10 portRanges are allowed"),
    ]


def test_the_port_ranges_gate_cause_names_its_gate() -> None:
    iface = {"name": "default", "masquerade": {}, "portRanges": [{"start": 80, "end": 90}]}
    causes = validate_port_ranges_configuration("spec.template.spec.domain.devices.interfaces[0]", iface,
                                                {"name": "default", "pod": {}}, ClusterConfig())
    assert [(c.message, c.reasons) for c in causes] == [
        ("portRanges is specified on interface but the PortRangesSpec feature gate is not enabled",
         needs_feature_gate("PortRangesSpec"))]


def test_before_v1_9_port_65536_is_in_range_and_causes_point_at_the_port_entry() -> None:
    """PR #18095 (v1.9, b162de709c): ``>= 65536`` and the ``.port`` paths; v1.8.4 and v1.7.4 had
    ``> 65536`` on ``ports[N]``."""
    ports = [{"port": 0}, {"port": 65536}, {"port": 65537}]
    v1_8 = ClusterConfig(kubevirt_version=kubevirt_version("v1.8"))
    assert pairs(validate_interfaces_fields(F, spec({"ports": ports}, POD), v1_8)) == [
        (f"{I0}.ports[0]", "Port field is mandatory."),
        (f"{I0}.ports[2]", "Port field must be in range 0 < x < 65536."),
    ]
    assert pairs(validate_interfaces_fields(F, spec({"ports": ports}, POD), ClusterConfig())) == [
        (f"{I0}.ports[0].port", "Port field is mandatory."),
        (f"{I0}.ports[1].port", "Port field must be in range 0 < x < 65536."),
        (f"{I0}.ports[2].port", "Port field must be in range 0 < x < 65536."),
    ]
