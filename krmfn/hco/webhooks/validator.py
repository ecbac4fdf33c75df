"""HCO's validating webhook on a HyperConverged CREATE.

Mirrors ``pkg/webhooks/validator/v1beta1_validator.go`` ``WebhookV1Beta1Handler.ValidateCreate`` and
``validator.go`` ``WebhookHandler.validateCreate`` (v1), on the object as the mutating webhook left it:

* ``validateCertConfig``: every certificate duration at least 10 minutes
  (``spec.certConfig.ca.duration: value is too small``; HCO walks a Go map, so which of several is
  named is random: krmfn names the first of ca.duration, ca.renewBefore, server.duration,
  server.renewBefore), then each ``duration`` at least its ``renewBefore`` and the CA's at least
  the server's;
* ``validateDataImportCronTemplates``: the ``dataimportcrontemplate.kubevirt.io/enable``
  annotation is ``true`` or ``false``, and an enabled template has a spec;
* ``validateTLSSecurityProfiles``: a ``Custom`` profile has ``custom``; its ``minTLSVersion`` is
  known, it lists an HTTP/2 cipher below TLS 1.3, no cipher at TLS 1.3;
* v1beta1 ``validateMediatedDeviceTypes``: ``mediatedDevicesTypes`` and ``mediatedDeviceTypes``
  agree when both are set;
* the feature gates (v1beta1 ``validateDeprecatedFeatureGates``/``validateOldFGOnCreate``, v1
  ``validateDeprecatedFeatureGates``; v1's gates in a Go map, sorted here) and v1beta1's
  ``highBurst`` tuning policy: warnings, returned as HCO returns them, as the webhook's answer: the
  checks after them do not run;
* the operands HCO would build (``validateCreateComponents``): ``NewKubeVirt``
  (``krmfn.hco.handlers.kubevirt``: its JSON patch annotation, the tuning annotation, the migration
  bandwidth), and of ``NewCDI``, ``NewNetworkAddons`` and ``NewSSP`` their JSON patch annotations
  (decoded and held to ``/spec/``; applying them needs those operands, which krmfn does not build)
  and ``kubeSecondaryDNSNameServerIP`` (an IPv4 address).

Not reproduced: ``validateAffinity`` (the node placements' required node affinity, parsed by
``nodeaffinity.NewNodeSelector``) and the errors of ``NewSSP``'s golden images. A v1 object is
converted (``krmfn.hco.api.v1beta1.conversion``) before the operands are built, as HCO does.
"""
from __future__ import annotations

import ipaddress

from krmfn.hco.api.v1.featuregates import PHASE_DEPRECATED, PHASES, to_map
from krmfn.hco.api.v1beta1.conversion import convert_from_v1
from krmfn.hco.handlers.kubevirt import new_kubevirt
from krmfn.hco.operands.operand import (
    JSONPATCH_CDI_ANNOTATION,
    JSONPATCH_CNAO_ANNOTATION,
    JSONPATCH_SSP_ANNOTATION,
    decode_annotation,
)
from krmfn.kubevirt.apimachinery.duration import parse_duration
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

MINIMAL_CERT_DURATION = 10 * 60 * 1000 * 1000 * 1000  # 10 minutes, in nanoseconds
DICT_ENABLED_ANNOTATION = "dataimportcrontemplate.kubevirt.io/enable"
TLS_VERSIONS = ("VersionTLS10", "VersionTLS11", "VersionTLS12", "VersionTLS13")
HTTP2_CIPHERS = ("ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES128-GCM-SHA256")
HTTP2_MESSAGE = ("http2: TLSConfig.CipherSuites is missing an HTTP/2-required AES_128_GCM_SHA256 cipher (need at "
                 "least one of ECDHE-RSA-AES128-GCM-SHA256 or ECDHE-ECDSA-AES128-GCM-SHA256)")
FG_MOVED_WARNING = ("spec.featureGates.{0} is deprecated and ignored. It will removed in a future version; use "
                    "spec.{0} instead")
FG_DEPRECATION_WARNING = "spec.featureGates.{0} is deprecated and ignored. It will be removed in a future version;"
# validateDeprecatedFeatureGates, then validateOldFGOnCreate (v1beta1), in their order.
V1BETA1_DEPRECATED_GATES = ("withHostPassthroughCPU", "deployTektonTaskResources", "nonRoot",
                            "enableManagedTenantQuota")
V1BETA1_MOVED_GATES = ("enableApplicationAwareQuota", "enableCommonBootImageImport", "deployVmConsoleProxy")
HIGH_BURST_WARNING = ("spec.tuningPolicy: the highBurst profile is deprecated as of v1.16.0 and will be removed in a "
                      "future release")
FG_V1_UNKNOWN = "the {0} featureGate is unknown and ignored."
FG_V1_MOVED = "the {0} featureGate is deprecated and ignored. use {1} field instead"
FG_V1_DEPRECATED = "the {0} featureGate deprecated and ignored."
V1_MOVED_GATES = {"enableApplicationAwareQuota": "spec.enableApplicationAwareQuota",
                  "enableCommonBootImageImport": "spec.enableCommonBootImageImport",
                  "deployVmConsoleProxy": "spec.deployVmConsoleProxy"}
KSD_NOT_IPV4 = "kubeSecondaryDNSNameServerIP isn't a valid IPv4"
_SLOPPY_IPV4 = LazyPattern(r"([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\Z")


@record
class WebhookWarning:
    """An admission warning and the field it is about."""

    text: str
    path: str


@record
class ValidationResult:
    """The webhook's answer: ``denied`` (the message) or allowed, with ``warnings``."""

    denied: str | None = None
    warnings: list[WebhookWarning] = field(default_factory=list)


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def validate_create(obj: dict, version: str) -> ValidationResult:
    """The webhook's answer to a CREATE of ``obj`` (a HyperConverged of ``version``, mutated)."""
    spec = _dict(obj.get("spec"))
    v1 = version == "v1"
    security = _dict(spec.get("security")) if v1 else spec
    prefix = "spec.security." if v1 else "spec."
    sources = _dict(spec.get("workloadSources")) if v1 else spec
    error = (_cert_config(_dict(security.get("certConfig")), prefix)
             or _dict_templates(sources.get("dataImportCronTemplates"))
             or _tls_profile(security.get("tlsSecurityProfile"), quoted=v1)
             or (None if v1 else _mediated_device_types(spec.get("mediatedDevicesConfiguration"))))
    if error is not None:
        return ValidationResult(error)
    warnings = _v1_gate_warnings(spec.get("featureGates")) if v1 else _v1beta1_gate_warnings(spec)
    if not v1 and spec.get("tuningPolicy") == "highBurst" and not warnings:
        warnings = [WebhookWarning(HIGH_BURST_WARNING, "spec.tuningPolicy")]
    if warnings:
        return ValidationResult(None, warnings)
    return ValidationResult(_components(convert_from_v1(obj) if v1 else obj))


def _duration(value: Any) -> int:
    parsed = parse_duration(value) if isinstance(value, str) else 0
    return parsed if isinstance(parsed, int) else 0


def _cert_config(cert_config: dict, prefix: str) -> str | None:
    """``validateCertConfig``."""
    ca, server = _dict(cert_config.get("ca")), _dict(cert_config.get("server"))
    values = {f"{prefix}certConfig.{part}.{key}": _duration(config.get(key))
              for part, config in (("ca", ca), ("server", server)) for key in ("duration", "renewBefore")}
    for key, value in values.items():
        if value < MINIMAL_CERT_DURATION:
            return f"{key}: value is too small"
    if _duration(ca.get("duration")) < _duration(ca.get("renewBefore")):
        return f"{prefix}certConfig.ca: duration is smaller than renewBefore"
    if _duration(server.get("duration")) < _duration(server.get("renewBefore")):
        return f"{prefix}certConfig.server: duration is smaller than renewBefore"
    if _duration(ca.get("duration")) < _duration(server.get("duration")):
        return f"{prefix}certConfig: ca.duration is smaller than server.duration"
    return None


def _dict_templates(templates: Any) -> str | None:
    """``validateDataImportCronTemplates``."""
    for entry in templates if isinstance(templates, list) else []:
        template = _dict(entry)
        annotations = _dict(_dict(template.get("metadata")).get("annotations"))
        found = DICT_ENABLED_ANNOTATION in annotations
        value = str(annotations.get(DICT_ENABLED_ANNOTATION, "")).lower()
        if found and value not in ("false", "true"):
            return (f'the {DICT_ENABLED_ANNOTATION} annotation of a dataImportCronTemplate must be either "true" '
                    'or "false"')
        if (not found or value == "true") and template.get("spec") is None:
            return "dataImportCronTemplate spec is empty for an enabled DataImportCronTemplate"
    return None


def _tls_profile(profile: Any, quoted: bool) -> str | None:
    """``validateTLSSecurityProfiles`` (v1's message quotes the bad version)."""
    if not isinstance(profile, dict):
        return None
    custom = profile.get("custom")
    if not isinstance(custom, dict):
        if profile.get("type") == "Custom":
            return "missing required field spec.tlsSecurityProfile.custom when type is Custom"
        return None
    version = custom.get("minTLSVersion") if isinstance(custom.get("minTLSVersion"), str) else ""
    if version not in TLS_VERSIONS:
        suffix = f': "{version}"' if quoted else ""
        return f"invalid value for spec.tlsSecurityProfile.custom.minTLSVersion{suffix}"
    ciphers: list = custom["ciphers"] if isinstance(custom.get("ciphers"), list) else []
    if version < "VersionTLS13" and not any(cipher in ciphers for cipher in HTTP2_CIPHERS):
        return HTTP2_MESSAGE
    if version == "VersionTLS13" and ciphers:
        return "custom ciphers cannot be selected when minTLSVersion is VersionTLS13"
    return None


def _mediated_device_types(config: Any) -> str | None:
    """``validateMediatedDeviceTypes`` (v1beta1)."""
    if not isinstance(config, dict):
        return None
    for entry in [config, *(node for node in config.get("nodeMediatedDeviceTypes") or [] if isinstance(node, dict))]:
        old, new = entry.get("mediatedDevicesTypes"), entry.get("mediatedDeviceTypes")
        if isinstance(old, list) and old and isinstance(new, list) and new and old != new:
            return "mediatedDevicesTypes is deprecated, please use mediatedDeviceTypes instead"
    return None


def _v1beta1_gate_warnings(spec: dict) -> list[WebhookWarning]:
    gates = _dict(spec.get("featureGates"))
    warnings = [WebhookWarning(FG_DEPRECATION_WARNING.format(name), f"spec.featureGates.{name}")
                for name in V1BETA1_DEPRECATED_GATES if gates.get(name) is not None]
    warnings += [WebhookWarning(FG_MOVED_WARNING.format(name), f"spec.featureGates.{name}")
                 for name in V1BETA1_MOVED_GATES if gates.get(name) is not None]
    return warnings


def _v1_gate_warnings(feature_gates: Any) -> list[WebhookWarning]:
    """v1 ``validateDeprecatedFeatureGates`` on CREATE, the gates by name."""
    warnings = []
    for name in sorted(to_map(feature_gates)):
        phase = PHASES.get(name)
        if phase is None:
            warnings.append(WebhookWarning(FG_V1_UNKNOWN.format(name), "spec.featureGates"))
        elif phase == PHASE_DEPRECATED:
            text = (FG_V1_MOVED.format(name, V1_MOVED_GATES[name]) if name in V1_MOVED_GATES
                    else FG_V1_DEPRECATED.format(name))
            warnings.append(WebhookWarning(text, "spec.featureGates"))
    return warnings


def is_ipv4(text: str) -> bool:
    """``k8s.io/utils/net.IsIPv4String``: ``ParseIPSloppy`` (leading zeros allowed) and ``To4``."""
    match = _SLOPPY_IPV4.match(text)
    if match:
        return all(int(part) <= 255 for part in match.groups())
    if ":" not in text:
        return False
    try:
        return ipaddress.IPv6Address(text).ipv4_mapped is not None
    except ValueError:
        return False


def _components(hyperconverged: dict) -> str | None:
    """``validateCreateComponents``: the first operand HCO cannot build (v1beta1 object)."""
    built = new_kubevirt(hyperconverged)
    if built.error is not None:
        return built.error
    error = decode_annotation(hyperconverged, JSONPATCH_CDI_ANNOTATION)[1]
    if error is not None:
        return error
    name_server = _dict(hyperconverged.get("spec")).get("kubeSecondaryDNSNameServerIP")
    if isinstance(name_server, str) and name_server and not is_ipv4(name_server):
        return KSD_NOT_IPV4
    return (decode_annotation(hyperconverged, JSONPATCH_CNAO_ANNOTATION)[1]
            or decode_annotation(hyperconverged, JSONPATCH_SSP_ANNOTATION)[1])
