"""``krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter``: virt-operator's KubeVirt CR
CREATE webhook."""
from __future__ import annotations

from krmfn.kubevirt.apiserver.kubevirt_schema import KUBEVIRT
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_SCHEMA, STAGE_VALIDATING_WEBHOOK, AdmissionWarning, Cause
from krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter import (
    ALREADY_CREATED,
    admit_kubevirt_create,
    already_created_error,
    schema_gate_errors,
)


def kubevirt(name: str, namespace: str | None = "kubevirt") -> dict:
    metadata = {"name": name} if namespace is None else {"name": name, "namespace": namespace}
    return {"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt", "metadata": metadata, "spec": {}}


def test_the_list_answers_whatever_the_cluster_stores() -> None:
    assert already_created_error([]) is None
    assert already_created_error([kubevirt("kubevirt")]) == ALREADY_CREATED == "Kubevirt is already created"


def test_admit_lets_the_first_kubevirt_through() -> None:
    assert admit_kubevirt_create(kubevirt("kubevirt"), [], KUBEVIRT, []) is None


def test_admit_rejects_any_kubevirt_while_one_is_stored_with_a_bare_message() -> None:
    warning = AdmissionWarning("w", "deprecated-api-version")
    # The stored one is not compared with the new one: another namespace, the same name, anything.
    for stored in (kubevirt("old", "elsewhere"), kubevirt("kubevirt")):
        verdict = admit_kubevirt_create(kubevirt("kubevirt"), [stored], KUBEVIRT, [warning])
        assert verdict is not None and not verdict.allowed
        assert verdict.stage == STAGE_VALIDATING_WEBHOOK
        assert verdict.causes == [Cause("", "Kubevirt is already created")]
        assert verdict.warnings == [warning]


def test_the_schema_gate_runs_first() -> None:
    new = kubevirt("kubevirt")
    new["spec"] = {"imageTag": 1}
    verdict = admit_kubevirt_create(new, [kubevirt("old")], KUBEVIRT, [])
    assert verdict is not None and verdict.stage == STAGE_VALIDATING_SCHEMA
    assert verdict.message == 'spec.imageTag in body must be of type string: "integer"'


def test_the_schema_gate_defaults_required_scalars() -> None:
    patch = {"customizeComponents": {"patches": [{"resourceName": "a"}]}, "certificateRotateStrategy": {}}
    assert schema_gate_errors({"spec": patch}, KUBEVIRT) == []
    errors = schema_gate_errors({"spec": {"configuration": {"supportContainerResources": [{"type": "t"}]}}}, KUBEVIRT)
    assert [error.path for error in errors] == ["spec.configuration.supportContainerResources[0].resources"]
