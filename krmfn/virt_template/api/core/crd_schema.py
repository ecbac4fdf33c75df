"""The ``template.kubevirt.io`` CRDs as the API server serves them: VirtualMachineTemplate and
VirtualMachineTemplateRequest, at each virt-template release a KubeVirt target deploys.

Written from virt-template's ``config/crd/bases/template.kubevirt.io_virtualmachinetemplates.yaml``
and ``template.kubevirt.io_virtualmachinetemplaterequests.yaml`` (controller-gen's output for
``api/core/v1alpha1`` and ``api/core/v1beta1``, ``virtualmachinetemplate_types.go`` and
``virtualmachinetemplaterequest_types.go``) at v0.1.8 and v0.2.2. virt-operator installs them
unchanged (``pkg/virt-operator/resource/generate/components/data/virt-template/install-virt-operator.yaml``:
the same CRD specs at KubeVirt v1.8.4 (v0.1.8), v1.9.0 and d923fdb8 (v0.2.2)).

* Versions (``RELEASES``): v0.1.8 serves ``v1alpha1`` only; v0.2.2 serves ``v1alpha1``, deprecated
  without a ``deprecationWarning`` of its own (so the API server's default,
  ``default_deprecation_warning``), and ``v1beta1``; ``v1alpha1`` stays the storage version. Both
  versions of a release have the same schema.
* Both kinds have a status subresource: ``status`` counts for strict field validation and is dropped
  before the schema is checked (its ``maxLength`` bounds are not modelled: never checked on CREATE).
* ``spec.virtualMachine`` of a template is ``type: object`` with ``x-kubernetes-preserve-unknown-fields``
  and no ``x-kubernetes-embedded-resource``: any object is kept as written (nothing pruned, no
  ObjectMeta checks inside), anything but an object is a type error.
* ``spec.parameters[].from`` has an unanchored pattern; Go's ``\\w`` is ASCII (``FROM``).
* CEL rules (``x-kubernetes-validations``): a request's ``spec.templateLabels`` (v0.2.2) may not use
  the ``template.kubevirt.io/`` prefix (``REQUEST_RULES``); the request's ``self == oldSelf`` on
  ``spec`` is a transition rule, never evaluated on CREATE. A template has none.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cmp_to_key

from krmfn.kubevirt.apiserver.schema import BOOL, OBJECT_META, STR, STR_MAP, ListOf, Obj, Scalar, with_props
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.lazy_re import LazyPattern
from krmfn.model.record import record

V1ALPHA1 = "v1alpha1"
V1BETA1 = "v1beta1"
RESERVED_LABEL_PREFIX = "template.kubevirt.io/"
RESERVED_LABELS_MESSAGE = 'labels with the prefix "template.kubevirt.io/" are reserved for system use'
FROM_PATTERN = r"\[([a-zA-Z0-9\-\\]+)\](\{(\w+)\})"
GENERATORS = ("expression",)


def _go_pattern(node: Scalar) -> Scalar:
    """``node`` matching as Go's ``regexp`` does: ``\\w``, ``\\d`` and ``\\s`` are ASCII classes."""
    regex = LazyPattern(node.pattern or "", re.ASCII)
    object.__setattr__(node, "matcher", lambda text: regex.search(text) is not None)
    return node


# metav1.Condition (its bounds: ``maxLength`` 32768 / 1024 / 316 are not modelled, see above).
CONDITION = Obj("Condition", {
    "lastTransitionTime": STR,
    "message": STR,
    "observedGeneration": Scalar("integer", go="int64", minimum=0),
    "reason": Scalar("string", pattern=r"^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$"),
    "status": Scalar("string", enum=("True", "False", "Unknown")),
    "type": Scalar("string", pattern=r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
                                     r"(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$"),
}, required=("lastTransitionTime", "message", "reason", "status", "type"))

FROM = _go_pattern(Scalar("string", pattern=FROM_PATTERN))
PARAMETER = Obj("Parameter", {
    "description": STR,
    "displayName": STR,
    "from": FROM,
    "generate": Scalar("string", enum=GENERATORS),
    "name": STR,
    "required": BOOL,
    "value": STR,
}, required=("name",))
# runtime.RawExtension with +kubebuilder:pruning:PreserveUnknownFields: an object, kept as written.
VIRTUAL_MACHINE = Obj("RawExtension", open=True, preserve=True)
TEMPLATE_SPEC = Obj("VirtualMachineTemplateSpec", {
    "message": STR,
    "parameters": ListOf(PARAMETER),
    "virtualMachine": VIRTUAL_MACHINE,
}, required=("virtualMachine",))
TEMPLATE_STATUS = Obj("VirtualMachineTemplateStatus", {"conditions": ListOf(CONDITION)})
VIRTUAL_MACHINE_TEMPLATE = Obj("VirtualMachineTemplate", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": TEMPLATE_SPEC, "status": TEMPLATE_STATUS,
}, required=("spec",))

VIRTUAL_MACHINE_REFERENCE = Obj("VirtualMachineReference", {"name": STR, "namespace": STR},
                                required=("name", "namespace"))
REQUEST_SPEC_V0_1 = Obj("VirtualMachineTemplateRequestSpec", {
    "templateName": STR,
    "virtualMachineRef": VIRTUAL_MACHINE_REFERENCE,
}, required=("virtualMachineRef",))
REQUEST_SPEC_V0_2 = with_props(REQUEST_SPEC_V0_1, {
    "templateLabels": STR_MAP,
    "ttlSecondsAfterFinished": Scalar("integer", go="int32", minimum=0),
})
REQUEST_STATUS = Obj("VirtualMachineTemplateRequestStatus", {
    "conditions": ListOf(CONDITION),
    "templateRef": Obj("LocalObjectReference", {"name": STR}),
})


def _request(spec: Obj) -> Obj:
    return Obj("VirtualMachineTemplateRequest", {
        "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": spec, "status": REQUEST_STATUS,
    }, required=("spec",))


VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_1 = _request(REQUEST_SPEC_V0_1)
VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_2 = _request(REQUEST_SPEC_V0_2)


def _labels_not_reserved(labels: dict) -> bool:
    """``self.all(k, !k.startsWith('template.kubevirt.io/'))``."""
    return not any(isinstance(key, str) and key.startswith(RESERVED_LABEL_PREFIX) for key in labels)


@record(frozen=True)
class CelRule:
    """One ``x-kubernetes-validations`` rule: the field (dotted, from the object) of the object
    or map that carries it, its message, and the rule on the plain value (a dict)."""

    field: str
    message: str
    holds: Callable[[dict], bool]


REQUEST_RULES_V0_2: tuple[CelRule, ...] = (
    CelRule("spec.templateLabels", RESERVED_LABELS_MESSAGE, _labels_not_reserved),
)


@record(frozen=True)
class VirtTemplateRelease:
    """What one virt-template release's CRDs serve: the versions (name -> deprecated) in the
    CRDs' order, the storage version, each kind's schema (the same for every version) and CEL
    rules."""

    name: str
    versions: tuple[tuple[str, bool], ...]
    storage: str
    template_schema: Obj
    request_schema: Obj
    request_rules: tuple[CelRule, ...]

    def served(self) -> frozenset[str]:
        return frozenset(version for version, _ in self.versions)

    def deprecated(self) -> frozenset[str]:
        return frozenset(version for version, deprecated in self.versions if deprecated)


V0_1_8 = VirtTemplateRelease("v0.1.8", ((V1ALPHA1, False),), V1ALPHA1, VIRTUAL_MACHINE_TEMPLATE,
                             VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_1, ())
V0_2_2 = VirtTemplateRelease("v0.2.2", ((V1ALPHA1, True), (V1BETA1, False)), V1ALPHA1, VIRTUAL_MACHINE_TEMPLATE,
                             VIRTUAL_MACHINE_TEMPLATE_REQUEST_V0_2, REQUEST_RULES_V0_2)


def release_for(version: KubevirtVersion) -> VirtTemplateRelease:
    """The virt-template release a KubeVirt release deploys (``KubevirtVersion.deploys_virt_template_v0_2``;
    v1.7.4 deploys none: its Template gate does not exist)."""
    return V0_2_2 if version.deploys_virt_template_v0_2 else V0_1_8


# ---------------------------------------------------------------------------------------------
# The API server's default deprecation warning (apiextensions-apiserver customresource_handler.go
# ``defaultDeprecationWarning``) and the version order it uses (apimachinery pkg/version/helpers.go
# ``CompareKubeAwareVersionStrings``).
# ---------------------------------------------------------------------------------------------
_KUBE_VERSION = LazyPattern(r"^v([0-9]+)(?:(alpha|beta)([0-9]+))?\Z")
_STABILITY = {"alpha": 0, "beta": 1, "": 2}


def _parse_kube_version(text: str) -> tuple[int, int, int] | None:
    """(stability, major, minor) of ``v1``, ``v2beta1``, ...; None for any other text."""
    match = _KUBE_VERSION.match(text)
    if match is None:
        return None
    stability = _STABILITY[match.group(2) or ""]
    return stability, int(match.group(1)), int(match.group(3)) if match.group(2) else 0


def compare_kube_aware_versions(first: str, second: str) -> int:
    """``CompareKubeAwareVersionStrings``: positive when ``first`` comes first (GA before beta before
    alpha, then the higher major, then the higher minor; a kube-like version before any other text,
    other texts in reverse string order)."""
    if first == second:
        return 0
    parsed_first, parsed_second = _parse_kube_version(first), _parse_kube_version(second)
    if parsed_first is None or parsed_second is None:
        if parsed_first is None and parsed_second is None:
            return (second > first) - (second < first)
        return -1 if parsed_first is None else 1
    for a, b in zip(parsed_first, parsed_second, strict=True):
        if a != b:
            return a - b
    return 0


def replacement_version(deprecated_version: str, versions: tuple[tuple[str, bool], ...]) -> str | None:
    """The version ``defaultDeprecationWarning`` names: of the served, non-deprecated versions that
    sort after the deprecated one, the first; None when there is none."""
    newer = [name for name, deprecated in versions
             if not deprecated and compare_kube_aware_versions(deprecated_version, name) < 0]
    return sorted(newer, key=cmp_to_key(compare_kube_aware_versions), reverse=True)[0] if newer else None


def default_deprecation_warning(group: str, kind: str, deprecated_version: str,
                                versions: tuple[tuple[str, bool], ...]) -> str:
    """``<group>/<version> <Kind> is deprecated``, with ``; use <group>/<newer> <Kind>`` naming the
    ``replacement_version`` when there is one."""
    message = f"{group}/{deprecated_version} {kind} is deprecated"
    newest = replacement_version(deprecated_version, versions)
    return message if newest is None else f"{message}; use {group}/{newest} {kind}"
