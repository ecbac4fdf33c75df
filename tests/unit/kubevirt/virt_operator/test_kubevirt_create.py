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
    looking_past,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_operator.kubevirt_create import (
    admit_kubevirt,
    apply_kubevirts,
    create_kubevirts,
    kubevirt_resource,
)
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
    # The first one was created before the second existed.
    assert admit_kubevirt(first, [first, second], "default", CONFIG).allowed


def test_an_unserved_kubevirt_in_the_bundle_does_not_exist() -> None:
    item = kubevirt()
    assert admit_kubevirt(item, [kubevirt(api_version="kubevirt.io/v2"), item], "default", CONFIG).allowed


# minimized/kubevirt-two-crs of the golden corpus (expected.yaml, and the same at v1.8.4 and v1.7.4):
# the first CR admitted, the second refused by the webhook.
TWO_CRS = [kubevirt(), kubevirt(name="kubevirt-2")]
# minimized/kubevirt-rejected-then-valid: the first refused by the API server, the second admitted.
REJECTED_THEN_VALID = [kubevirt({"configuration": {"featureGates": ["Snapshot"]}}), kubevirt(name="kubevirt-2")]


def _answers(items: list, config: ClusterConfig = CONFIG) -> list[tuple[bool, str | None, str]]:
    verdicts = create_kubevirts(items, range(len(items)), "default", config)
    return [(verdict.allowed, verdict.stage, verdict.message) for verdict in verdicts]


def test_two_crs_the_first_is_stored_and_the_second_already_created() -> None:
    for version in (V1_9, V1_8, V1_7):
        assert _answers(TWO_CRS, ClusterConfig(kubevirt_version=version)) == [
            (True, None, ""), (False, STAGE_VALIDATING_WEBHOOK, "Kubevirt is already created")]
    applied = apply_kubevirts(TWO_CRS, "default", V1_9)
    assert applied.stored == 0 and applied.held == {0: None, 1: 0} and applied.updates == set()


def test_a_refused_cr_is_never_stored_and_refuses_nothing() -> None:
    assert _answers(REJECTED_THEN_VALID) == [
        (False, STAGE_FIELD_VALIDATION, 'KubeVirt in version "v1" cannot be handled as a KubeVirt: strict decoding '
                                        'error: unknown field "spec.configuration.featureGates"'),
        (True, None, "")]
    assert apply_kubevirts(REJECTED_THEN_VALID, "default", V1_9).stored == 1
    # A name the API server refuses, an unserved version: neither is stored.
    items = [kubevirt(name="Bad"), kubevirt(api_version="kubevirt.io/v2"), kubevirt(), kubevirt(name="late")]
    assert [allowed for allowed, _, _ in _answers(items)] == [False, False, True, False]
    assert apply_kubevirts(items, "default", V1_9).stored == 2


def test_looking_past_a_stage_keeps_what_the_cluster_stored() -> None:
    """Validate reruns a refused CR looking past its field validation: what the CRs before it left is
    what their own verdicts left, not what they would leave looking past theirs."""
    items = [*REJECTED_THEN_VALID, kubevirt({"configuration": {"featureGates": ["Snapshot"]}}, name="third")]
    with looking_past({STAGE_FIELD_VALIDATION}):
        answers = _answers(items)
    assert answers == [(True, None, ""), (True, None, ""),
                       (False, STAGE_VALIDATING_WEBHOOK, "Kubevirt is already created")]
    with looking_past({STAGE_FIELD_VALIDATION}):
        assert create_kubevirts(items, [2], "default", CONFIG)[0].message == "Kubevirt is already created"


def test_the_stored_cr_written_again_is_an_update_not_a_second_cr() -> None:
    """kubectl apply updates the object the first definition created: no `already created`; the
    UPDATE webhook's schema gate runs, and the API server's stages as on a CREATE."""
    again = kubevirt({"configuration": {"developerConfiguration": {"featureGates": ["Sidecar"]}}})
    other = kubevirt(name="other")
    items = [kubevirt(), again, other, kubevirt({"imageTag": 1})]
    assert _answers(items) == [
        (True, None, ""), (True, None, ""), (False, STAGE_VALIDATING_WEBHOOK, "Kubevirt is already created"),
        (False, STAGE_CRD_SCHEMA, 'Invalid value: "integer": spec.imageTag in body must be of type string: '
                                  '"integer"')]
    applied = apply_kubevirts(items, "default", V1_9)
    assert applied.stored == 0 and applied.updates == {1, 3}
    # The namespace a CR lacks is the request's: the same object as one that names it.
    bare = kubevirt()
    del bare["metadata"]["namespace"]
    assert apply_kubevirts([kubevirt(), bare], "kubevirt", V1_9).updates == {1}
    assert apply_kubevirts([kubevirt(), bare], "default", V1_9).updates == set()
    # A CR refused before is created, not updated, by its second definition.
    assert apply_kubevirts([kubevirt(name="Bad"), kubevirt(name="Bad"), kubevirt()], "default", V1_9).stored == 2


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
