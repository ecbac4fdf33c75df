"""validateHostNameNotConformingToDNSLabelRules and validateSubdomainDNSSubdomainRules."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.hostname import (
    validate_hostname_not_conforming_to_dns_label_rules,
    validate_subdomain_dns_subdomain_rules,
)

FIELD = "spec.template.spec"
LABEL_REGEX = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must "
               "start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for "
               "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")
SUBDOMAIN_REGEX = ("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
                   "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for "
                   "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')")
HOSTNAME_PREFIX = "spec.template.spec.hostname does not conform to the kubernetes DNS_LABEL rules : "
SUBDOMAIN_PREFIX = "spec.template.spec.subdomain does not conform to the kubernetes DNS_SUBDOMAIN rules : "


def _pairs(causes: list) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in causes]


@pytest.mark.parametrize("hostname, expected", [
    (None, []),
    ("", []),
    (42, []),  # not a string: Go's zero value
    ("my-vm", []),
    ("a" * 63, []),
    ("My_VM", [HOSTNAME_PREFIX + LABEL_REGEX]),
    ("my.vm", [HOSTNAME_PREFIX + "must not contain dots"]),
    ("a" * 64, [HOSTNAME_PREFIX + "must be no more than 63 characters"]),
    ("-" * 64, [HOSTNAME_PREFIX + "must be no more than 63 characters, " + LABEL_REGEX]),
    # Go counts bytes: 32 two-byte characters are 64 bytes.
    ("é" * 32, [HOSTNAME_PREFIX + "must be no more than 63 characters, " + LABEL_REGEX]),
])
def test_hostname(hostname: object, expected: list[str]) -> None:
    spec = {} if hostname is None else {"hostname": hostname}
    causes = validate_hostname_not_conforming_to_dns_label_rules(FIELD, spec, ClusterConfig())
    assert _pairs(causes) == [(f"{FIELD}.hostname", message) for message in expected]


@pytest.mark.parametrize("subdomain, expected", [
    ("", []),
    ("foo.com", []),
    ("a", []),
    ("Foo.com", [SUBDOMAIN_PREFIX + SUBDOMAIN_REGEX]),
    ("foo..com", [SUBDOMAIN_PREFIX + SUBDOMAIN_REGEX]),
    (("a" * 63 + ".") * 4, [SUBDOMAIN_PREFIX + "must be no more than 253 characters, " + SUBDOMAIN_REGEX]),
])
def test_subdomain(subdomain: str, expected: list[str]) -> None:
    causes = validate_subdomain_dns_subdomain_rules(FIELD, {"subdomain": subdomain}, ClusterConfig())
    assert _pairs(causes) == [(f"{FIELD}.subdomain", message) for message in expected]


def test_hostname_and_subdomain_through_the_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted",
                   "template": {"spec": {"domain": {"devices": {}}, "hostname": "a.b", "subdomain": "B"}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert verdict.stage == "validating-webhook/remaining-vm-checks"
    assert _pairs(verdict.causes) == [(f"{FIELD}.hostname", HOSTNAME_PREFIX + "must not contain dots"),
                                      (f"{FIELD}.subdomain", SUBDOMAIN_PREFIX + SUBDOMAIN_REGEX)]
