"""``krmfn.virt_template.admit``: the VirtualMachineTemplate and VirtualMachineTemplateRequest CREATE
chains' API server stages, at each KubeVirt target, with the API server's messages."""
from __future__ import annotations

import copy

import pytest

from krmfn.kubevirt.storage.admitters.backup_create import RULES_NOT_CHECKED
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    REASON_DEPRECATED_API_VERSION,
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    Cause,
    looking_past,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model.kubevirt_version import MAIN, V1_7, V1_8, V1_9
from krmfn.virt_template import admit as chain
from krmfn.virt_template.admit import (
    admit_template_kind,
    admit_virtual_machine_template,
    admit_virtual_machine_template_request,
    deployed_release,
)
from krmfn.virt_template.api.core.crd_schema import V0_1_8, V0_2_2

VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "${NAME}"},
      "spec": {"runStrategy": "Halted", "template": {"spec": {"domain": {"devices": {}}}}}}
RESERVED = 'Invalid value: "object": labels with the prefix "template.kubevirt.io/" are reserved for system use'


def template(version: str = "v1beta1", **spec: object) -> dict:
    return {"apiVersion": f"template.kubevirt.io/{version}", "kind": "VirtualMachineTemplate",
            "metadata": {"name": "t", "namespace": "lab"},
            "spec": {"parameters": [{"name": "NAME", "value": "vm"}], "virtualMachine": copy.deepcopy(VM), **spec}}


def request(version: str = "v1beta1", **spec: object) -> dict:
    return {"apiVersion": f"template.kubevirt.io/{version}", "kind": "VirtualMachineTemplateRequest",
            "metadata": {"name": "r", "namespace": "lab"},
            "spec": {"virtualMachineRef": {"name": "vm", "namespace": "lab"}, **spec}}


V1_8_GATED = ClusterConfig(kubevirt_version=V1_8, feature_gates=("Template",))


def test_which_release_each_cluster_deploys() -> None:
    assert deployed_release(ClusterConfig()) is V0_2_2  # v1.9: Beta, on by default
    assert deployed_release(ClusterConfig(kubevirt_version=MAIN)) is V0_2_2
    assert deployed_release(ClusterConfig(disabled_feature_gates=("Template",))) is None
    assert deployed_release(ClusterConfig(kubevirt_version=V1_8)) is None  # Alpha: off unless enabled
    assert deployed_release(V1_8_GATED) is V0_1_8
    assert deployed_release(ClusterConfig(kubevirt_version=V1_7, feature_gates=("Template",))) is None


@pytest.mark.parametrize("config, version", [
    (ClusterConfig(kubevirt_version=V1_7, feature_gates=("Template",)), "v1beta1"),
    (ClusterConfig(kubevirt_version=V1_7, feature_gates=("Template",)), "v1alpha1"),
    (ClusterConfig(kubevirt_version=V1_8), "v1alpha1"),
    (V1_8_GATED, "v1beta1"),
    (ClusterConfig(disabled_feature_gates=("Template",)), "v1beta1"),
    (ClusterConfig(kubevirt_version=V1_9), "v2"),
])
def test_not_served(config: ClusterConfig, version: str) -> None:
    for obj, kind in ((template(version), "VirtualMachineTemplate"),
                      (request(version), "VirtualMachineTemplateRequest")):
        verdict = admit_template_kind(obj, [], "default", config)
        assert verdict.stage == STAGE_API_DISCOVERY
        assert [cause.message for cause in verdict.causes] == [
            f'no matches for kind "{kind}" in version "template.kubevirt.io/{version}"']


@pytest.mark.parametrize("config, version", [
    (ClusterConfig(), "v1beta1"), (ClusterConfig(kubevirt_version=MAIN), "v1beta1"), (V1_8_GATED, "v1alpha1"),
    (ClusterConfig(kubevirt_version=V1_9, feature_gates=("Template",)), "v1beta1"),
])
def test_admitted_without_warnings(config: ClusterConfig, version: str) -> None:
    verdict = admit_virtual_machine_template(template(version), [], "default", config)
    assert verdict.allowed and verdict.warnings == []
    verdict = admit_virtual_machine_template_request(request(version), [], "default", config)
    assert verdict.allowed and verdict.warnings == []


def test_v1alpha1_is_deprecated_on_v0_2() -> None:
    for obj, kind in ((template("v1alpha1"), "VirtualMachineTemplate"),
                      (request("v1alpha1"), "VirtualMachineTemplateRequest")):
        verdict = admit_template_kind(obj, [], "default", ClusterConfig())
        assert verdict.allowed
        assert verdict.warnings == [f"template.kubevirt.io/v1alpha1 {kind} is deprecated; "
                                    f"use template.kubevirt.io/v1beta1 {kind}"]
        warning = verdict.warnings[0]
        assert (warning.reason, warning.path, warning.current, warning.proposed) == (
            REASON_DEPRECATED_API_VERSION, "apiVersion", "template.kubevirt.io/v1alpha1",
            "template.kubevirt.io/v1beta1")
    # A rejection after discovery carries the warning too.
    verdict = admit_virtual_machine_template(template("v1alpha1", bogus=1), [], "default", ClusterConfig())
    assert verdict.stage == STAGE_FIELD_VALIDATION and len(verdict.warnings) == 1


def test_strict_field_validation_counts_the_status() -> None:
    obj = template(bogus=1)
    obj["status"] = {"conditions": [], "phase": "Ready"}
    verdict = admit_virtual_machine_template(obj, [], "default", ClusterConfig())
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert [cause.message for cause in verdict.causes] == [
        'VirtualMachineTemplate in version "v1beta1" cannot be handled as a VirtualMachineTemplate: strict decoding '
        'error: unknown field "spec.bogus", unknown field "status.phase"']


def test_the_status_is_dropped_before_the_schema() -> None:
    obj = template()
    obj["status"] = {"conditions": [{"type": "Ready"}]}  # missing required condition fields: never checked
    assert admit_virtual_machine_template(obj, [], "default", ClusterConfig()).allowed


def test_virtual_machine_is_not_pruned() -> None:
    """The CRD keeps spec.virtualMachine as written (preserve-unknown-fields): the unknown field
    reaches the webhook, whose processing validation decodes the VM strictly."""
    obj = template(virtualMachine={"kind": "VirtualMachine", "whatever": {"deep": [1, 2]}})
    verdict = admit_virtual_machine_template(obj, [], "default", ClusterConfig())
    assert verdict.stage == "validating-webhook/virt-template"
    assert [c.message for c in verdict.causes] == [
        'processing validation failed: spec.virtualMachine: Invalid value: {"kind":"VirtualMachine","whatever":'
        '{"deep":[1,2]}}: failed to convert unstructured object to VirtualMachine: strict decoding error: unknown '
        'field "whatever"']


def test_template_schema_errors() -> None:
    obj = template(parameters=[{"name": "A", "generate": "random", "from": "abc"}, {"value": "x"}],
                   virtualMachine="vm")
    verdict = admit_virtual_machine_template(obj, [], "default", ClusterConfig())
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes == [
        Cause("spec.parameters[0].from", "Invalid value: \"abc\": spec.parameters[0].from in body should match "
                                         "'\\[([a-zA-Z0-9\\-\\\\]+)\\](\\{(\\w+)\\})'"),
        Cause("spec.parameters[0].generate", 'Unsupported value: "random": supported values: "expression"'),
        Cause("spec.parameters[1].name", "Required value"),
        Cause("spec.virtualMachine", 'Invalid value: "string": spec.virtualMachine in body must be of type object: '
                                     '"string"'),
        RULES_NOT_CHECKED,
    ]


def test_template_required_fields_and_object_meta() -> None:
    obj = template()
    del obj["spec"]["virtualMachine"]
    obj["metadata"] = {"name": "Bad_Name"}
    verdict = admit_virtual_machine_template(obj, [], "default", ClusterConfig())
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert [cause.field for cause in verdict.causes] == ["metadata.name", "spec.virtualMachine", "<nil>"]
    assert verdict.causes[1].message == "Required value"
    obj = template()
    del obj["spec"]
    assert admit_virtual_machine_template(obj, [], "default", ClusterConfig()).causes == [
        Cause("spec", "Required value"), RULES_NOT_CHECKED]


def test_request_reserved_labels_rule() -> None:
    obj = request(templateLabels={"app": "x", "template.kubevirt.io/type": "base"})
    verdict = admit_virtual_machine_template_request(obj, [], "default", ClusterConfig())
    assert verdict.stage == STAGE_CRD_SCHEMA
    assert verdict.causes == [Cause("spec.templateLabels", RESERVED, CAUSE_FIELD_VALUE_INVALID)]
    assert admit_virtual_machine_template_request(request(templateLabels={"app": "x"}), [], "default",
                                                  ClusterConfig()).allowed


def test_request_rule_runs_beside_non_blocking_errors() -> None:
    obj = request(templateLabels={"template.kubevirt.io/a": ""}, ttlSecondsAfterFinished=-1)
    verdict = admit_virtual_machine_template_request(obj, [], "default", ClusterConfig())
    assert verdict.causes == [
        Cause("spec.ttlSecondsAfterFinished",
              "Invalid value: -1: spec.ttlSecondsAfterFinished in body should be greater than or equal to 0"),
        Cause("spec.templateLabels", RESERVED, CAUSE_FIELD_VALUE_INVALID)]


def test_request_required_fields_block_the_rule() -> None:
    obj = request(templateLabels={"template.kubevirt.io/a": ""}, virtualMachineRef={"name": "vm"})
    verdict = admit_virtual_machine_template_request(obj, [], "default", ClusterConfig())
    assert verdict.causes == [Cause("spec.virtualMachineRef.namespace", "Required value"), RULES_NOT_CHECKED]


def test_v0_1_8_request_has_neither_labels_nor_ttl() -> None:
    obj = request("v1alpha1", templateLabels={"template.kubevirt.io/a": ""}, ttlSecondsAfterFinished=1)
    verdict = admit_virtual_machine_template_request(obj, [], "default", V1_8_GATED)
    assert verdict.stage == STAGE_FIELD_VALIDATION
    assert [cause.message for cause in verdict.causes] == [
        'VirtualMachineTemplateRequest in version "v1alpha1" cannot be handled as a VirtualMachineTemplateRequest: '
        'strict decoding error: unknown field "spec.templateLabels", unknown field "spec.ttlSecondsAfterFinished"']


def test_looking_past_the_schema_reaches_the_webhook(monkeypatch: pytest.MonkeyPatch) -> None:
    obj = template(message=1)
    verdict = admit_virtual_machine_template(obj, [], "default", ClusterConfig())
    assert verdict.stage == STAGE_CRD_SCHEMA and not verdict.passable  # a type error: not decodable
    obj = template("v1alpha1", parameters=[{"name": "NAME", "generate": "other"}])
    seen: list[dict] = []

    def webhook(stored: dict, config: ClusterConfig) -> None:
        seen.append(stored)

    monkeypatch.setattr(chain, "_virt_template_webhook", webhook)
    verdict = admit_virtual_machine_template(obj, [], "default", ClusterConfig())
    assert verdict.stage == STAGE_CRD_SCHEMA and verdict.passable and seen == []
    with looking_past({STAGE_CRD_SCHEMA}):
        verdict = admit_virtual_machine_template(obj, [], "default", ClusterConfig())
    assert verdict.allowed and len(verdict.warnings) == 1
    assert seen and "status" not in seen[0] and seen[0]["metadata"]["namespace"] == "lab"


def test_the_webhook_call_site_answers_nothing_until_wired() -> None:
    assert chain._virt_template_webhook(template(), ClusterConfig()) is None
