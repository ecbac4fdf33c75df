"""draadmitter.ValidateCreation: resource claims, DRA GPUs and host devices, duplicate pairs."""
from __future__ import annotations

import pytest

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.webhooks.admit import admit_bundle
from krmfn.instancetype.webhooks.vmi.dra import validate_dra_creation

FIELD = "spec.template.spec"
DEFAULT = ClusterConfig()
GPUS = "spec.template.spec.domain.devices.gpus"
HOST_DEVICES = "spec.template.spec.domain.devices.hostDevices"
UNDECLARED = ("spec.template.spec.resourceClaims",
              "vmi.spec.resourceClaims must specify all claims used in vmi.spec.domain.devices.gpus and "
              "vmi.spec.domain.devices.hostDevices")
CLAIM = {"name": "c", "resourceClaimName": "rc"}
DNS_SUBDOMAIN_ERROR = ("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
                       "'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
                       "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')")
DNS_LABEL_ERROR = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must "
                   "start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for "
                   "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")


def _causes(spec: dict, config: ClusterConfig = DEFAULT) -> list[tuple[str, str]]:
    return [(cause.field, cause.message) for cause in validate_dra_creation(FIELD, spec, config)]


def _spec(gpus: list | None = None, host_devices: list | None = None, claims: list | None = None,
          networks: list | None = None) -> dict:
    devices = {key: value for key, value in (("gpus", gpus), ("hostDevices", host_devices)) if value is not None}
    spec: dict = {"domain": {"devices": devices}}
    if claims is not None:
        spec["resourceClaims"] = claims
    if networks is not None:
        spec["networks"] = networks
    return spec


def _dra(claim: str = "c", request: str = "r", name: str = "d") -> dict:
    return {"name": name, "claimName": claim, "requestName": request}


def test_nothing_to_check() -> None:
    assert _causes({}) == []
    assert _causes(_spec(gpus=[{"name": "g", "deviceName": "nvidia.com/gpu"}])) == []
    networks = [{"name": "n", "resourceClaim": {"claimName": "c", "requestName": "r"}},
                {"name": "m", "resourceClaim": {"claimName": "c", "requestName": "r"}}]
    assert _causes(_spec(networks=networks), ClusterConfig(feature_gates=("NetworkDevicesWithDRA",))) == []


@pytest.mark.parametrize("claims, expected", [
    ([CLAIM, {"name": "d", "resourceClaimTemplateName": "t"}], []),
    ([{"resourceClaimName": "rc"}], [("spec.template.spec.resourceClaims[0].name",
                                      "spec.template.spec.resourceClaims[0].name is a required field")]),
    ([CLAIM, CLAIM], [("spec.template.spec.resourceClaims[1].name", 'duplicate resourceClaims name "c"')]),
    ([{"name": "Bad_Name", "resourceClaimName": "rc"}], [(
        "spec.template.spec.resourceClaims[0].name",
        "spec.template.spec.resourceClaims[0].name does not conform to the kubernetes DNS_LABEL rules: "
        + DNS_LABEL_ERROR)]),
    ([{"name": "c", "resourceClaimName": "rc", "resourceClaimTemplateName": "t"}], [(
        "spec.template.spec.resourceClaims[0]",
        "at most one of resourceClaimName or resourceClaimTemplateName may be specified")]),
    ([{"name": "c"}], [("spec.template.spec.resourceClaims[0]",
                        "must specify one of: resourceClaimName, resourceClaimTemplateName")]),
    ([{"name": "c", "resourceClaimTemplateName": "Bad"}], [
        ("spec.template.spec.resourceClaims[0].resourceClaimTemplateName", DNS_SUBDOMAIN_ERROR)]),
])
def test_resource_claims(claims: list, expected: list) -> None:
    assert _causes(_spec(claims=claims)) == expected


def test_dra_devices_with_declared_claims() -> None:
    spec = _spec(gpus=[_dra("c", "g")], host_devices=[_dra("c", "h"), {"name": "x", "deviceName": "v.com/d"}],
                 claims=[CLAIM])
    assert _causes(spec) == []


def test_undeclared_claims() -> None:
    assert _causes(_spec(gpus=[_dra("c")], host_devices=[_dra("other")], claims=[CLAIM])) == [UNDECLARED]


def test_mixed_gpus_are_rejected_alone() -> None:
    spec = _spec(gpus=[_dra("missing"), {"name": "g", "deviceName": "nvidia.com/gpu"}])
    assert _causes(spec) == [(GPUS, "vmi.spec.domain.devices.gpus contains both DRA and non-DRA GPUs; each GPU "
                                    "must be either DRA or non-DRA")]


def test_mixed_host_devices_are_allowed() -> None:
    spec = _spec(host_devices=[_dra(), {"name": "h", "deviceName": "v.com/d"}], claims=[CLAIM])
    assert _causes(spec) == []


def test_non_dra_devices_without_or_with_both_sources() -> None:
    spec = _spec(host_devices=[{"name": "a"}, {"name": "b", "deviceName": "v.com/d", "claimName": "c"}, {"name": "c"}])
    without = (HOST_DEVICES, "vmi.spec.domain.devices.hostDevices contains HostDevices without deviceName or "
                             "claimRequest; each HostDevice must specify either a deviceName or a claimRequest")
    both = (HOST_DEVICES, "vmi.spec.domain.devices.hostDevices contains HostDevices with both deviceName and "
                          "claimRequest")
    assert _causes(spec) == [without, both, without]


def test_dra_gates() -> None:
    config = ClusterConfig(disabled_feature_gates=("GPUsWithDRA", "HostDevicesWithDRA"))
    spec = _spec(gpus=[_dra()], host_devices=[_dra("x")])
    assert _causes(spec, config) == [
        (GPUS, "vmi.spec.domain.devices.gpus contains DRA enabled GPUs but feature gate is not enabled"),
        (HOST_DEVICES, "vmi.spec.domain.devices.hostDevices contains DRA enabled HostDevices but feature gate is "
                       "not enabled"),
    ]


def test_incomplete_claim_requests() -> None:
    spec = _spec(gpus=[{"name": "g", "claimName": "c"}, {"name": "h", "requestName": "r", "claimName": ""}],
                 claims=[])
    assert _causes(spec) == [
        (GPUS + "[0].requestName", "requestName is required for DRA GPU"),
        (GPUS + "[1].claimName", "claimName is required for DRA GPU"),
    ]


def test_empty_claim_fields_are_no_claim_request() -> None:
    """The mutator's round trip drops empty claimName and requestName: no claim request is left."""
    spec = _spec(gpus=[{"name": "g", "claimName": "", "requestName": ""}])
    assert _causes(spec) == [(GPUS, "vmi.spec.domain.devices.gpus contains GPUs without deviceName or claimRequest; "
                                    "each GPU must specify either a deviceName or a claimRequest")]


def test_duplicate_pairs_within_and_across_sources() -> None:
    spec = _spec(gpus=[_dra("c", "r"), _dra("c", "r"), _dra("c", "s")],
                 host_devices=[_dra("c", "t"), _dra("c", "s"), _dra("c", "r")], claims=[CLAIM])
    assert _causes(spec) == [
        (GPUS + "[1]", 'duplicate claimName/requestName pair "c/r"'),
        (HOST_DEVICES + "[1]", 'duplicate claimName/requestName pair "c/s" between GPUs[2] and HostDevices[1]'),
        (HOST_DEVICES + "[2]", 'duplicate claimName/requestName pair "c/r" between GPUs[0] and HostDevices[2]'),
    ]


def test_network_pairs_count_only_with_their_gate() -> None:
    networks = [{"name": "pod", "pod": {}}, {"name": "n", "resourceClaim": {"claimName": "c", "requestName": "r"}}]
    spec = _spec(gpus=[_dra("c", "r")], claims=[CLAIM], networks=networks)
    assert _causes(spec) == []
    assert _causes(spec, ClusterConfig(feature_gates=("NetworkDevicesWithDRA",))) == [
        ("spec.template.spec.networks[1]",
         'duplicate claimName/requestName pair "c/r" between GPUs[0] and Networks[1]')]


def test_the_chain_reports_dra_causes() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {"gpus": [_dra("undeclared")]}}}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(cause.field, cause.message) for cause in verdict.causes] == [UNDECLARED]
