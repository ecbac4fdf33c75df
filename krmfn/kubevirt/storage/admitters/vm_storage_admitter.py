"""The storage admitter of a VirtualMachine CREATE.

Mirrors ``Admit`` in ``pkg/storage/admitters/vm-storage-admitter.go`` (d923fdb8) for a CREATE:
``validateVirtualMachineDataVolumeTemplateNamespace`` (``data-volume-template.go``): every
dataVolumeTemplate with a ``metadata.namespace`` other than the VM's gets a cause. ``AdmitStatus``
(``vm-storage-status.go``: snapshot and restore in progress) only judges an UPDATE, and the
hotplug rules (``storagehotplug.go``) only VMI updates, so a CREATE needs nothing from the cluster.

The VM's namespace is its ``metadata.namespace``, else the request namespace (the API server fills
it in before admission).
"""
from __future__ import annotations

from krmfn.kubevirt.bundle import DEFAULT_NAMESPACE
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import as_dict, as_str

NAMESPACE_DIFFERS_FMT = "Embedded DataVolume namespace {} differs from VM namespace {}"


def admit_vm_storage(vm: dict, config: ClusterConfig, request_namespace: str = DEFAULT_NAMESPACE) -> list[Cause]:
    """``storageadmitters.Admit`` on a CREATE of ``vm`` (as sent) in ``request_namespace``."""
    return validate_data_volume_template_namespace(vm, request_namespace)


def validate_data_volume_template_namespace(vm: dict, request_namespace: str) -> list[Cause]:
    """``validateVirtualMachineDataVolumeTemplateNamespace``: an embedded DataVolume lives in the
    VM's namespace (an empty one is fine)."""
    spec = vm.get("spec")
    templates = spec.get("dataVolumeTemplates") if isinstance(spec, dict) else None
    if not isinstance(templates, list):
        return []
    causes = []
    for index, template in enumerate(templates):
        metadata = template.get("metadata") if isinstance(template, dict) else None
        namespace = metadata.get("namespace") if isinstance(metadata, dict) else None
        if not isinstance(namespace, str) or not namespace:
            continue
        target = as_str(as_dict(vm.get("metadata")).get("namespace")) or request_namespace
        if namespace != target:
            causes.append(Cause(f"spec.dataVolumeTemplates[{index}]", NAMESPACE_DIFFERS_FMT.format(namespace, target),
                                CAUSE_FIELD_VALUE_INVALID))
    return causes
