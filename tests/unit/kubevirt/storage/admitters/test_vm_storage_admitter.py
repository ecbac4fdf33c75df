"""pkg/storage/admitters/vm-storage-admitter.go: Admit on a CREATE (the dataVolumeTemplates' namespace)."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.storage.admitters.vm_storage_admitter import admit_vm_storage

DV_SPEC = {"storage": {"resources": {"requests": {"storage": "1Gi"}}}, "source": {"blank": {}}}


def vm(namespace: str | None, *template_namespaces: str | None) -> dict:
    metadata = {"name": "vm"} if namespace is None else {"name": "vm", "namespace": namespace}
    templates = []
    for index, template_namespace in enumerate(template_namespaces):
        dv_metadata = {"name": f"dv{index}"}
        if template_namespace is not None:
            dv_metadata["namespace"] = template_namespace
        templates.append({"metadata": dv_metadata, "spec": DV_SPEC})
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": metadata,
            "spec": {"runStrategy": "Halted", "dataVolumeTemplates": templates, "template": {"spec": {
                "domain": {"devices": {}, "resources": {"requests": {"memory": "1Gi"}}},
                "volumes": [{"name": f"v{index}", "dataVolume": {"name": f"dv{index}"}}
                            for index in range(len(templates))]}}}}


@pytest.mark.parametrize("namespace, template_namespaces, request_namespace, expected", [
    ("ns", (None, "", "ns"), "default", []),
    ("ns", ("other", None, "ns", "elsewhere"), "default",
     [("spec.dataVolumeTemplates[0]", "Embedded DataVolume namespace other differs from VM namespace ns"),
      ("spec.dataVolumeTemplates[3]", "Embedded DataVolume namespace elsewhere differs from VM namespace ns")]),
    (None, ("lab",), "lab", []),
    (None, ("ns",), "default",
     [("spec.dataVolumeTemplates[0]", "Embedded DataVolume namespace ns differs from VM namespace default")]),
])
def test_data_volume_template_namespace(namespace: str | None, template_namespaces: tuple, request_namespace: str,
                                        expected: list) -> None:
    causes = admit_vm_storage(vm(namespace, *template_namespaces), ClusterConfig(), request_namespace)
    assert [(c.field, c.message) for c in causes] == expected


def test_a_mistyped_template_namespace_reads_as_empty() -> None:
    mistyped = vm("ns", "other")
    mistyped["spec"]["dataVolumeTemplates"][0]["metadata"]["namespace"] = 5
    mistyped["spec"]["dataVolumeTemplates"].append("x")
    assert admit_vm_storage(mistyped, ClusterConfig()) == []
    assert admit_vm_storage({"spec": {"dataVolumeTemplates": {}}}, ClusterConfig()) == []


def test_through_the_whole_chain() -> None:
    verdict = admit_bundle([vm("ns", "other")])[0]
    assert verdict is not None and not verdict.allowed
    assert verdict.stage == "validating-webhook/remaining-vm-checks"
    assert [(c.field, c.message) for c in verdict.causes] == [
        ("spec.dataVolumeTemplates[0]", "Embedded DataVolume namespace other differs from VM namespace ns")]
    assert admit_bundle([vm("ns", "ns")])[0].allowed  # type: ignore[union-attr]
