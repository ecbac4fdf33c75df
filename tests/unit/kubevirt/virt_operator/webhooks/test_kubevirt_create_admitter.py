"""``krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter``: virt-operator's KubeVirt CR
CREATE webhook."""
from __future__ import annotations

from krmfn.kubevirt.apiserver.kubevirt_schema import KUBEVIRT, KUBEVIRT_VERSIONS
from krmfn.kubevirt.bundle import list_stored
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_SCHEMA, STAGE_VALIDATING_WEBHOOK, AdmissionWarning, Cause
from krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter import (
    ALREADY_CREATED,
    admit_kubevirt_create,
    already_created_error,
    existing_kubevirts,
    schema_gate_errors,
)


def kubevirt(name: str, namespace: str | None = "kubevirt", api_version: str = "kubevirt.io/v1",
             kind: str = "KubeVirt") -> dict:
    metadata = {"name": name} if namespace is None else {"name": name, "namespace": namespace}
    return {"apiVersion": api_version, "kind": kind, "metadata": metadata, "spec": {}}


def test_the_list_finds_every_served_kubevirt_of_any_namespace() -> None:
    items = [kubevirt("a"), kubevirt("b", "other"), kubevirt("c", None),
             kubevirt("d", api_version="kubevirt.io/v1alpha3"),
             kubevirt("e", api_version="kubevirt.io/v2"), kubevirt("f", api_version="other.io/v1"),
             kubevirt("g", kind="VirtualMachine"), "not an object"]
    names = [item["metadata"]["name"] for item in list_stored(items, "KubeVirt", "kubevirt.io", KUBEVIRT_VERSIONS)]
    assert names == ["a", "b", "c", "d"]


def test_the_object_itself_is_not_an_existing_one() -> None:
    new = kubevirt("kubevirt")
    assert existing_kubevirts(new, [new]) == []
    assert already_created_error(new, [new]) is None
    twin = kubevirt("kubevirt")  # another CR with the same name: one of the two exists already
    assert existing_kubevirts(new, [new, twin]) == [twin]
    assert already_created_error(new, [twin, new]) == ALREADY_CREATED == "Kubevirt is already created"


def test_admit_lets_the_first_kubevirt_through() -> None:
    new = kubevirt("kubevirt")
    assert admit_kubevirt_create(new, [new, {"kind": "VirtualMachine"}], KUBEVIRT, []) is None


def test_admit_rejects_a_second_kubevirt_with_a_bare_message() -> None:
    new = kubevirt("kubevirt")
    warning = AdmissionWarning("w", "deprecated-api-version")
    verdict = admit_kubevirt_create(new, [kubevirt("old", "elsewhere"), new], KUBEVIRT, [warning])
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
