"""``krmfn.kubevirt.virt_operator.kubevirt_create``: a KubeVirt CR's CREATE chain, end to end.

The ``validating-webhook/openapi-schema`` stage cannot reject an object the CRD schema admitted
(its definitions check less); ``test_kubevirt_create_admitter`` tests it on its own.
"""
from __future__ import annotations

from krmfn.kubevirt.util.webhooks import (
    REASON_DEPRECATED_API_VERSION,
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_VALIDATING_WEBHOOK,
    Cause,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_operator.kubevirt_create import admit_kubevirt, kubevirt_resource
from krmfn.model.kubevirt_version import V1_7, V1_8, V1_9

CONFIG = ClusterConfig()


def kubevirt(spec: dict | None = None, api_version: str = "kubevirt.io/v1", **metadata: object) -> dict:
    return {"apiVersion": api_version, "kind": "KubeVirt",
            "metadata": {"name": "kubevirt", "namespace": "kubevirt", **metadata},
            "spec": {} if spec is None else spec}


SPEC = {"certificateRotateStrategy": {}, "imagePullPolicy": "IfNotPresent",
        "workloadUpdateStrategy": {"workloadUpdateMethods": ["LiveMigrate"]},
        "configuration": {"developerConfiguration": {"featureGates": ["Snapshot"]},
                          "hypervisors": [{"name": "kvm"}], "migrations": {"maxDowntimeMs": 900}},
        "customizeComponents": {}}


def test_the_resource_is_namespaced_and_serves_v1_and_v1alpha3() -> None:
    resource = kubevirt_resource(V1_9)
    assert resource.kind == "KubeVirt" and resource.group == "kubevirt.io" and resource.namespaced
    assert resource.versions == frozenset({"v1", "v1alpha3"})
    assert kubevirt_resource(V1_9) is resource


def test_a_kubevirt_cr_is_admitted() -> None:
    item = kubevirt(SPEC)
    verdict = admit_kubevirt(item, [item], "default", CONFIG)
    assert verdict.allowed and verdict.causes == [] and verdict.warnings == []


def test_a_kubevirt_cr_without_namespace_takes_the_request_namespace() -> None:
    item = kubevirt(SPEC)
    del item["metadata"]["namespace"]
    assert admit_kubevirt(item, [item], "kubevirt", CONFIG).allowed


def test_v1alpha3_is_admitted_with_the_deprecation_warning() -> None:
    item = kubevirt(api_version="kubevirt.io/v1alpha3")
    verdict = admit_kubevirt(item, [item], "default", CONFIG)
    assert verdict.allowed
    assert verdict.warnings == ["kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."]
    assert verdict.warnings[0].reason == REASON_DEPRECATED_API_VERSION


def test_an_unserved_version_is_rejected_at_api_discovery() -> None:
    verdict = admit_kubevirt(kubevirt(api_version="kubevirt.io/v2"), [], "default", CONFIG)
    assert verdict.stage == STAGE_API_DISCOVERY
    assert verdict.message == 'no matches for kind "KubeVirt" in version "kubevirt.io/v2"'


def test_an_unknown_field_is_rejected_at_field_validation() -> None:
    verdict = admit_kubevirt(kubevirt({"configuration": {"featureGates": ["A"]}}), [], "default", CONFIG)
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert verdict.message == ('KubeVirt in version "v1" cannot be handled as a KubeVirt: strict decoding error: '
                               'unknown field "spec.configuration.featureGates"')


def test_the_crd_schema_lists_every_cause() -> None:
    spec = {"configuration": {"vmRolloutStrategy": "Now", "hypervisors": [{"name": "kvm"}, {"name": "kvm"}]},
            "customizeComponents": {"patches": [{"resourceName": "", "resourceType": "Deployment", "patch": "{}",
                                                 "type": "json"}]}}
    verdict = admit_kubevirt(kubevirt(spec, name="Bad"), [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert [cause.field for cause in verdict.causes] == [
        "metadata.name", "spec.configuration.vmRolloutStrategy", "spec.configuration.hypervisors",
        "spec.customizeComponents.patches[0].resourceName"]
    assert verdict.causes[1].message == 'Unsupported value: "Now": supported values: "Stage", "LiveUpdate"'
    assert verdict.causes[2].message == "Too many: 2: must have at most 1 item"


def test_the_spec_is_required() -> None:
    item = kubevirt()
    del item["spec"]
    verdict = admit_kubevirt(item, [], "default", CONFIG)
    assert verdict.stage == STAGE_CRD_SCHEMA and verdict.causes == [Cause("spec", "Required value")]


def test_a_second_kubevirt_cr_is_rejected_by_the_webhook() -> None:
    first, second = kubevirt(), kubevirt(name="second", namespace="elsewhere")
    verdict = admit_kubevirt(second, [first, second], "default", CONFIG)
    assert verdict.stage == STAGE_VALIDATING_WEBHOOK
    assert verdict.causes == [Cause("", "Kubevirt is already created")]
    # Each sees the other as the existing one.
    assert admit_kubevirt(first, [first, second], "default", CONFIG).stage == STAGE_VALIDATING_WEBHOOK


def test_an_unserved_kubevirt_in_the_bundle_does_not_exist() -> None:
    item = kubevirt()
    assert admit_kubevirt(item, [kubevirt(api_version="kubevirt.io/v2"), item], "default", CONFIG).allowed


def test_older_releases_do_not_know_newer_configuration_fields() -> None:
    item = kubevirt(SPEC)
    verdict = admit_kubevirt(item, [item], "default", ClusterConfig(kubevirt_version=V1_8))
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert verdict.message.endswith('unknown field "spec.configuration.migrations.maxDowntimeMs"')
    verdict = admit_kubevirt(item, [item], "default", ClusterConfig(kubevirt_version=V1_7))
    assert verdict.message.endswith('unknown field "spec.configuration.hypervisors", '
                                    'unknown field "spec.configuration.migrations.maxDowntimeMs"')
    del item["spec"]["configuration"]["migrations"]
    assert admit_kubevirt(item, [item], "default", ClusterConfig(kubevirt_version=V1_8)).allowed
