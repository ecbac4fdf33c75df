"""draadmitter.ValidateCreation: resource claims, DRA GPUs and host devices, duplicate pairs."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.dra.admitter import validate_dra_creation
from krmfn.model.kubevirt_version import V1_7, V1_8
from krmfn.model.reasons import KUBEVIRT_CRASH

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


# Before v1.9 the DRA gates are Alpha (off unless enabled).
V1_8_DRA = ClusterConfig(feature_gates=("GPUsWithDRA", "HostDevicesWithDRA"), kubevirt_version=V1_8)
V1_7_DRA = ClusterConfig(feature_gates=("GPUsWithDRA", "HostDevicesWithDRA"), kubevirt_version=V1_7)
GPUS_V1_7 = "spec.template.spec.spec.domain.devices.gpus"  # v1.7 adds "spec" to the spec's path
UNDECLARED_V1_7 = ("spec.template.spec.resourceClaims",
                   "vmi.spec.resourceClaims must specify all claims used in vmi.spec.domain.devices.gpus")


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


def test_before_v1_9_an_empty_claim_name_is_a_claim_request() -> None:
    """``claim_request_names_are_strings``: v1.8's ``*string`` keeps an empty name, so the GPU is a
    DRA GPU missing both names, and a device with a deviceName has both sources."""
    spec = _spec(gpus=[{"name": "g", "claimName": "", "requestName": ""}],
                 host_devices=[{"name": "h", "deviceName": "v.com/d", "claimName": ""}])
    assert _causes(spec, V1_8_DRA) == [
        (GPUS + "[0].claimName", "claimName is required for DRA GPU"),
        (GPUS + "[0].requestName", "requestName is required for DRA GPU"),
        (HOST_DEVICES, "vmi.spec.domain.devices.hostDevices contains HostDevices with both deviceName and "
                       "claimRequest"),
    ]
    assert _causes(spec) == [(GPUS, "vmi.spec.domain.devices.gpus contains GPUs without deviceName or claimRequest; "
                                    "each GPU must specify either a deviceName or a claimRequest")]


def test_before_v1_9_only_duplicate_claim_names_are_checked() -> None:
    """``validates_resource_claims``: v1.8 reports a name used twice (an empty one too) and nothing else."""
    claims = [{"name": "", "resourceClaimName": "Bad"}, {"name": ""}, {"name": "Bad_Name", "resourceClaimName": "rc"}]
    assert _causes(_spec(claims=claims), V1_8_DRA) == [
        ("spec.template.spec.resourceClaims[1].name", 'duplicate resourceClaims name ""')]
    assert [field for field, _ in _causes(_spec(claims=claims))] == [
        "spec.template.spec.resourceClaims[0].name", "spec.template.spec.resourceClaims[0].resourceClaimName",
        "spec.template.spec.resourceClaims[1].name", "spec.template.spec.resourceClaims[1]",
        "spec.template.spec.resourceClaims[2].name"]


def test_before_v1_9_duplicate_pairs_follow_all_missing_names() -> None:
    """``dra_device_causes_in_index_order``: v1.9 reports device by device, v1.8 the missing names first."""
    spec = _spec(gpus=[_dra("c", "r"), _dra("c", "r"), {"name": "g", "claimName": "c"}], claims=[CLAIM])
    duplicate = (GPUS + "[1]", 'duplicate claimName/requestName pair "c/r"')
    missing = (GPUS + "[2].requestName", "requestName is required for DRA GPU")
    assert _causes(spec) == [duplicate, missing]
    assert _causes(spec, V1_8_DRA) == [missing, duplicate]


def test_v1_8_has_no_network_pairs() -> None:
    """NetworkDevicesWithDRA is not in v1.8's registry: listing it changes nothing."""
    networks = [{"name": "n", "resourceClaim": {"claimName": "c", "requestName": "r"}}]
    config = ClusterConfig(feature_gates=("GPUsWithDRA", "NetworkDevicesWithDRA"), kubevirt_version=V1_8)
    assert _causes(_spec(gpus=[_dra("c", "r")], claims=[CLAIM], networks=networks), config) == []


def test_v1_7_checks_gpus_only_and_stops_at_a_gpu_without_device_name() -> None:
    """``validates_dra_devices``: v1.7 ignores host devices and resource claims; a GPU with both
    sources, then the first GPU without a deviceName (Invalid, and the last cause)."""
    spec = _spec(gpus=[{"name": "a", "deviceName": "n.com/g", "claimName": "c"}, {"name": "b"}, {"name": "z"}],
                 host_devices=[_dra("undeclared"), {"name": "h"}], claims=[CLAIM, CLAIM])
    causes = validate_dra_creation(FIELD, spec, V1_7_DRA)
    assert [(cause.field, cause.message, cause.type) for cause in causes] == [
        (GPUS_V1_7, "vmi.spec.domain.devices.gpus contains GPUs with both deviceName and claimRequest",
         "FieldValueInvalid"),
        (GPUS_V1_7, "vmi.spec.domain.devices.gpus contains GPUs without deviceName", "FieldValueInvalid"),
    ]


def test_v1_7_dra_gpus() -> None:
    """v1.7: the gate at the doubled path; no mixed-list, requestName or duplicate-pair checks;
    its own undeclared-claims message (an empty claim name counts)."""
    assert _causes(_spec(gpus=[_dra()], claims=[CLAIM]), ClusterConfig(kubevirt_version=V1_7)) == [
        (GPUS_V1_7, "vmi.spec.domain.devices.gpus contains DRA enabled GPUs but feature gate is not enabled")]
    admitted = _spec(gpus=[_dra(), _dra(), {"name": "g", "claimName": "c"}, {"name": "n", "deviceName": "n.com/g"}],
                     claims=[CLAIM])
    assert _causes(admitted, V1_7_DRA) == []
    assert _causes(_spec(gpus=[_dra("c"), _dra("")], claims=[CLAIM]), V1_7_DRA) == [UNDECLARED_V1_7]


def test_v1_7_panics_on_a_dra_gpu_without_claim_name() -> None:
    """v1.7 dereferences the nil ``claimName`` of a GPU with only a requestName: krmfn's own cause."""
    [cause] = validate_dra_creation(FIELD, _spec(gpus=[{"name": "g", "requestName": "r"}]), V1_7_DRA)
    assert (cause.field, cause.message) == (
        GPUS + "[0].claimName",
        "claimName is required for DRA GPU (KubeVirt's webhook panics: nil pointer dereference)")
    assert KUBEVIRT_CRASH in cause.reasons


def test_the_chain_reports_dra_causes() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {"gpus": [_dra("undeclared")]}}}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert [(cause.field, cause.message) for cause in verdict.causes] == [UNDECLARED]


def test_the_chain_reports_v1_7_dra_causes() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {"gpus": [_dra("undeclared")]}}}}}}
    verdict = admit_bundle([vm], cluster_config=V1_7_DRA)[0]
    assert verdict is not None and not verdict.allowed
    assert [(cause.field, cause.message) for cause in verdict.causes] == [UNDECLARED_V1_7]
