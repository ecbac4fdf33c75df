"""The CREATE chain of a VirtualMachineInstanceReplicaSet, end to end: one object admitted, one
rejected at each stage."""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.util.webhooks import (
    REASON_DEPRECATED_API_VERSION,
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
)
from krmfn.kubevirt.virt_api.vmirs_create import VMIRS_RESOURCE, admit_vmirs, vmirs_resource
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import V1_7, V1_8, V1_9
from krmfn.model.record import replace

CONFIG = ClusterConfig()
VMIRS = {
    "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceReplicaSet",
    "metadata": {"name": "web", "namespace": "prod"},
    "spec": {
        "replicas": 3,
        "selector": {"matchLabels": {"app": "web"}},
        "template": {
            "metadata": {"labels": {"app": "web"}},
            "spec": {"domain": {"resources": {"requests": {"memory": "128Mi"}},
                                "devices": {"disks": [{"name": "root", "disk": {"bus": "virtio"}}]}},
                     "volumes": [{"name": "root", "containerDisk": {"image": "quay.io/containerdisks/fedora"}}]},
        },
    },
}


def vmirs(**changes: object) -> dict:
    obj = copy.deepcopy(VMIRS)
    obj.update(changes)
    return obj


def admit(obj: dict, config: ClusterConfig = CONFIG) -> object:
    return admit_vmirs(obj, [obj], "default", config)


def test_served_versions() -> None:
    assert VMIRS_RESOURCE.versions == {"v1", "v1alpha3"} and VMIRS_RESOURCE.namespaced
    assert vmirs_resource(V1_8).versions == VMIRS_RESOURCE.versions


def test_admitted() -> None:
    verdict = admit_vmirs(VMIRS, [VMIRS], "default", CONFIG)
    assert verdict.allowed and verdict.warnings == [] and verdict.stage is None


def test_admitted_in_v1alpha3_with_the_deprecation_warning() -> None:
    verdict = admit_vmirs(vmirs(apiVersion="kubevirt.io/v1alpha3"), [], "default", CONFIG)
    assert verdict.allowed
    [warning] = verdict.warnings
    assert warning == "kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."
    assert (warning.reason, warning.path, warning.proposed) == (
        REASON_DEPRECATED_API_VERSION, "apiVersion", "kubevirt.io/v1")


@pytest.mark.parametrize("api_version", ["kubevirt.io/v1alpha1", "kubevirt.io/v2", "pool.kubevirt.io/v1"])
def test_rejected_at_api_discovery(api_version: str) -> None:
    verdict = admit_vmirs(vmirs(apiVersion=api_version), [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage, verdict.message) == (
        False, STAGE_API_DISCOVERY,
        f'no matches for kind "VirtualMachineInstanceReplicaSet" in version "{api_version}"')


def test_rejected_at_field_validation() -> None:
    obj = vmirs()
    obj["spec"]["template"]["spec"]["domain"]["devices"]["disks"][0]["bsu"] = "virtio"
    obj["spec"]["replica"] = 1
    verdict = admit_vmirs(obj, [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage) == (False, STAGE_FIELD_VALIDATION)
    assert verdict.message == (
        'VirtualMachineInstanceReplicaSet in version "v1" cannot be handled as a VirtualMachineInstanceReplicaSet: '
        'strict decoding error: unknown field "spec.replica", '
        'unknown field "spec.template.spec.domain.devices.disks[0].bsu"')


def test_rejected_at_field_validation_by_an_older_release() -> None:
    obj = vmirs()
    obj["spec"]["template"]["spec"]["serviceAccountName"] = "web"  # v1.9, PR #17861
    assert admit(obj, replace(CONFIG, kubevirt_version=V1_9)).allowed
    for version in (V1_8, V1_7):
        verdict = admit(obj, replace(CONFIG, kubevirt_version=version))
        assert (verdict.allowed, verdict.stage) == (False, STAGE_FIELD_VALIDATION)
        assert verdict.message.endswith('unknown field "spec.template.spec.serviceAccountName"')


def test_rejected_at_crd_schema() -> None:
    obj = vmirs(metadata={"name": "Web"})
    del obj["spec"]["selector"]
    obj["spec"]["replicas"] = "3"
    verdict = admit_vmirs(obj, [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage) == (False, STAGE_CRD_SCHEMA)
    assert [(cause.field, cause.message) for cause in verdict.causes] == [
        ("metadata.name", "Invalid value: \"Web\": a lowercase RFC 1123 subdomain must consist of lower case "
                          "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character "
                          "(e.g. 'example.com', regex used for validation is "
                          "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"),
        ("spec.selector", "Required value"),
        ("spec.replicas", 'Invalid value: "string": spec.replicas in body must be of type integer: "string"'),
    ]


def test_rejected_by_the_validating_webhook() -> None:
    obj = vmirs(apiVersion="kubevirt.io/v1alpha3")
    obj["spec"]["selector"] = {"matchLabels": {"app": "db"}}
    del obj["spec"]["template"]["spec"]["volumes"]
    verdict = admit_vmirs(obj, [], "default", CONFIG)
    assert (verdict.allowed, verdict.stage) == (False, STAGE_VALIDATING_WEBHOOK)
    assert [(cause.field, cause.message) for cause in verdict.causes] == [
        ("spec.template.spec.domain.devices.disks[0].name",
         "spec.template.spec.domain.devices.disks[0].Name 'root' not found."),
        ("spec.selector", "selector does not match labels."),
    ]
    assert len(verdict.warnings) == 1  # the API server's, kept on a rejection


def test_rejected_by_the_validating_webhook_decoding() -> None:
    verdict = admit(vmirs(spec={**VMIRS["spec"], "replicas": -(2**31) - 1}))
    assert (verdict.allowed, verdict.stage) == (False, STAGE_VALIDATING_WEBHOOK)
    assert verdict.message.startswith("json: cannot unmarshal number -2147483649 into Go struct field")


def test_template_is_validated_as_written() -> None:
    """``ValidateVMIRSSpec`` runs ``ValidateVirtualMachineInstanceSpec`` on the template as written,
    without the VMI webhook's other groups: a template without memory (which
    ``ValidateVirtualMachineInstanceMandatoryFields`` would judge) is admitted; the VMIs the
    replica set creates are judged on their own."""
    obj = vmirs()
    del obj["spec"]["template"]["spec"]["domain"]["resources"]
    assert admit(obj).allowed


def test_the_template_spec_decodes_into_its_alias() -> None:
    """``VirtualMachineInstanceSpec.UnmarshalJSON`` (golden-kinds vmi/r7001-0045's VMI spec)."""
    obj = copy.deepcopy(VMIRS)
    obj["spec"]["template"]["spec"]["domain"]["cpu"] = {"cores": -2}
    verdict = admit(obj)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK  # type: ignore[attr-defined]
    assert verdict.message == (  # type: ignore[attr-defined]
        "json: cannot unmarshal number -2 into Go struct field VMISpecAlias.domain.cpu.cores of type uint32")


def test_the_node_selector_operator_enum_is_the_gate_s_not_the_crd_s() -> None:
    """The CRD has no enum on ``NodeSelectorRequirement.operator``; KubeVirt's OpenAPI definitions do."""
    obj = copy.deepcopy(VMIRS)
    obj["spec"]["template"]["spec"]["affinity"] = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
        "nodeSelectorTerms": [{"matchExpressions": [{"key": "zone", "operator": "Equals"}]}]}}}
    verdict = admit(obj)
    assert verdict.stage == STAGE_VALIDATING_SCHEMA  # type: ignore[attr-defined]
    assert verdict.message == (  # type: ignore[attr-defined]
        "spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms."
        "matchExpressions.operator in body should be one of [DoesNotExist Exists Gt In Lt NotIn]")
