"""The ``export.kubevirt.io`` CRD schema: VirtualMachineExport.

Written from ``staging/src/kubevirt.io/api/export/v1/types.go`` (``VirtualMachineExportSpec``; the
``v1beta1`` spec is the same) and
``pkg/virt-operator/resource/generate/components/validations_generated.go`` (``virtualmachineexport``),
one schema for every served version. Every spec field is modelled, so strict field validation
rejects unknown ones; ``status`` is opaque (the status subresource drops it on CREATE). The spec is
the same at d923fdb8, v1.8.4 and v1.7.4 (only the status differs).

Served versions (``NewVirtualMachineExportCrd`` of
``pkg/virt-operator/resource/generate/components/crds.go``), ``export_versions``: ``v1`` and the
deprecated ``v1beta1`` at d923fdb8; ``v1alpha1`` and ``v1beta1`` at v1.8.4 and v1.7.4
(``KubevirtVersion.serves_export_v1``).
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver.schema import OBJECT_META, STR, Obj
from krmfn.kubevirt.apiserver.snapshot_schema import TYPED_LOCAL_OBJECT_REFERENCE
from krmfn.kubevirt.apiserver.vm_schema import opaque
from krmfn.model.kubevirt_version import KubevirtVersion

EXPORT_V1BETA1_DEPRECATION = (
    "export.kubevirt.io/v1beta1 VirtualMachineExport is now deprecated and will be removed in a future version."
)

EXPORT_SPEC = Obj("VirtualMachineExportSpec", {
    "source": TYPED_LOCAL_OBJECT_REFERENCE,
    "tokenSecretRef": STR,
    "ttlDuration": STR,  # a metav1.Duration: a string to the API server
}, required=("source",))

VIRTUAL_MACHINE_EXPORT = Obj("VirtualMachineExport", {
    "apiVersion": STR, "kind": STR, "metadata": OBJECT_META, "spec": EXPORT_SPEC,
    "status": opaque("VirtualMachineExportStatus"),
}, required=("spec",))


def export_versions(version: KubevirtVersion) -> tuple[frozenset[str], dict[str, str]]:
    """The versions a release serves, and the deprecation warning of each deprecated one."""
    if version.serves_export_v1:
        return frozenset({"v1", "v1beta1"}), {"v1beta1": EXPORT_V1BETA1_DEPRECATION}
    return frozenset({"v1alpha1", "v1beta1"}), {}
