"""``validateHostNameNotConformingToDNSLabelRules`` and ``validateSubdomainDNSSubdomainRules``
(vmi-create-admitter.go, d923fdb8): a non-empty ``hostname`` must be a DNS-1123 label, a non-empty
``subdomain`` a DNS-1123 subdomain; apimachinery's messages are joined with ``", "`` after KubeVirt's
(note the space before the colon, kept).
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.apimachinery.validation import is_dns1123_label, is_dns1123_subdomain

HOSTNAME_NOT_DNS_LABEL_FMT = "{path} does not conform to the kubernetes DNS_LABEL rules : {errors}"
SUBDOMAIN_NOT_DNS_SUBDOMAIN_FMT = "{path} does not conform to the kubernetes DNS_SUBDOMAIN rules : {errors}"


def validate_hostname_not_conforming_to_dns_label_rules(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    hostname = spec.get("hostname")
    if not hostname or not isinstance(hostname, str):
        return []
    errors = is_dns1123_label(hostname)
    if not errors:
        return []
    path = f"{field}.hostname"
    return [Cause(path, HOSTNAME_NOT_DNS_LABEL_FMT.format(path=path, errors=", ".join(errors)),
                  CAUSE_FIELD_VALUE_INVALID)]


def validate_subdomain_dns_subdomain_rules(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    subdomain = spec.get("subdomain")
    if not subdomain or not isinstance(subdomain, str):
        return []
    errors = is_dns1123_subdomain(subdomain)
    if not errors:
        return []
    path = f"{field}.subdomain"
    return [Cause(path, SUBDOMAIN_NOT_DNS_SUBDOMAIN_FMT.format(path=path, errors=", ".join(errors)),
                  CAUSE_FIELD_VALUE_INVALID)]
