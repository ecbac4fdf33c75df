"""The DNS checks of ``ValidateVirtualMachineInstanceSpec`` (vmi-create-admitter.go, d923fdb8):
``validateDNSPolicy`` (only for a non-empty ``dnsPolicy``) then ``validatePodDNSConfig``, both
copied by KubeVirt from Kubernetes' core validation.

Oddities kept: the ``dnsConfig`` causes other than a missing ``dnsConfig`` have the bare fields
``nameservers``, ``searchDomains`` and ``options``; the valid policies print as Go's ``%s`` of a
``[]string`` ending in the empty string, ``[ClusterFirstWithHostNet ClusterFirst Default None ]``;
the nameserver list prints the same way. A nameserver must be what Go's ``net.ParseIP`` accepts:
dotted-decimal IPv4 without leading zeros, or IPv6 (an embedded IPv4 allowed) without a zone.
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str, dicts
from krmfn.kubevirt.apimachinery.validation import go_len, go_string_list, is_dns1123_subdomain, string_list

DNS_NONE = "None"
VALID_DNS_POLICIES = ("ClusterFirstWithHostNet", "ClusterFirst", "Default", DNS_NONE, "")
DNS_POLICY_NOT_SUPPORTED_FMT = "DNSPolicy: {policy} is not supported, valid values: {valid}"
MAX_DNS_NAMESERVERS = 3
MAX_DNS_SEARCH_PATHS = 6
MAX_DNS_SEARCH_LIST_CHARS = 256
DNS_CONFIG_REQUIRED = f"must provide `dnsConfig` when `dnsPolicy` is {DNS_NONE}"
NAMESERVER_REQUIRED = f"must provide at least one DNS nameserver when `dnsPolicy` is {DNS_NONE}"
TOO_MANY_NAMESERVERS_FMT = f"must not have more than {MAX_DNS_NAMESERVERS} nameservers: {{nameservers}}"
INVALID_NAMESERVER_FMT = "must be valid IP address: {nameserver}"
TOO_MANY_SEARCH_PATHS = f"must not have more than {MAX_DNS_SEARCH_PATHS} search paths"
SEARCH_LIST_TOO_LONG = (f"must not have more than {MAX_DNS_SEARCH_LIST_CHARS} characters (including spaces) "
                        "in the search list")
EMPTY_OPTION_NAME = "Option.Name must not be empty"
FIELD_NAMESERVERS = "nameservers"
FIELD_SEARCH_DOMAINS = "searchDomains"
FIELD_OPTIONS = "options"


def validate_dns(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    policy = as_str(spec.get("dnsPolicy"))
    if not policy and spec.get("dnsConfig") is None:
        return []
    causes = _validate_dns_policy(policy, f"{field}.dnsPolicy") if policy else []
    return causes + _validate_pod_dns_config(spec.get("dnsConfig"), policy, f"{field}.dnsConfig")


def _validate_dns_policy(policy: str, path: str) -> list[Cause]:
    if policy in VALID_DNS_POLICIES:
        return []
    message = DNS_POLICY_NOT_SUPPORTED_FMT.format(policy=policy, valid=go_string_list(VALID_DNS_POLICIES))
    return [Cause(path, message, CAUSE_FIELD_VALUE_NOT_SUPPORTED)]


def go_parse_ip(text: str) -> bool:
    """Whether Go's ``net.ParseIP`` accepts ``text`` (``netip.ParseAddr`` without a zone)."""
    if "%" in text:
        return False
    import ipaddress  # noqa: PLC0415 - DNS nameservers only (bench/README.md, "Start-up")

    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _validate_pod_dns_config(dns_config: object, policy: str, path: str) -> list[Cause]:
    config = as_dict(dns_config)
    nameservers = string_list(config.get("nameservers"))
    if policy == DNS_NONE:
        if dns_config is None:
            return [Cause(path, DNS_CONFIG_REQUIRED, CAUSE_FIELD_VALUE_REQUIRED)]
        if not nameservers:
            return [Cause(FIELD_NAMESERVERS, NAMESERVER_REQUIRED, CAUSE_FIELD_VALUE_REQUIRED)]
    if dns_config is None:
        return []
    causes: list[Cause] = []
    if len(nameservers) > MAX_DNS_NAMESERVERS:
        causes.append(Cause(FIELD_NAMESERVERS, TOO_MANY_NAMESERVERS_FMT.format(nameservers=go_string_list(nameservers)),
                            CAUSE_FIELD_VALUE_INVALID))
    causes += [Cause(FIELD_NAMESERVERS, INVALID_NAMESERVER_FMT.format(nameserver=nameserver), CAUSE_FIELD_VALUE_INVALID)
               for nameserver in nameservers if not go_parse_ip(nameserver)]
    causes += _validate_searches(string_list(config.get("searches")))
    causes += [Cause(FIELD_OPTIONS, EMPTY_OPTION_NAME, CAUSE_FIELD_VALUE_INVALID)
               for option in dicts(config.get("options")) if not as_str(option.get("name"))]
    return causes


def _validate_searches(searches: list[str]) -> list[Cause]:
    causes: list[Cause] = []
    if len(searches) > MAX_DNS_SEARCH_PATHS:
        causes.append(Cause(FIELD_SEARCH_DOMAINS, TOO_MANY_SEARCH_PATHS, CAUSE_FIELD_VALUE_INVALID))
    if go_len(" ".join(searches)) > MAX_DNS_SEARCH_LIST_CHARS:
        causes.append(Cause(FIELD_SEARCH_DOMAINS, SEARCH_LIST_TOO_LONG, CAUSE_FIELD_VALUE_INVALID))
    for search in searches:
        causes += [Cause(FIELD_SEARCH_DOMAINS, message, CAUSE_FIELD_VALUE_INVALID)
                   for message in is_dns1123_subdomain(search)]
    return causes
