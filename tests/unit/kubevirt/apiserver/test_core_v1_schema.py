"""``krmfn.kubevirt.apiserver.core_v1_schema``: the Kubernetes scheduling types KubeVirt embeds."""
from __future__ import annotations

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.core_v1_schema import AFFINITY, LABEL_SELECTOR, NODE_SELECTOR_OPERATORS


def _node_affinity(operator: str) -> dict:
    return {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "zone", "operator": operator, "values": ["a"]}]}]}}}


def test_the_node_selector_operator_is_an_enum_of_the_openapi_definitions_only():
    """Golden-kinds vmi/r7001-0206 (the VMI mutator's gate); the CRD has no enum there."""
    assert NODE_SELECTOR_OPERATORS == ("DoesNotExist", "Exists", "Gt", "In", "Lt", "NotIn")
    assert schemas.schema_errors(_node_affinity("Equals"), AFFINITY) == []
    [error] = schemas.schema_errors(_node_affinity("Equals"), AFFINITY, scalar_defaults=True)
    assert error.openapi_message() == (
        "nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms.matchExpressions.operator in "
        "body should be one of [DoesNotExist Exists Gt In Lt NotIn]")
    assert schemas.schema_errors(_node_affinity("In"), AFFINITY, scalar_defaults=True) == []


def test_every_field_is_modelled():
    affinity = {"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
        {"weight": 1, "podAffinityTerm": {"topologyKey": "zone", "labelSelector": {"matchLabels": {"a": "b"}},
                                          "matchLabelKeys": ["x"], "whatever": 1}}]}}
    assert schemas.unknown_fields(affinity, AFFINITY) == [
        "podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.whatever"]
    assert schemas.schema_errors({"matchExpressions": [{"key": "a", "operator": "Equals"}]}, LABEL_SELECTOR,
                                 scalar_defaults=True) == []
