"""vm-admission: KubeVirt's general VM checks as findings, with their area and the option that
admits the VM when a cluster setting decides."""
from __future__ import annotations

from krmfn.modes.validate.mode import run_validate

SIDECAR_VM = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
              "spec": {"runStrategy": "Halted", "template": {
                  "metadata": {"annotations": {"hooks.kubevirt.io/hookSidecars": "[{}]"}},
                  "spec": {"domain": {"devices": {}}}}}}
SIDECAR_MESSAGE = ("sidecar feature gate is not enabled in kubevirt-config, invalid entry "
                   "spec.template.metadata.annotations.hooks.kubevirt.io/hookSidecars")


def findings(items: list, options: dict | None = None) -> list[tuple]:
    outcome = run_validate(items, options or {})
    return [(f.severity, f.item, f.path, f.message, f.tags) for f in outcome.findings if f.check == "vm-admission"]


def test_a_gated_cause_names_the_option_that_admits_it() -> None:
    assert findings([SIDECAR_VM]) == [
        ("error", 0, "spec.template.metadata.annotations",
         SIDECAR_MESSAGE + " (enable with featureGates: Sidecar if your cluster has it)", {"area": "metadata"})]
    assert findings([SIDECAR_VM], {"featureGates": ["Sidecar"]}) == []


def test_a_cause_no_setting_decides_is_kubevirts_message_alone() -> None:
    vm = {**SIDECAR_VM, "spec": {"template": {"spec": {"domain": {"devices": {}}}}}}
    assert findings([vm]) == [("error", 0, "spec.running", "RunStrategy must be specified", {"area": "run-strategy"})]


def test_can_be_disabled_and_releveled() -> None:
    assert findings([SIDECAR_VM], {"disable": ["vm-admission"]}) == []
    assert [f[0] for f in findings([SIDECAR_VM], {"severity": ["vm-admission=warning"]})] == ["warning"]


def test_a_machine_type_the_cluster_does_not_allow_names_the_list_option() -> None:
    vm = {**SIDECAR_VM, "spec": {"runStrategy": "Halted", "template": {"spec": {
        "domain": {"devices": {}, "machine": {"type": "pc-i440fx-9.0"}}}}}}
    assert findings([vm]) == [
        ("error", 0, "spec.template.spec.domain.machine.type",
         "spec.template.spec.domain.machine.type is not supported: pc-i440fx-9.0 (allowed values: [q35* pc-q35*]) "
         "(add amd64=pc-i440fx-9.0 to emulatedMachines if your cluster allows it)", {"area": "machine-type"})]
    assert findings([vm], {"emulatedMachines": ["amd64=q35*", "amd64=pc-i440fx*"]}) == []


def test_a_grace_gpu_the_cluster_permits_needs_its_gate() -> None:
    vm = {**SIDECAR_VM, "spec": {"runStrategy": "Halted", "template": {"spec": {
        "domain": {"devices": {"gpus": [{"name": "gpu", "deviceName": "nvidia.com/GH100_H100"}]}}}}}}
    permitted = {"permittedHostDevices": ["10DE:2342=nvidia.com/GH100_H100"]}
    assert findings([vm]) == []  # a resource the cluster does not permit is not a Grace GPU for admission
    assert [(f[2], f[3], f[4]) for f in findings([vm], permitted)] == [
        ("spec.template.spec.domain.devices.gpus[0].deviceName",
         'GraceIOVirtualization feature gate must be enabled for NVIDIA Grace GPU passthrough resource '
         '"nvidia.com/GH100_H100" '
         "(enable with featureGates: GraceIOVirtualization if your cluster has it)", {"area": "devices"})]


def test_a_gate_discontinued_in_the_release_is_not_offered_as_the_fix() -> None:
    """v1.7.4 checks macvtap/passt against their gates, but both are Discontinued there: naming one
    makes ValidateFeatureGates reject the VM instead (vms-admitter.go), so no hint."""
    vm = {**SIDECAR_VM, "spec": {"runStrategy": "Halted", "template": {"spec": {
        "domain": {"devices": {"interfaces": [{"name": "a", "macvtap": {}}]}},
        "networks": [{"name": "a", "multus": {"networkName": "ns/vlan"}}]}}}}
    v1_7 = {"kubevirtVersion": "v1.7"}
    assert [(f[2], f[3]) for f in findings([vm], v1_7)] == [
        ("spec.template.spec.domain.devices.interfaces[0].name", "Macvtap feature gate is not enabled")]
    assert [(f[2], f[3]) for f in findings([vm], {**v1_7, "featureGates": ["Macvtap"]})] == [
        (None,  # ValidateFeatureGates' cause names no field
         "Macvtap network binding is discontinued since v1.3. Please refer to Kubevirt user guide for alternatives.")]
