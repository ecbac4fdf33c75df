"""The Kubernetes types KubeVirt's schemas embed for scheduling: ``metav1.LabelSelector`` and the
``k8s.io/api/core/v1`` affinity types (``Affinity`` and every struct under it).

Written from ``k8s.io/api/core/v1/types.go`` and ``k8s.io/apimachinery/pkg/apis/meta/v1/types.go``
as vendored by KubeVirt v1.7.4, v1.8.4 and d923fdb8 (the same fields in all three), and shared by
the VMI spec (``krmfn.kubevirt.apiserver.vm_schema``), the replica set's selector
(``krmfn.kubevirt.apiserver.vmirs_schema``) and the KubeVirt CR's node placement
(``krmfn.kubevirt.apiserver.kubevirt_schema``).

The CRDs (``validations_generated.go``) give ``NodeSelectorRequirement.operator`` no enum; KubeVirt's
OpenAPI definitions (``staging/src/kubevirt.io/client-go/api/openapi_generated.go``, from the ``+enum``
type ``NodeSelectorOperator``) do, so only the webhooks' ``ValidateSchema`` refuses another operator
(``Scalar.gate_enum``; golden ``vmi/r7001-0206``: ``spec.affinity.nodeAffinity.
requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms.matchExpressions.operator in body
should be one of [DoesNotExist Exists Gt In Lt NotIn]``). ``metav1.LabelSelectorOperator`` is no
``+enum`` type: a label selector's operator is any string to both.
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver.schema import INT32, STR, STR_MAP, ListOf, Obj, Scalar

# core/v1 NodeSelectorOperator, in the order openapi-gen writes the enum (sorted).
NODE_SELECTOR_OPERATORS = ("DoesNotExist", "Exists", "Gt", "In", "Lt", "NotIn")

LABEL_SELECTOR_REQUIREMENT = Obj("LabelSelectorRequirement", {
    "key": STR,
    "operator": STR,
    "values": ListOf(STR),
}, required=("key", "operator"))

LABEL_SELECTOR = Obj("LabelSelector", {
    "matchExpressions": ListOf(LABEL_SELECTOR_REQUIREMENT),
    "matchLabels": STR_MAP,
})

NODE_SELECTOR_REQUIREMENT = Obj("NodeSelectorRequirement", {
    "key": STR,
    "operator": Scalar("string", go="v1.NodeSelectorOperator", gate_enum=NODE_SELECTOR_OPERATORS),
    "values": ListOf(STR),
}, required=("key", "operator"))

NODE_SELECTOR_TERM = Obj("NodeSelectorTerm", {
    "matchExpressions": ListOf(NODE_SELECTOR_REQUIREMENT),
    "matchFields": ListOf(NODE_SELECTOR_REQUIREMENT),
})

PREFERRED_SCHEDULING_TERM = Obj("PreferredSchedulingTerm", {
    "preference": NODE_SELECTOR_TERM,
    "weight": INT32,
}, required=("preference", "weight"))

NODE_SELECTOR = Obj("NodeSelector", {
    "nodeSelectorTerms": ListOf(NODE_SELECTOR_TERM),
}, required=("nodeSelectorTerms",))

NODE_AFFINITY = Obj("NodeAffinity", {
    "preferredDuringSchedulingIgnoredDuringExecution": ListOf(PREFERRED_SCHEDULING_TERM),
    "requiredDuringSchedulingIgnoredDuringExecution": NODE_SELECTOR,
})

POD_AFFINITY_TERM = Obj("PodAffinityTerm", {
    "labelSelector": LABEL_SELECTOR,
    "matchLabelKeys": ListOf(STR),
    "mismatchLabelKeys": ListOf(STR),
    "namespaceSelector": LABEL_SELECTOR,
    "namespaces": ListOf(STR),
    "topologyKey": STR,
}, required=("topologyKey",))

WEIGHTED_POD_AFFINITY_TERM = Obj("WeightedPodAffinityTerm", {
    "podAffinityTerm": POD_AFFINITY_TERM,
    "weight": INT32,
}, required=("podAffinityTerm", "weight"))

POD_AFFINITY = Obj("PodAffinity", {
    "preferredDuringSchedulingIgnoredDuringExecution": ListOf(WEIGHTED_POD_AFFINITY_TERM),
    "requiredDuringSchedulingIgnoredDuringExecution": ListOf(POD_AFFINITY_TERM),
})

POD_ANTI_AFFINITY = Obj("PodAntiAffinity", {
    "preferredDuringSchedulingIgnoredDuringExecution": ListOf(WEIGHTED_POD_AFFINITY_TERM),
    "requiredDuringSchedulingIgnoredDuringExecution": ListOf(POD_AFFINITY_TERM),
})

AFFINITY = Obj("Affinity", {
    "nodeAffinity": NODE_AFFINITY,
    "podAffinity": POD_AFFINITY,
    "podAntiAffinity": POD_ANTI_AFFINITY,
})
