"""``draadmitter.ValidateCreation`` (pkg/dra/admitter/dra_admitter.go, d923fdb8): the resource
claims, the DRA GPUs and host devices, and claim/request pairs used twice across GPUs, host
devices and (with NetworkDevicesWithDRA) networks (``vmispec.ExtractDRANetworkClaimRequestTuples``,
ported in krmfn.kubevirt.network.vmispec).

A GPU or host device inlines Go's ``*ClaimRequest``. The VM mutator writes the spec back from Go
(``patch.WithReplace("/spec", vm.Spec)``) and both of its fields are ``omitempty``, so the
validating webhook sees a claim request only when ``claimName`` or ``requestName`` is non-empty
(before v1.9 they are ``*string``: present and not null, an empty string included).
A device is a DRA device when it has a claim request and no ``deviceName``.

Older releases (``KubevirtVersion``): v1.8.4 checks only duplicate claim names, reports all missing
names before the duplicate pairs and knows no network pairs (its registry has no
NetworkDevicesWithDRA gate); v1.7.4 runs its own GPU-only ``validateCreationDRA``
(``_validate_gpus_v1_7``).

One oddity is not reproducible: KubeVirt walks each source's pairs in Go map order (random), so
two cross-source duplicates of one source come out in any order; here they come in the order of
their first index.
"""
from __future__ import annotations


from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.network.vmispec import dra_claim_request_first_index, networks
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.reasons import KUBEVIRT_CRASH, needs_feature_gate
from krmfn.kubevirt.apimachinery.validation import is_dns1123_label
from krmfn.kubevirt.apiserver.objectmeta import name_is_dns_subdomain
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_DUPLICATE,
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_REQUIRED,
    Cause,
    go_quote,
)
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_str, devices, dicts
from krmfn.model.record import record

CLAIM_NAME_REQUIRED_FMT = "%s is a required field"
DUPLICATE_CLAIM_NAME_FMT = "duplicate resourceClaims name %s"
CLAIM_NAME_NOT_DNS_LABEL_FMT = "%s does not conform to the kubernetes DNS_LABEL rules: %s"
BOTH_CLAIM_SOURCES = "at most one of resourceClaimName or resourceClaimTemplateName may be specified"
NO_CLAIM_SOURCE = "must specify one of: resourceClaimName, resourceClaimTemplateName"
MIXED_DEVICES_FMT = ("vmi.spec.domain.devices.%s contains both DRA and non-DRA %ss; "
                     "each %s must be either DRA or non-DRA")
DRA_GATE_DISABLED_FMT = "vmi.spec.domain.devices.%s contains DRA enabled %ss but feature gate is not enabled"
DEVICE_WITHOUT_SOURCE_FMT = ("vmi.spec.domain.devices.%s contains %ss without deviceName or claimRequest; "
                             "each %s must specify either a deviceName or a claimRequest")
DEVICE_WITH_BOTH_SOURCES_FMT = "vmi.spec.domain.devices.%s contains %ss with both deviceName and claimRequest"
DRA_CLAIM_NAME_REQUIRED_FMT = "claimName is required for DRA %s"
DRA_REQUEST_NAME_REQUIRED_FMT = "requestName is required for DRA %s"
DUPLICATE_PAIR_FMT = "duplicate claimName/requestName pair %s"
DUPLICATE_PAIR_ACROSS_FMT = "duplicate claimName/requestName pair %s between %s[%d] and %s[%d]"
UNDECLARED_CLAIMS = ("vmi.spec.resourceClaims must specify all claims used in vmi.spec.domain.devices.gpus "
                     "and vmi.spec.domain.devices.hostDevices")
# v1.7's validateCreationDRA (GPUs only).
GPUS_WITHOUT_DEVICE_NAME_V1_7 = "vmi.spec.domain.devices.gpus contains GPUs without deviceName"
UNDECLARED_GPU_CLAIMS_V1_7 = "vmi.spec.resourceClaims must specify all claims used in vmi.spec.domain.devices.gpus"
# krmfn's own message where v1.7 dereferences a DRA GPU's nil claimName.
GPU_CLAIM_NAME_NIL_V1_7 = "claimName is required for DRA GPU (KubeVirt's webhook panics: nil pointer dereference)"

GPUS_WITH_DRA_GATE = "GPUsWithDRA"
HOST_DEVICES_WITH_DRA_GATE = "HostDevicesWithDRA"
NETWORK_DEVICES_WITH_DRA_GATE = "NetworkDevicesWithDRA"


@record(frozen=True)
class DeviceKind:
    """``deviceValidationConfig``: the devices list, its type name, and whether a list mixing
    DRA and non-DRA devices is rejected."""

    list_name: str
    type_name: str
    gate: str
    reject_mixed: bool


GPUS = DeviceKind("gpus", "GPU", GPUS_WITH_DRA_GATE, reject_mixed=True)
HOST_DEVICES = DeviceKind("hostDevices", "HostDevice", HOST_DEVICES_WITH_DRA_GATE, reject_mixed=False)


@record
class DeviceResult:
    """What ``validateDRADevices`` returns: the causes, the claim names of the valid DRA devices,
    and the first index of each of their claim/request pairs (in index order)."""

    causes: list[Cause]
    claim_names: set[str]
    first_index_by_pair: dict[str, int]


def validate_dra_creation(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """``ValidateCreation`` (``validateCreationDRA``)."""
    if not config.kubevirt_version.validates_dra_devices:
        return _validate_gpus_v1_7(field, spec, config)
    spec_devices = devices(spec)
    resource_claims, gpu_list, host_device_list = (spec.get("resourceClaims"), spec_devices.get("gpus"),
                                                   spec_devices.get("hostDevices"))
    if not resource_claims and not gpu_list and not host_device_list:
        # Without claims, GPUs and host devices, the networks' pairs meet no other source.
        return []
    resource_claims = dicts(resource_claims)
    causes = validate_resource_claims(f"{field}.resourceClaims", resource_claims, config.kubevirt_version)
    gpus = validate_dra_devices(field, dicts(gpu_list), GPUS, config)
    host_devices = validate_dra_devices(field, dicts(host_device_list), HOST_DEVICES, config)
    causes += gpus.causes + host_devices.causes
    if gpus.first_index_by_pair or host_devices.first_index_by_pair:
        network_pairs = (dra_claim_request_first_index(networks(spec))
                         if config.feature_gate_enabled(NETWORK_DEVICES_WITH_DRA_GATE) else {})
        owners: dict[str, tuple[str, int]] = {}
        causes += _merge_pairs(owners, "GPUs", gpus.first_index_by_pair, f"{field}.domain.devices.gpus")
        causes += _merge_pairs(owners, "HostDevices", host_devices.first_index_by_pair,
                               f"{field}.domain.devices.hostDevices")
        causes += _merge_pairs(owners, "Networks", network_pairs, f"{field}.networks")
    claim_names = gpus.claim_names | host_devices.claim_names
    if claim_names and not claim_names <= {as_str(claim.get("name")) for claim in resource_claims}:
        causes.append(Cause(f"{field}.resourceClaims", UNDECLARED_CLAIMS, CAUSE_FIELD_VALUE_INVALID))
    return causes


def validate_resource_claims(field: str, resource_claims: object, version: KubevirtVersion) -> list[Cause]:
    """``validateResourceClaims``: each claim named (a unique DNS label) with exactly one of
    ``resourceClaimName`` and ``resourceClaimTemplateName``, a DNS subdomain; before v1.9, only
    duplicate names."""
    if not version.validates_resource_claims:
        return _duplicate_claim_name_causes(field, resource_claims)
    causes: list[Cause] = []
    seen: set[str] = set()
    for index, claim in enumerate(dicts(resource_claims)):
        claim_field = f"{field}[{index}]"
        causes += _claim_name_causes(f"{claim_field}.name", as_str(claim.get("name")), seen)
        claim_name, template_name = claim.get("resourceClaimName"), claim.get("resourceClaimTemplateName")
        if claim_name is not None and template_name is not None:
            causes.append(Cause(claim_field, BOTH_CLAIM_SOURCES, CAUSE_FIELD_VALUE_INVALID))
        if claim_name is None and template_name is None:
            causes.append(Cause(claim_field, NO_CLAIM_SOURCE, CAUSE_FIELD_VALUE_INVALID))
        for key, value in (("resourceClaimName", claim_name), ("resourceClaimTemplateName", template_name)):
            if value is not None:
                causes += [Cause(f"{claim_field}.{key}", detail, CAUSE_FIELD_VALUE_INVALID)
                           for detail in name_is_dns_subdomain(as_str(value), False)]
    return causes


def _duplicate_claim_name_causes(field: str, resource_claims: object) -> list[Cause]:
    """v1.8's loop over the claims: a name seen before (an empty one too) is a duplicate."""
    causes = []
    seen: set[str] = set()
    for index, claim in enumerate(dicts(resource_claims)):
        name = as_str(claim.get("name"))
        if name in seen:
            causes.append(Cause(f"{field}[{index}].name", DUPLICATE_CLAIM_NAME_FMT % go_quote(name),
                                CAUSE_FIELD_VALUE_DUPLICATE))
        seen.add(name)
    return causes


def _claim_name_causes(name_field: str, name: str, seen: set[str]) -> list[Cause]:
    if not name:
        return [Cause(name_field, CLAIM_NAME_REQUIRED_FMT % name_field, CAUSE_FIELD_VALUE_REQUIRED)]
    if name in seen:
        return [Cause(name_field, DUPLICATE_CLAIM_NAME_FMT % go_quote(name), CAUSE_FIELD_VALUE_DUPLICATE)]
    seen.add(name)
    errors = is_dns1123_label(name)
    if errors:
        return [Cause(name_field, CLAIM_NAME_NOT_DNS_LABEL_FMT % (name_field, ", ".join(errors)),
                      CAUSE_FIELD_VALUE_INVALID)]
    return []


def has_claim_request(device: dict, version: KubevirtVersion) -> bool:
    """The inlined ``*ClaimRequest`` is set (after the mutator's round trip): a non-empty
    ``claimName`` or ``requestName``; before v1.9 one present and not null (a ``*string``)."""
    names = (device.get("claimName"), device.get("requestName"))
    if version.claim_request_names_are_strings:
        return any(as_str(name) for name in names)
    return any(name is not None for name in names)


def is_dra_device(device: dict, version: KubevirtVersion) -> bool:
    """``isDRA``: a claim request and no deviceName."""
    return not as_str(device.get("deviceName")) and has_claim_request(device, version)


def validate_dra_devices(field: str, device_list: list[dict], kind: DeviceKind,
                         config: ClusterConfig) -> DeviceResult:
    """``validateDRADevices`` (``validateDRAGPUs``, ``validateDRAHostDevices``)."""
    version = config.kubevirt_version
    devices_field = f"{field}.domain.devices.{kind.list_name}"
    dra_devices = [(index, device) for index, device in enumerate(device_list) if is_dra_device(device, version)]
    other_devices = [device for device in device_list if not is_dra_device(device, version)]
    if kind.reject_mixed and dra_devices and other_devices:
        message = MIXED_DEVICES_FMT % (kind.list_name, kind.type_name, kind.type_name)
        return DeviceResult([Cause(devices_field, message, CAUSE_FIELD_VALUE_INVALID)], set(), {})
    causes = _non_dra_device_causes(devices_field, other_devices, kind, version)
    if dra_devices and not config.feature_gate_enabled(kind.gate):
        message = DRA_GATE_DISABLED_FMT % (kind.list_name, kind.type_name)
        return DeviceResult(causes + [Cause(devices_field, message, CAUSE_FIELD_VALUE_INVALID,
                                             needs_feature_gate(kind.gate))], set(), {})
    result = DeviceResult(causes, set(), {})
    # Before v1.9 the duplicate pairs come after the missing names of all devices.
    duplicates = result.causes if version.dra_device_causes_in_index_order else []
    for index, device in dra_devices:
        _add_dra_device(result, duplicates, f"{devices_field}[{index}]", index, device, kind)
    if duplicates is not result.causes:
        result.causes += duplicates
    return result


def _non_dra_device_causes(devices_field: str, other_devices: list[dict], kind: DeviceKind,
                           version: KubevirtVersion) -> list[Cause]:
    """``validateNonDRADevices``: one cause per device without a source or with both."""
    causes = []
    for device in other_devices:
        if not as_str(device.get("deviceName")):
            message = DEVICE_WITHOUT_SOURCE_FMT % (kind.list_name, kind.type_name, kind.type_name)
            causes.append(Cause(devices_field, message, CAUSE_FIELD_VALUE_REQUIRED))
        elif has_claim_request(device, version):
            message = DEVICE_WITH_BOTH_SOURCES_FMT % (kind.list_name, kind.type_name)
            causes.append(Cause(devices_field, message, CAUSE_FIELD_VALUE_INVALID))
    return causes


def _add_dra_device(result: DeviceResult, duplicates: list[Cause], device_field: str, index: int, device: dict,
                    kind: DeviceKind) -> None:
    claim_name, request_name = as_str(device.get("claimName")), as_str(device.get("requestName"))
    if not claim_name:
        result.causes.append(Cause(f"{device_field}.claimName", DRA_CLAIM_NAME_REQUIRED_FMT % kind.type_name,
                                   CAUSE_FIELD_VALUE_REQUIRED))
    if not request_name:
        result.causes.append(Cause(f"{device_field}.requestName", DRA_REQUEST_NAME_REQUIRED_FMT % kind.type_name,
                                   CAUSE_FIELD_VALUE_REQUIRED))
    if not claim_name or not request_name:
        return
    result.claim_names.add(claim_name)
    pair = f"{claim_name}/{request_name}"
    if pair in result.first_index_by_pair:
        duplicates.append(Cause(device_field, DUPLICATE_PAIR_FMT % go_quote(pair), CAUSE_FIELD_VALUE_DUPLICATE))
    else:
        result.first_index_by_pair[pair] = index


def _merge_pairs(owners: dict[str, tuple[str, int]], source: str, first_index_by_pair: dict[str, int],
                 base_field: str) -> list[Cause]:
    """``pairDuplicateChecker.mergeTupleSource``: a pair an earlier source already holds is a
    duplicate at this source's index."""
    causes = []
    for pair, index in first_index_by_pair.items():
        if pair in owners:
            owner, owner_index = owners[pair]
            message = DUPLICATE_PAIR_ACROSS_FMT % (go_quote(pair), owner, owner_index, source, index)
            causes.append(Cause(f"{base_field}[{index}]", message, CAUSE_FIELD_VALUE_DUPLICATE))
            continue
        owners[pair] = (source, index)
    return causes


def _validate_gpus_v1_7(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """v1.7.4's ``validateCreationDRA`` (GPUs only, ``drautil.IsGPUDRA``): a non-DRA GPU without a
    deviceName ends the check, one with a claim request too is rejected; DRA GPUs need the
    GPUsWithDRA gate and their claims in ``resourceClaims``. Its GPU causes name
    ``<spec>.spec.domain.devices.gpus`` (KubeVirt adds "spec" to the spec's path)."""
    version = config.kubevirt_version
    gpus_field = f"{field}.spec.domain.devices.gpus"
    gpus = dicts(devices(spec).get("gpus"))
    dra_gpus = [(index, gpu) for index, gpu in enumerate(gpus) if is_dra_device(gpu, version)]
    causes: list[Cause] = []
    for gpu in (gpu for gpu in gpus if not is_dra_device(gpu, version)):
        if not as_str(gpu.get("deviceName")):
            return causes + [Cause(gpus_field, GPUS_WITHOUT_DEVICE_NAME_V1_7, CAUSE_FIELD_VALUE_INVALID)]
        if has_claim_request(gpu, version):
            causes.append(Cause(gpus_field, DEVICE_WITH_BOTH_SOURCES_FMT % (GPUS.list_name, GPUS.type_name),
                                CAUSE_FIELD_VALUE_INVALID))
    if dra_gpus and not config.feature_gate_enabled(GPUS.gate):
        return causes + [Cause(gpus_field, DRA_GATE_DISABLED_FMT % (GPUS.list_name, GPUS.type_name),
                               CAUSE_FIELD_VALUE_INVALID, needs_feature_gate(GPUS.gate))]
    claim_names = set()
    for index, gpu in dra_gpus:
        if gpu.get("claimName") is None:
            return causes + [Cause(f"{field}.domain.devices.gpus[{index}].claimName", GPU_CLAIM_NAME_NIL_V1_7,
                                   CAUSE_FIELD_VALUE_INVALID, frozenset({KUBEVIRT_CRASH}))]
        claim_names.add(as_str(gpu.get("claimName")))
    if not claim_names <= {as_str(claim.get("name")) for claim in dicts(spec.get("resourceClaims"))}:
        causes.append(Cause(f"{field}.resourceClaims", UNDECLARED_GPU_CLAIMS_V1_7, CAUSE_FIELD_VALUE_INVALID))
    return causes
