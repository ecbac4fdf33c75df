"""instancetype.kubevirt.io/v1alpha1 and v1alpha2 under `legacyApiVersions` (README "Legacy API
versions"): live objects served unchanged with KubeVirt v1.5's warning, ControllerRevision payloads
decoded and converted as KubeVirt did until v1.7, and today's behaviour under `reject`."""
from __future__ import annotations

import base64
import json

import pytest

from krmfn.kubevirt.bundle import Bundle, is_served
from krmfn.kubevirt.instancetype.compatibility import DecodedRevision, decode_payload, get_instancetype_spec
from krmfn.kubevirt.instancetype.expand.expand import expand_vm
from krmfn.kubevirt.instancetype.legacy import convert_instancetype_spec, convert_preference_spec, decode_spec_revision
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.util import webhooks as r
from krmfn.kubevirt.apiserver.create import deprecation_warning, instancetype_resources

GROUP = "instancetype.kubevirt.io"


def spec_revision(spec: object, api_version: str = f"{GROUP}/v1alpha1") -> dict:
    return {"apiVersion": api_version, "spec": base64.b64encode(json.dumps(spec).encode()).decode()}


def obj(kind: str, version: str, spec: dict, name: str = "old") -> dict:
    return {"apiVersion": f"{GROUP}/{version}", "kind": kind, "metadata": {"name": name}, "spec": spec}


def vm(instancetype: dict, domain: dict | None = None) -> dict:
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
            "spec": {"runStrategy": "Halted", "instancetype": instancetype,
                     "template": {"spec": {"domain": domain or {"devices": {}}}}}}


def revision(data: dict) -> dict:
    return {"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": {"name": "cr", "namespace": "ns"},
            "data": data}


# --- live objects -------------------------------------------------------------------------------
@pytest.mark.parametrize("version", ["v1alpha1", "v1alpha2"])
def test_live_legacy_objects_exist_only_under_convert(version):
    old = obj("VirtualMachineClusterInstancetype", version, {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}})
    assert is_served(old, "convert") and not is_served(old, "reject")
    assert Bundle([old], legacy="convert").get("VirtualMachineClusterInstancetype", "", "old") is old
    assert Bundle([old], legacy="reject").get("VirtualMachineClusterInstancetype", "", "old") is None


def test_deprecation_warnings_are_kubevirt_v1_5s():
    assert deprecation_warning("VirtualMachineClusterInstancetype", "v1alpha1") == (
        "instancetype.kubevirt.io/v1alpha1 VirtualMachineClusterInstanceTypes is now deprecated and will be removed "
        "in v1.")
    assert deprecation_warning("VirtualMachinePreference", "v1alpha2") == (
        "instancetype.kubevirt.io/v1alpha2 VirtualMachinePreferences is now deprecated and will be removed in v1.")


def test_admission_under_convert_warns_and_validates_with_the_v1beta1_schema():
    old = obj("VirtualMachineClusterPreference", "v1alpha2", {"cpu": {"preferredCPUTopology": "cores"}})
    verdict = admit_bundle([old], legacy="convert")[0]
    assert (verdict.allowed, verdict.warnings) == (True, [
        "instancetype.kubevirt.io/v1alpha2 VirtualMachineClusterPreferences is now deprecated and will be removed in "
        "v1."])
    typo = obj("VirtualMachineClusterPreference", "v1alpha1", {"cpu": {"preferedCPUTopology": "cores"}})
    verdict = admit_bundle([typo], legacy="convert")[0]
    assert verdict.stage == r.STAGE_FIELD_VALIDATION
    assert verdict.message == (
        'VirtualMachineClusterPreference in version "v1alpha1" cannot be handled as a VirtualMachineClusterPreference: '
        'strict decoding error: unknown field "spec.cpu.preferedCPUTopology"')


def test_admission_under_reject_is_kubevirt_today():
    old = obj("VirtualMachineClusterInstancetype", "v1alpha1", {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}})
    verdict = admit_bundle([old], legacy="reject")[0]
    assert (verdict.stage, verdict.message) == (
        r.STAGE_API_DISCOVERY,
        'no matches for kind "VirtualMachineClusterInstancetype" in version "instancetype.kubevirt.io/v1alpha1"')


def test_a_live_legacy_spec_is_used_unchanged():
    # CRD conversion strategy None: no pointer conversion, so no model "" here.
    old = obj("VirtualMachineClusterInstancetype", "v1alpha1", {"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}})
    result = expand_vm(vm({"name": "old"}, {"devices": {}, "cpu": {"model": "host-passthrough"}}),
                       Bundle([old], legacy="convert"), apply_defaults=False)
    assert result.vm["spec"]["template"]["spec"]["domain"]["cpu"] == {
        "model": "host-passthrough", "sockets": 2, "cores": 1, "threads": 1}


# --- ControllerRevision payloads ------------------------------------------------------------------
def test_spec_revision_is_tried_as_a_preference_first():
    assert decode_spec_revision(spec_revision({})) == ("VirtualMachinePreference", {})
    assert decode_spec_revision(spec_revision({"cpu": {"preferredCPUTopology": "preferCores"}})) == (
        "VirtualMachinePreference", {"cpu": {"preferredCPUTopology": "preferCores"}})


def test_spec_revision_instance_type_is_converted():
    assert decode_spec_revision(spec_revision({"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}})) == (
        "VirtualMachineInstancetype",
        {"cpu": {"guest": 2, "model": "", "dedicatedCPUPlacement": False, "isolateEmulatorThread": False},
         "memory": {"guest": "1Gi"}})


@pytest.mark.parametrize("data", [
    {"apiVersion": f"{GROUP}/v1alpha1", "spec": "not base64!"},
    {"apiVersion": f"{GROUP}/v1alpha1"},
    {**spec_revision({}), "kind": "VirtualMachinePreference"},
    spec_revision({"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}, "nodeSelector": {}}),  # strict: unknown field
    spec_revision({"cpu": {"guest": "two"}}),
])
def test_what_is_not_a_spec_revision(data):
    assert decode_spec_revision(data) is None


def test_spec_revision_under_reject_fails_as_in_the_golden_corpus():
    data = spec_revision({"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}})
    assert decode_payload(data, "reject") == (
        "failed to decode object in ControllerRevision: Object 'Kind' is missing in "
        f"'{json.dumps(data, separators=(',', ':'), sort_keys=True)}'")


def test_full_legacy_payloads_are_converted():
    data = obj("VirtualMachineClusterInstancetype", "v1alpha2",
               {"cpu": {"guest": 4, "maxSockets": 4}, "memory": {"guest": "4Gi", "overcommitPercent": 10}})
    assert decode_payload(data, "convert") == DecodedRevision("VirtualMachineClusterInstancetype", {
        "cpu": {"guest": 4, "model": "", "dedicatedCPUPlacement": False, "isolateEmulatorThread": False},
        "memory": {"guest": "4Gi"}})  # maxSockets and overcommitPercent did not exist in v1alpha2
    assert decode_payload(data, "reject") == (
        'failed to decode object in ControllerRevision: no kind "VirtualMachineClusterInstancetype" is registered for '
        'version "instancetype.kubevirt.io/v1alpha2" in scheme "kubevirt.io/client-go/kubevirt/scheme/register.go:44"')


def test_preference_conversion_by_version():
    spec = {"cpu": {"preferredCPUTopology": "", "spreadOptions": {"across": "SocketsCores"}},
            "volumes": {"preferredStorageClassName": "fast"}, "firmware": {"preferredUseEfi": True},
            "preferredArchitecture": "arm64"}
    assert decode_payload(obj("VirtualMachinePreference", "v1alpha2", spec), "convert").spec == {
        "cpu": {}, "firmware": {"preferredUseEfi": True}, "volumes": {"preferredStorageClassName": "fast"}}
    assert decode_payload(obj("VirtualMachinePreference", "v1alpha1", spec), "convert").spec == {
        "cpu": {}, "firmware": {"preferredUseEfi": True}}


def test_legacy_list_kinds_are_unexpected_types():
    data = {"apiVersion": f"{GROUP}/v1alpha1", "kind": "VirtualMachineInstancetypeList"}
    assert decode_payload(data, "convert") == (
        "unexpected type in ControllerRevision: *v1alpha1.VirtualMachineInstancetypeList")


def test_a_preference_payload_is_not_an_instance_type():
    assert get_instancetype_spec(revision(spec_revision({})), "convert") == (
        "unexpected type in ControllerRevision: *v1beta1.VirtualMachinePreference")


def test_converted_model_conflicts_with_a_vm_model():
    # The v1alpha1 conversion makes model a set "" (docs/kubevirt/resolution.md#legacy-payloads).
    data = spec_revision({"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}})
    machine = vm({"name": "old", "revisionName": "cr"}, {"devices": {}, "cpu": {"model": "host-passthrough"}})
    result = expand_vm(machine, Bundle([revision(data)], legacy="convert"))
    assert result.failure.message == (
        "VM field(s) spec.template.spec.domain.cpu.model conflicts with selected instance type")


def test_converted_revision_expands():
    data = obj("VirtualMachineClusterInstancetype", "v1alpha2", {"cpu": {"guest": 2}, "memory": {"guest": "1Gi"}})
    result = expand_vm(vm({"name": "old", "revisionName": "cr"}), Bundle([revision(data)], legacy="convert"),
                       apply_defaults=False)
    assert result.vm["spec"]["template"]["spec"]["domain"]["cpu"] == {"sockets": 2, "cores": 1, "threads": 1}
    assert result.instancetype.source() == "VirtualMachineClusterInstancetype/old@cr"


def test_conversion_functions_keep_what_the_old_types_had():
    assert convert_instancetype_spec({"cpu": {"guest": 1, "model": "host-model", "dedicatedCPUPlacement": True},
                                      "memory": {"guest": "1Gi", "hugepages": {"pageSize": "2Mi"}},
                                      "ioThreadsPolicy": "auto"}) == {
        "cpu": {"guest": 1, "model": "host-model", "dedicatedCPUPlacement": True, "isolateEmulatorThread": False},
        "memory": {"guest": "1Gi", "hugepages": {"pageSize": "2Mi"}}, "ioThreadsPolicy": "auto"}
    assert convert_preference_spec({"devices": {"preferredDiskBus": "virtio"}, "cpu": None}) == {
        "devices": {"preferredDiskBus": "virtio"}}


def test_krmfns_v1beta2_payloads_are_decoded_in_both_policies():
    data = obj("VirtualMachineClusterInstancetype", "v1beta2", {"cpu": {"topology": {"sockets": 2}}})
    for legacy in ("convert", "reject"):
        assert decode_payload(data, legacy) == DecodedRevision(
            "VirtualMachineClusterInstancetype", {"cpu": {"topology": {"sockets": 2}}}, "v1beta2")


def test_served_versions_by_policy():
    reject, convert = instancetype_resources("reject"), instancetype_resources("convert")
    assert reject["VirtualMachinePreference"].versions == {"v1beta1", "v1beta2"}
    assert convert["VirtualMachinePreference"].versions == {"v1alpha1", "v1alpha2", "v1beta1", "v1beta2"}
    assert (reject["VirtualMachinePreference"].deprecated, sorted(convert["VirtualMachinePreference"].deprecated)) == (
        {}, ["v1alpha1", "v1alpha2"])
