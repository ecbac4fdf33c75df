"""A bundle loads only the admission chains of the kinds it holds
(``krmfn.admission.admit.CHAINS``: each kind's chain module is imported when the chain
first admits an object), and a run of the function only the subsystems its objects use (the
cluster CRs, DRA, Grace GPUs, Hyper-V, inference, revisions, ``fractions``/``decimal``). Run in a
fresh interpreter, so that no other test's imports count."""
from __future__ import annotations

import json
import subprocess
import sys

# Chain modules no VirtualMachine, instance type or preference needs.
OTHER_KINDS = ("krmfn.cdi", "krmfn.hco", "krmfn.virt_template",
               "krmfn.catalog.model", "krmfn.kubevirt.virt_api.vmi_create",
               "krmfn.kubevirt.virt_api.vmirs_create", "krmfn.kubevirt.virt_api.migration_create",
               "krmfn.kubevirt.virt_api.migrationpolicy_create", "krmfn.kubevirt.virt_api.vmclone_create",
               "krmfn.kubevirt.virt_api.vmi_preset_create", "krmfn.kubevirt.virt_operator.kubevirt_create",
               "krmfn.kubevirt.storage.admitters.vmsnapshot_create", "krmfn.kubevirt.storage.admitters.backup_create",
               "krmfn.kubevirt.virt_api.admitters.vmpool_admitter")

IT = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterInstancetype",
      "metadata": {"name": "it"}, "spec": {"cpu": {"guest": 1}, "memory": {"guest": "1Gi"}}}
VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
      "spec": {"runStrategy": "Halted", "instancetype": {"name": "it"},
               "template": {"spec": {"domain": {"devices": {}}}}}}
DV = {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataVolume", "metadata": {"name": "dv", "namespace": "ns"},
      "spec": {"source": {"blank": {}}, "storage": {"resources": {"requests": {"storage": "1Gi"}}}}}


def loaded_after_admitting(items: list[dict]) -> list[str]:
    """The modules of OTHER_KINDS loaded once ``items`` are admitted (with the default catalog)."""
    code = ("import json, sys\n"
            "from krmfn.admission.admit import admit_items\n"
            f"verdicts = admit_items(json.loads({json.dumps(json.dumps(items))}), catalog_version='v1.7.0').verdicts\n"
            "assert all(verdict is not None for verdict in verdicts)\n"
            f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({OTHER_KINDS!r}))))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_a_vm_bundle_loads_no_other_kinds_chain() -> None:
    assert loaded_after_admitting([IT, VM]) == []


def test_a_template_loads_its_chain() -> None:
    template = {"apiVersion": "template.kubevirt.io/v1beta1", "kind": "VirtualMachineTemplate",
                "metadata": {"name": "t", "namespace": "ns"}, "spec": {"virtualMachine": {}}}
    loaded = loaded_after_admitting([IT, VM, template])
    assert "krmfn.virt_template.admit" in loaded
    assert not any(name.startswith(("krmfn.hco", "krmfn.cdi")) for name in loaded)


def test_a_data_volume_loads_its_chain() -> None:
    loaded = loaded_after_admitting([IT, VM, DV])
    assert "krmfn.cdi.apiserver.datavolume_create" in loaded
    assert not any(name.startswith("krmfn.hco") for name in loaded)


# Subsystems a VM with an instance type, a preference, disks, interfaces and cloud-init never uses.
SUBSYSTEMS = ("krmfn.hco", "krmfn.cdi", "krmfn.kubevirt.virt_config.kubevirt_cr", "krmfn.kubevirt.dra.admitter",
              "krmfn.kubevirt.virt_api.admitters.grace_io_virtualization", "krmfn.kubevirt.defaults.hyperv",
              "krmfn.kubevirt.instancetype.infer.volume", "krmfn.kubevirt.instancetype.find.revision",
              "krmfn.kubevirt.instancetype.compatibility", "fractions", "decimal")
PF = {"apiVersion": "instancetype.kubevirt.io/v1beta1", "kind": "VirtualMachineClusterPreference",
      "metadata": {"name": "pf"}, "spec": {"devices": {"preferredDiskBus": "virtio"}}}
KUBEVIRT = {"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt",
            "metadata": {"name": "kubevirt", "namespace": "kubevirt"},
            "spec": {"configuration": {"developerConfiguration": {"featureGates": ["GPUsWithDRA"]}}}}


def plain_vm(name: str) -> dict:
    """A VM with an instance type, a preference, two disks (one cloud-init) and a pod interface."""
    spec = {"domain": {"devices": {"disks": [{"name": "root"}, {"name": "ci", "disk": {}}],
                                   "interfaces": [{"name": "default", "masquerade": {}}]}},
            "networks": [{"name": "default", "pod": {}}],
            "volumes": [{"name": "root", "containerDisk": {"image": "quay.io/containerdisks/fedora:41"}},
                        {"name": "ci", "cloudInitNoCloud": {"userData": "#cloud-config\n"}}]}
    return {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": name, "namespace": "ns"},
            "spec": {"runStrategy": "Halted", "instancetype": {"name": "it"}, "preference": {"name": "pf"},
                     "template": {"spec": spec}}}


def loaded_after_validating(items: list[dict]) -> list[str]:
    """The modules of SUBSYSTEMS loaded once the function validated ``items`` (a ResourceList on stdin)."""
    resource_list = {"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": items,
                     "functionConfig": {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "krmfn"},
                                        "data": {"mode": "validate"}}}
    code = ("import json, sys\n"
            "from krmfn.cli.main import main\n"
            "main([])\n"
            f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({SUBSYSTEMS!r}))), file=sys.stderr)\n")
    run = subprocess.run([sys.executable, "-c", code], input=json.dumps(resource_list), capture_output=True,
                         text=True, check=True)
    return json.loads(run.stderr.splitlines()[-1])


def test_a_plain_vm_loads_no_other_subsystem() -> None:
    assert loaded_after_validating([IT, PF, plain_vm("vm")]) == []


def test_the_cluster_crs_load_their_readers() -> None:
    assert loaded_after_validating([IT, PF, KUBEVIRT, plain_vm("vm")]) == [
        "krmfn.hco", "krmfn.hco.cluster_config", "krmfn.kubevirt.virt_config.kubevirt_cr"]


def test_gpus_load_the_dra_and_grace_checks() -> None:
    vm = plain_vm("gpu")
    vm["spec"]["template"]["spec"]["resourceClaims"] = [{"name": "c", "resourceClaimName": "c"}]
    vm["spec"]["template"]["spec"]["domain"]["devices"]["gpus"] = [{"name": "g", "claimName": "c", "requestName": "r"}]
    assert loaded_after_validating([IT, PF, KUBEVIRT, vm]) == [
        "krmfn.hco", "krmfn.hco.cluster_config", "krmfn.kubevirt.dra.admitter",
        "krmfn.kubevirt.virt_api.admitters.grace_io_virtualization", "krmfn.kubevirt.virt_config.kubevirt_cr"]


def test_inference_and_revisions_load_their_code() -> None:
    inferring, pinned = plain_vm("inferring"), plain_vm("pinned")
    inferring["spec"]["instancetype"] = {"inferFromVolume": "root"}
    pinned["spec"]["instancetype"]["revisionName"] = "rev"
    revision = {"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": {"name": "rev", "namespace": "ns"},
                "data": IT}
    assert loaded_after_validating([IT, PF, revision, inferring, pinned]) == [
        "krmfn.kubevirt.instancetype.compatibility", "krmfn.kubevirt.instancetype.find.revision",
        "krmfn.kubevirt.instancetype.infer.volume"]


def test_hyperv_features_load_their_dependencies() -> None:
    vmi = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
           "metadata": {"name": "vmi", "namespace": "ns"},
           "spec": {"domain": {"features": {"hyperv": {"synic": {}}}, "devices": {},
                               "resources": {"requests": {"memory": "1Gi"}}}}}
    assert "krmfn.kubevirt.defaults.hyperv" in loaded_after_validating([vmi])
