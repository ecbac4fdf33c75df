"""``krmfn.hco.hyperconverged_create``: a HyperConverged's CREATE chain, end to end."""
from __future__ import annotations

import copy
from typing import Any

from krmfn.hco.hyperconverged_create import admit_hyperconverged, hyperconverged_resource
from krmfn.kubevirt.util.webhooks import (
    REASON_DEPRECATED_FIELD,
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_HYPERCONVERGED_MUTATOR,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig

RULES_NOT_CHECKED = ('<nil>', 'Invalid value: "null": some validation rules were not checked because the object was '
                     'invalid; correct the existing errors to complete validation')


def hyperconverged(spec: dict[str, Any] | None = None, api_version: str = "hco.kubevirt.io/v1beta1",
                   **metadata: Any) -> dict:
    return {"apiVersion": api_version, "kind": "HyperConverged",
            "metadata": {"name": "kubevirt-hyperconverged", "namespace": "openshift-cnv", **metadata},
            "spec": {} if spec is None else spec}


def admit(obj: dict) -> Admission:
    return admit_hyperconverged(copy.deepcopy(obj), [], "default", ClusterConfig())


def answer(obj: dict) -> tuple[bool, str | None, list[tuple[str, str]]]:
    verdict = admit(obj)
    return verdict.allowed, verdict.stage, [(cause.field, cause.message) for cause in verdict.causes]


def test_the_resource() -> None:
    resource = hyperconverged_resource()
    assert (resource.kind, resource.group, resource.namespaced) == ("HyperConverged", "hco.kubevirt.io", True)
    assert resource.versions == frozenset({"v1", "v1beta1"}) and resource.deprecated == {}


def test_a_plain_hyperconverged_is_admitted_in_both_versions() -> None:
    assert admit(hyperconverged()).allowed
    assert admit(hyperconverged(api_version="hco.kubevirt.io/v1")).allowed
    assert admit({**hyperconverged(), "status": {"anything": [1]}}).allowed  # the status is dropped


def test_an_unserved_version() -> None:
    assert answer(hyperconverged(api_version="hco.kubevirt.io/v1alpha1")) == (False, STAGE_API_DISCOVERY, [
        ("", 'no matches for kind "HyperConverged" in version "hco.kubevirt.io/v1alpha1"')])


def test_sriov_live_migration_is_an_unknown_field() -> None:
    """Two public repositories still carry this gate, which HCO's CRD no longer has."""
    verdict = admit(hyperconverged({"featureGates": {"sriovLiveMigration": True, "withHostPassthroughCPU": False}}))
    assert (verdict.allowed, verdict.stage) == (False, STAGE_FIELD_VALIDATION)
    assert verdict.causes == [Cause("", 'HyperConverged in version "v1beta1" cannot be handled as a HyperConverged: '
                                        'strict decoding error: unknown field "spec.featureGates.sriovLiveMigration"')]
    assert verdict.causes[0].located == "spec.featureGates.sriovLiveMigration"


def test_v1_has_other_fields() -> None:
    assert answer(hyperconverged({"evictionStrategy": "None"}, api_version="hco.kubevirt.io/v1")) == (
        False, STAGE_FIELD_VALIDATION, [("", 'HyperConverged in version "v1" cannot be handled as a HyperConverged: '
                                             'strict decoding error: unknown field "spec.evictionStrategy"')])


def test_the_crd_schema() -> None:
    assert answer(hyperconverged(name="hyperconverged")) == (False, STAGE_CRD_SCHEMA, [
        ("metadata.name", "Invalid value: \"hyperconverged\": metadata.name in body should match "
                          "'kubevirt-hyperconverged'")])
    assert answer(hyperconverged({"evictionStrategy": "Always", "hypervisors": [{"name": "kvm"}, {"name": "kvm"}]})) \
        == (False, STAGE_CRD_SCHEMA, [
            ("spec.evictionStrategy", 'Unsupported value: "Always": supported values: "None", "LiveMigrate", '
                                      '"LiveMigrateIfPossible", "External"'),
            ("spec.hypervisors", "Too many: 2: must have at most 1 item"), RULES_NOT_CHECKED])


def test_the_cel_rules() -> None:
    spec = {"kubeMacPoolConfiguration": {"rangeEnd": "02:00:00:00:00:ff"},
            "mediatedDevicesConfiguration": {"nodeMediatedDeviceTypes": [{"nodeSelector": {"a": "b"}}]},
            "resourceRequirements": {"vmiCPUAllocationRatio": 0}}
    assert answer(hyperconverged(spec)) == (False, STAGE_CRD_SCHEMA, [
        ("spec.resourceRequirements.vmiCPUAllocationRatio",
         "Invalid value: 0: spec.resourceRequirements.vmiCPUAllocationRatio in body should be greater than or equal "
         "to 1"),
        ("spec.kubeMacPoolConfiguration",
         'Invalid value: "object": both rangeStart and rangeEnd must be configured together, or both omitted'),
        ("spec.mediatedDevicesConfiguration", 'Invalid value: "object": for mediatedDevicesConfiguration a non-empty '
                                              "mediatedDeviceTypes or mediatedDevicesTypes(deprecated) is required"),
        ("spec.mediatedDevicesConfiguration.nodeMediatedDeviceTypes[0]",
         'Invalid value: "object": for nodeMediatedDeviceTypes a non-empty mediatedDeviceTypes or '
         "mediatedDevicesTypes(deprecated) is required"),
        ("spec.resourceRequirements", 'Invalid value: "object": vmiCPUAllocationRatio must be greater than 0')])
    template = {"spec": {"serviceAccountName": "", "schedule": "x", "template": {}, "managedDataSource": "d"}}
    assert ("spec.dataImportCronTemplates[0].spec.serviceAccountName",
            'Invalid value: "": spec.dataImportCronTemplates[0].spec.serviceAccountName in body should be at least 1 '
            "chars long") in answer(hyperconverged({"dataImportCronTemplates": [template]}))[2]


def test_the_mutating_webhook_decodes_first() -> None:
    assert answer(hyperconverged({"certConfig": {"ca": {"duration": "2 days"}}, "evictionStrategy": "Always"})) == (
        False, STAGE_HYPERCONVERGED_MUTATOR, [("", "failed to parse the HyperConverged")])


def test_the_validating_webhook() -> None:
    assert answer(hyperconverged({"certConfig": {"server": {"duration": "5m"}}})) == (
        False, STAGE_VALIDATING_WEBHOOK, [("", "spec.certConfig.server.duration: value is too small")])
    patch = '[{"op": "replace", "path": "/spec/configuration/cpuRequest", "value": "1"}]'
    assert answer(hyperconverged(annotations={"kubevirt.kubevirt.io/jsonpatch": patch})) == (
        False, STAGE_VALIDATING_WEBHOOK, [
            ("", "invalid jsonPatch in the kubevirt.kubevirt.io/jsonpatch annotation: replace operation does not "
                 "apply: doc is missing key: /spec/configuration/cpuRequest: missing value")])


def test_warnings() -> None:
    verdict = admit(hyperconverged({"featureGates": {"enableManagedTenantQuota": True}}))
    assert verdict.allowed and list(verdict.warnings) == [
        "spec.featureGates.enableManagedTenantQuota is deprecated and ignored. It will be removed in a future version;"]
    assert (verdict.warnings[0].reason, verdict.warnings[0].path) == (
        REASON_DEPRECATED_FIELD, "spec.featureGates.enableManagedTenantQuota")
