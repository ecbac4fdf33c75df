"""validateDNSPolicy and validatePodDNSConfig, as ValidateVirtualMachineInstanceSpec calls them."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.dns import go_parse_ip, validate_dns

FIELD = "spec.template.spec"
SUBDOMAIN_REGEX = ("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
                   "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for "
                   "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')")
POLICY_NOT_SUPPORTED = ("DNSPolicy: {} is not supported, valid values: "
                        "[ClusterFirstWithHostNet ClusterFirst Default None ]")


def _causes(spec: dict) -> list[tuple[str, str]]:
    return [(c.field, c.message) for c in validate_dns(FIELD, spec, ClusterConfig())]


@pytest.mark.parametrize("spec, expected", [
    ({}, []),
    ({"dnsPolicy": ""}, []),
    ({"dnsPolicy": None, "dnsConfig": None}, []),
    ({"dnsPolicy": 5}, []),  # not a string: Go's zero value
    ({"dnsConfig": {}}, []),
    ({"dnsPolicy": "ClusterFirst"}, []),
    ({"dnsPolicy": "ClusterFirstWithHostNet"}, []),
    ({"dnsPolicy": "Default", "dnsConfig": {}}, []),
    ({"dnsPolicy": "None", "dnsConfig": {"nameservers": ["1.1.1.1"], "searches": ["a.b"],
                                         "options": [{"name": "ndots", "value": "2"}]}}, []),
    ({"dnsPolicy": "FakePolicy"}, [(f"{FIELD}.dnsPolicy", POLICY_NOT_SUPPORTED.format("FakePolicy"))]),
    ({"dnsPolicy": "None"}, [(f"{FIELD}.dnsConfig", "must provide `dnsConfig` when `dnsPolicy` is None")]),
    ({"dnsPolicy": "None", "dnsConfig": {"searches": ["Bad"]}},
     [("nameservers", "must provide at least one DNS nameserver when `dnsPolicy` is None")]),
    ({"dnsPolicy": "Bad", "dnsConfig": {"nameservers": ["x"]}},
     [(f"{FIELD}.dnsPolicy", POLICY_NOT_SUPPORTED.format("Bad")), ("nameservers", "must be valid IP address: x")]),
    ({"dnsConfig": {"nameservers": ["1.1.1.1", "::1", "01.2.3.4", "fe80::1%eth0"]}},
     [("nameservers", "must not have more than 3 nameservers: [1.1.1.1 ::1 01.2.3.4 fe80::1%eth0]"),
      ("nameservers", "must be valid IP address: 01.2.3.4"),
      ("nameservers", "must be valid IP address: fe80::1%eth0")]),
    ({"dnsConfig": {"searches": ["a", "b", "c", "d", "e", "f", "g"]}},
     [("searchDomains", "must not have more than 6 search paths")]),
    # 3 x 67 + 53 characters and 3 spaces: 257.
    ({"dnsConfig": {"searches": ["a" * 63 + ".com", "b" * 63 + ".com", "c" * 63 + ".com", "d" * 53]}},
     [("searchDomains", "must not have more than 256 characters (including spaces) in the search list")]),
    ({"dnsConfig": {"searches": ["a" * 63 + ".com", "b" * 63 + ".com", "c" * 63 + ".com", "d" * 52]}}, []),
    ({"dnsConfig": {"searches": ["ok.com", "Bad_", "x" * 254]}},
     [("searchDomains", "must not have more than 256 characters (including spaces) in the search list"),
      ("searchDomains", SUBDOMAIN_REGEX),
      ("searchDomains", "must be no more than 253 characters")]),
    ({"dnsConfig": {"options": [{"name": "ndots"}, {"value": "1"}, {"name": ""}]}},
     [("options", "Option.Name must not be empty"), ("options", "Option.Name must not be empty")]),
])
def test_dns(spec: dict, expected: list) -> None:
    assert _causes(spec) == expected


@pytest.mark.parametrize("text, valid", [
    ("1.2.3.4", True), ("0.0.0.0", True), ("::", True), ("::1", True), ("1::", True), ("FFFF::", True),
    ("::ffff:1.2.3.4", True), ("1:2:3:4:5:6:1.2.3.4", True), ("1:2:3:4:5:6:7::", True),
    ("01.2.3.4", False), ("1.2.3.256", False), ("1.2.3", False), ("1.2.3.4.5", False), (" 1.2.3.4", False),
    (":::", False), ("1:2:3:4:5:6:7:8:9", False), ("::ffff:01.2.3.4", False), ("1:2:3:4:5:6:7:1.2.3.4", False),
    ("fe80::1%eth0", False), ("00000::1", False), ("1:2:3:4:5:6:7:8::", False), ("", False), ("١.٢.٣.٤", False),
])
def test_go_parse_ip(text: str, valid: bool) -> None:
    assert go_parse_ip(text) is valid


def test_dns_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted",
                   "template": {"spec": {"domain": {"devices": {}}, "dnsPolicy": "None",
                                         "dnsConfig": {"nameservers": ["8.8.8.8", "dns.local"]}}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(c.field, c.message) for c in verdict.causes] == [("nameservers", "must be valid IP address: dns.local")]
