"""The ``clone.kubevirt.io`` CRD schema krmfn admits: VirtualMachineClone.

Written from ``staging/src/kubevirt.io/api/clone/v1beta1/types.go`` (``VirtualMachineCloneSpec``,
``VirtualMachineCloneTemplateFilters``) and
``pkg/virt-operator/resource/generate/components/validations_generated.go`` (the CRD's OpenAPI
validation: ``virtualmachineclone``), one schema for every served version
(``patchValidationForAllVersions``). Every spec field is modelled, so strict field validation
rejects unknown ones; ``status`` is opaque (the status subresource drops it on CREATE).

Served versions (``NewVirtualMachineCloneCrd`` of
``pkg/virt-operator/resource/generate/components/crds.go``): ``v1alpha1`` and ``v1beta1``, neither
deprecated, at d923fdb8, v1.8.4 and v1.7.4 alike.

The clone mutating webhook's ``ValidateSchema`` finds no OpenAPI definition for the spec (it
looks up ``v1.VirtualMachineCloneSpec``; the clone API's are named ``v1beta1.*``), so no schema of
this module is its gate (``krmfn.kubevirt.util.validate_schema.spec_required_error``).

Release difference: ``spec.volumeNamePolicy`` exists since v1.8
(``KubevirtVersion.has_clone_volume_name_policy``).
"""
from __future__ import annotations

from functools import cache

from krmfn.kubevirt.apiserver.schema import OBJECT_META, STR, STR_MAP, ListOf, Node, Obj, Scalar
from krmfn.kubevirt.apiserver.snapshot_schema import TYPED_LOCAL_OBJECT_REFERENCE
from krmfn.kubevirt.apiserver.vm_schema import opaque
from krmfn.model.kubevirt_version import KubevirtVersion

CLONE_VERSIONS = frozenset({"v1alpha1", "v1beta1"})
VOLUME_NAME_POLICIES = ("RandomizeNames", "PrefixTargetName")

TEMPLATE_FILTERS = Obj("VirtualMachineCloneTemplateFilters", {
    "annotationFilters": ListOf(STR), "labelFilters": ListOf(STR),
})


def _clone(volume_name_policy: Node | None) -> Obj:
    props: dict[str, Node] = {
        "source": TYPED_LOCAL_OBJECT_REFERENCE,
        "target": TYPED_LOCAL_OBJECT_REFERENCE,
        "annotationFilters": ListOf(STR),
        "labelFilters": ListOf(STR),
        "template": TEMPLATE_FILTERS,
        "newMacAddresses": STR_MAP,
        "newSMBiosSerial": STR,
        "patches": ListOf(STR),
    }
    if volume_name_policy is not None:
        props["volumeNamePolicy"] = volume_name_policy
    spec = Obj("VirtualMachineCloneSpec", props, required=("source",))
    return Obj("VirtualMachineClone", {
        "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": spec,
        "status": opaque("VirtualMachineCloneStatus"),
    }, required=("spec",))


VIRTUAL_MACHINE_CLONE = _clone(Scalar("string", go="v1beta1.VolumeNamePolicy", enum=VOLUME_NAME_POLICIES))
VIRTUAL_MACHINE_CLONE_V1_7 = _clone(None)


@cache
def clone_schema(version: KubevirtVersion) -> Obj:
    """The VirtualMachineClone CRD schema of a KubeVirt release."""
    return VIRTUAL_MACHINE_CLONE if version.has_clone_volume_name_policy else VIRTUAL_MACHINE_CLONE_V1_7
