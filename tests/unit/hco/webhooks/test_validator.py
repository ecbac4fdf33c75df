"""``krmfn.hco.webhooks.validator``: HCO's validating webhook on CREATE, with its messages."""
from __future__ import annotations

from typing import Any

import pytest

from krmfn.hco.deploy.crds.defaulting import defaulted
from krmfn.hco.webhooks.validator import HTTP2_MESSAGE, is_ipv4, validate_create


def v1beta1(spec: dict[str, Any], annotations: dict[str, str] | None = None) -> dict:
    return defaulted({"metadata": {"name": "kubevirt-hyperconverged", "annotations": annotations or {}},
                      "spec": spec}, "v1beta1")


@pytest.mark.parametrize("spec, denied", [
    ({}, None),
    ({"certConfig": {"ca": {"duration": "5m"}}}, "spec.certConfig.ca.duration: value is too small"),
    ({"certConfig": {"server": {"renewBefore": "9m59s"}, "ca": {"renewBefore": "1m"}}},
     "spec.certConfig.ca.renewBefore: value is too small"),
    ({"certConfig": {"ca": {"duration": "1h", "renewBefore": "2h"}}},
     "spec.certConfig.ca: duration is smaller than renewBefore"),
    ({"certConfig": {"server": {"duration": "1h", "renewBefore": "2h"}}},
     "spec.certConfig.server: duration is smaller than renewBefore"),
    ({"certConfig": {"ca": {"duration": "25h", "renewBefore": "1h"}, "server": {"duration": "26h"}}},
     "spec.certConfig: ca.duration is smaller than server.duration"),
    ({"dataImportCronTemplates": [{"metadata": {"annotations": {"dataimportcrontemplate.kubevirt.io/enable": "y"}}}]},
     'the dataimportcrontemplate.kubevirt.io/enable annotation of a dataImportCronTemplate must be either "true" '
     'or "false"'),
    ({"dataImportCronTemplates": [{"metadata": {"name": "t"}}]},
     "dataImportCronTemplate spec is empty for an enabled DataImportCronTemplate"),
    ({"dataImportCronTemplates": [{"metadata": {"annotations": {
        "dataimportcrontemplate.kubevirt.io/enable": "FALSE"}}}]}, None),
    ({"tlsSecurityProfile": {"type": "Custom"}},
     "missing required field spec.tlsSecurityProfile.custom when type is Custom"),
    ({"tlsSecurityProfile": {"type": "Custom", "custom": {"minTLSVersion": "VersionTLS9"}}},
     "invalid value for spec.tlsSecurityProfile.custom.minTLSVersion"),
    ({"tlsSecurityProfile": {"type": "Custom", "custom": {"minTLSVersion": "VersionTLS12", "ciphers": ["X"]}}},
     HTTP2_MESSAGE),
    ({"tlsSecurityProfile": {"type": "Custom", "custom": {"minTLSVersion": "VersionTLS13", "ciphers": ["X"]}}},
     "custom ciphers cannot be selected when minTLSVersion is VersionTLS13"),
    ({"mediatedDevicesConfiguration": {"mediatedDevicesTypes": ["a"], "mediatedDeviceTypes": ["b"]}},
     "mediatedDevicesTypes is deprecated, please use mediatedDeviceTypes instead"),
    ({"kubeSecondaryDNSNameServerIP": "10.0.0.300"}, "kubeSecondaryDNSNameServerIP isn't a valid IPv4"),
])
def test_v1beta1_denials(spec: dict, denied: str | None) -> None:
    answer = validate_create(v1beta1(spec), "v1beta1")
    assert (answer.denied, answer.warnings) == (denied, [])


def test_operand_annotations() -> None:
    for annotation in ("containerizeddataimporter.kubevirt.io/jsonpatch", "networkaddonsconfigs.kubevirt.io/jsonpatch",
                       "ssp.kubevirt.io/jsonpatch"):
        assert validate_create(v1beta1({}, {annotation: "[1]"}), "v1beta1").denied == (
            f"invalid jsonPatch in the {annotation} annotation: json: cannot unmarshal number into Go value of type "
            "jsonpatch.Operation")


def test_warnings_are_the_answer() -> None:
    spec = {"featureGates": {"nonRoot": True, "deployVmConsoleProxy": False}, "tuningPolicy": "highBurst",
            "tlsSecurityProfile": None}
    answer = validate_create(v1beta1(spec, {"kubevirt.kubevirt.io/jsonpatch": "[{]"}), "v1beta1")
    assert answer.denied is None  # the warnings return first: the invalid JSON patch is never read
    assert [(w.text, w.path) for w in answer.warnings] == [
        ("spec.featureGates.nonRoot is deprecated and ignored. It will be removed in a future version;",
         "spec.featureGates.nonRoot"),
        ("spec.featureGates.deployVmConsoleProxy is deprecated and ignored. It will removed in a future version; "
         "use spec.deployVmConsoleProxy instead", "spec.featureGates.deployVmConsoleProxy")]
    answer = validate_create(v1beta1({"tuningPolicy": "highBurst"}), "v1beta1")
    assert [w.text for w in answer.warnings] == [
        "spec.tuningPolicy: the highBurst profile is deprecated as of v1.16.0 and will be removed in a future release"]


def test_v1() -> None:
    obj = defaulted({"metadata": {"name": "kubevirt-hyperconverged"},
                     "spec": {"security": {"tlsSecurityProfile": {"custom": {"minTLSVersion": "TLS1"}}}}}, "v1")
    assert validate_create(obj, "v1").denied == 'invalid value for spec.tlsSecurityProfile.custom.minTLSVersion: "TLS1"'
    obj = defaulted({"spec": {"security": {"certConfig": {"ca": {"renewBefore": "1m"}}}}}, "v1")
    assert validate_create(obj, "v1").denied == "spec.security.certConfig.ca.renewBefore: value is too small"
    obj = defaulted({"metadata": {"annotations": {"kubevirt.kubevirt.io/jsonpatch": "{}"}}, "spec": {}}, "v1")
    assert validate_create(obj, "v1").denied == ("invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: "
                                                 "json: cannot unmarshal object into Go value of type jsonpatch.Patch")
    gates = [{"name": "withHostPassthroughCPU"}, {"name": "enableCommonBootImageImport"}, {"name": "x"},
             {"name": "videoConfig"}]
    obj = defaulted({"spec": {"featureGates": gates}}, "v1")
    assert [w.text for w in validate_create(obj, "v1").warnings] == [
        "the enableCommonBootImageImport featureGate is deprecated and ignored. use spec.enableCommonBootImageImport "
        "field instead", "the withHostPassthroughCPU featureGate deprecated and ignored.",
        "the x featureGate is unknown and ignored."]


def test_is_ipv4() -> None:
    assert is_ipv4("10.0.0.1") and is_ipv4("010.000.000.001") and is_ipv4("::ffff:1.2.3.4")
    assert not is_ipv4("1.2.3") and not is_ipv4("fe80::1") and not is_ipv4("a.b.c.d")
