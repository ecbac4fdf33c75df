"""The VirtualMachineInstanceReplicaSet and VirtualMachineInstancePreset schemas (``kubevirt.io``).

Written from ``staging/src/kubevirt.io/api/core/v1/types.go`` (``VirtualMachineInstanceReplicaSet``,
``VirtualMachineInstanceReplicaSetSpec``, ``VirtualMachineInstancePreset``,
``VirtualMachineInstancePresetSpec``) and the CRDs' OpenAPI validation in
``pkg/virt-operator/resource/generate/components/validations_generated.go``
(``virtualmachineinstancereplicaset``, ``virtualmachineinstancepreset``), d923fdb8. The API server
checks these objects against the CRD schema (strict field validation, stage
``kube-apiserver/field-validation``; the structural schema, stage ``kube-apiserver/crd-schema``) and
their validating webhooks against the OpenAPI definitions of the same Go types (``ValidateSchema``,
stage ``validating-webhook/openapi-schema``).

The replica set's ``spec.template`` is the VM's VMI template
(``krmfn.kubevirt.apiserver.vm_schema.TEMPLATE``), and the preset's ``spec.domain`` the VMI's
``DomainSpec`` (``krmfn.kubevirt.apiserver.vm_schema.DOMAIN``), modelled to the same depth; the
label selector (``metav1.LabelSelector``) is modelled field by field; ``status`` is open.

Served versions (``crds.go``): the replica set is served as ``v1`` and the deprecated ``v1alpha3``
(``newCRDVersions``, ``virtv1.ApiSupportedVersions``); the preset as ``v1`` and ``v1alpha3``, both
deprecated with their own warnings (``NewPresetCrd``), identical in v1.7.4, v1.8.4 and d923fdb8.

Release differences: the fields ``krmfn.kubevirt.apiserver.vm_schema.NEWER_FIELDS`` lists are missing
from the template's spec (replica set) and from the domain (preset) of the releases before them.
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver.schema import (
    BOOL,
    INT32,
    OBJECT_META,
    STR,
    Obj,
    without_fields,
)
from krmfn.kubevirt.apiserver.core_v1_schema import LABEL_SELECTOR
from krmfn.kubevirt.apiserver.vm_schema import DOMAIN, NEWER_FIELDS, TEMPLATE, opaque
from krmfn.model.kubevirt_version import KubevirtVersion

VMIRS_VERSIONS = frozenset({"v1", "v1alpha3"})
VMIRS_DEPRECATED = {"v1alpha3": "kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."}
PRESET_VERSIONS = frozenset({"v1", "v1alpha3"})
PRESET_DEPRECATED = {
    version: f"kubevirt.io/{version} VirtualMachineInstancePresets is now deprecated and will be removed in v2."
    for version in sorted(PRESET_VERSIONS)
}

VMIRS_SPEC = Obj("VirtualMachineInstanceReplicaSetSpec", {
    "replicas": INT32, "selector": LABEL_SELECTOR, "template": TEMPLATE, "paused": BOOL,
}, required=("selector", "template"))

VIRTUAL_MACHINE_INSTANCE_REPLICA_SET = Obj("VirtualMachineInstanceReplicaSet", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": VMIRS_SPEC,
    "status": opaque("VirtualMachineInstanceReplicaSetStatus"),
}, required=("spec",))

PRESET_SPEC = Obj("VirtualMachineInstancePresetSpec", {
    "selector": LABEL_SELECTOR, "domain": DOMAIN,
}, required=("selector",))

# ``spec`` is ``omitempty``: the CRD does not require it (the webhook's ValidateSchema does).
VIRTUAL_MACHINE_INSTANCE_PRESET = Obj("VirtualMachineInstancePreset", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": PRESET_SPEC,
})

_TEMPLATE_SPEC = "spec.template.spec."
_TEMPLATE_DOMAIN = _TEMPLATE_SPEC + "domain."


def _missing(version: KubevirtVersion) -> list[str]:
    """The template spec paths (``spec.template.spec.…``) a release's CRDs lack."""
    return [path for minor, paths in NEWER_FIELDS if not version.since(minor) for path in paths]


@cache
def vmirs_schema(version: KubevirtVersion) -> Obj:
    """The VirtualMachineInstanceReplicaSet schema of a KubeVirt release."""
    missing = _missing(version)
    return without_fields(VIRTUAL_MACHINE_INSTANCE_REPLICA_SET, *missing) if missing \
        else VIRTUAL_MACHINE_INSTANCE_REPLICA_SET


@cache
def vmi_preset_schema(version: KubevirtVersion) -> Obj:
    """The VirtualMachineInstancePreset schema of a KubeVirt release (the domain's fields only)."""
    missing = ["spec.domain." + path.removeprefix(_TEMPLATE_DOMAIN) for path in _missing(version)
               if path.startswith(_TEMPLATE_DOMAIN)]
    return without_fields(VIRTUAL_MACHINE_INSTANCE_PRESET, *missing) if missing else VIRTUAL_MACHINE_INSTANCE_PRESET
