"""What KubeVirt's VirtualMachine mutating webhook writes into a VM it admits on CREATE: the VM as
it is stored (docs/kubevirt/admission.md#vm-mutating-webhook).

Mirrors, in the webhook's order (KubeVirt d923fdb8; unchanged since v1.7.4 apart from inference,
which ``krmfn.kubevirt.instancetype.infer`` switches per release):

* ``pkg/instancetype/webhooks/vm/mutator.go`` ``Mutate``: after matcher validation and inference
  (``krmfn.kubevirt.instancetype.webhooks.vm.mutate``), the preference is found (errors ignored) and
  ``mutateArch`` (``ApplyArchitecturePreferences``), ``mutateMachineType`` and
  ``mutateDataVolumeTemplates`` (``preferredStorageClassName`` into every dataVolumeTemplate whose
  ``pvc``/``storage`` has a null ``storageClassName``; ``""`` counts as set) run;
* ``pkg/virt-api/webhooks/mutating-webhook/mutators/vm-mutator.go`` ``Mutate``:
  ``setFirmwareDefaultsIfEmpty`` (random ``firmware.uuid``/``serial``: not reproducible offline,
  listed by ``live_only_fields`` instead), then ``pkg/defaults`` ``SetVirtualMachineDefaults``
  (architecture from a DataSource's ``template.kubevirt.io/architecture`` label, the cluster's
  default architecture, the cluster's machine type for it), then on CREATE
  ``setDefaultPciTopologyVersion`` on the template metadata when ``SupportsPCIeHotplug``; the
  spec it answers with is Go-encoded: quantities canonical, empty structs written (``go_roundtrip``).

The input VM is never changed: the stored form is a copy.
"""
from __future__ import annotations


from krmfn.kubevirt.bundle import Bundle
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.defaults.defaults import set_default_architecture, set_default_machine_type
from krmfn.kubevirt.instancetype.find.matcher import Resolved
from krmfn.kubevirt.instancetype.find.preference import find_preference
from krmfn.kubevirt.apimachinery.gozero import clone, str_set
from krmfn.kubevirt.instancetype.preference.apply.architecture import apply_architecture_preferences
from krmfn.kubevirt.virt_api.mutators.go_roundtrip import go_encoded
from krmfn.kubevirt.instancetype.webhooks.vm import architecture_from_data_sources
from krmfn.model.record import field, record

PCI_TOPOLOGY_VERSION_ANNOTATION = "kubevirt.io/pci-topology-version"
PCI_TOPOLOGY_VERSION_V3 = "v3"
# setFirmwareDefaultsIfEmpty: random UUIDs on CREATE, as JSON Pointers (RFC 6901).
FIRMWARE_UUID_POINTER = "/spec/template/spec/domain/firmware/uuid"
FIRMWARE_SERIAL_POINTER = "/spec/template/spec/domain/firmware/serial"
PCIE_HOTPLUG_ARCHITECTURES = ("amd64", "arm64", "")


@record
class Stored:
    """The VM as stored (``vm``), what the webhook logged on the way, and the JSON Pointers of the
    fields the webhook fills with values only the cluster knows (random UUIDs)."""

    vm: dict
    logs: list[str] = field(default_factory=list)
    live_only: list[str] = field(default_factory=list)


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def stored_vm(inferred: dict, bundle: Bundle, namespace: str, config: ClusterConfig) -> Stored:
    """The VM the webhook stores on CREATE, from the VM after matcher validation and inference
    (``Mutation.vm``); a VM with ``metadata.deletionTimestamp`` is stored as sent."""
    if _dict(inferred.get("metadata")).get("deletionTimestamp") is not None:
        return Stored(inferred)
    vm = clone(inferred)
    template = vm.get("spec", {}).get("template")
    if not isinstance(template, dict) or not isinstance(template.get("spec"), dict):
        return Stored(vm)  # the schema gate rejects such a VM before this point
    template_spec = template["spec"]
    preference = find_preference(vm, bundle, namespace)
    pf_spec = preference.spec if isinstance(preference, Resolved) else None
    apply_architecture_preferences(pf_spec, template_spec)
    mutate_machine_type(pf_spec, template_spec)
    mutate_data_volume_templates(pf_spec, vm)
    stored = Stored(vm, live_only=live_only_fields(template_spec))
    set_vm_defaults(vm, bundle, namespace, config, stored.logs)
    if supports_pcie_hotplug(template_spec):
        set_default_pci_topology_version(template)
    go_encoded(vm, not config.kubevirt_version.omits_zero_creation_timestamp)
    return stored


def mutate_machine_type(pf_spec: dict | None, template_spec: dict) -> None:
    """``mutateMachineType``: the preferred machine type where the VM has none."""
    domain = template_spec.get("domain")
    if not isinstance(domain, dict) or str_set(_dict(domain.get("machine")).get("type")):
        return
    preferred = _dict(_dict(pf_spec).get("machine")).get("preferredMachineType")
    if str_set(preferred):
        machine = domain.get("machine")
        if not isinstance(machine, dict):
            machine = domain["machine"] = {}
        machine["type"] = preferred


def mutate_data_volume_templates(pf_spec: dict | None, vm: dict) -> None:
    """``mutateDataVolumeTemplates``: the preferred storage class into ``pvc`` and ``storage``."""
    storage_class = _dict(_dict(pf_spec).get("volumes")).get("preferredStorageClassName")
    if not str_set(storage_class):
        return
    for template in vm["spec"].get("dataVolumeTemplates") or ():
        spec = _dict(_dict(template).get("spec"))
        for key in ("pvc", "storage"):
            claim = spec.get(key)
            if isinstance(claim, dict) and claim.get("storageClassName") is None:
                claim["storageClassName"] = storage_class


def live_only_fields(template_spec: dict) -> list[str]:
    """``setFirmwareDefaultsIfEmpty``: the firmware fields the webhook fills with random UUIDs."""
    firmware = _dict(_dict(template_spec.get("domain")).get("firmware"))
    return [pointer for key, pointer in (("uuid", FIRMWARE_UUID_POINTER), ("serial", FIRMWARE_SERIAL_POINTER))
            if not str_set(firmware.get(key))]


def set_vm_defaults(vm: dict, bundle: Bundle, namespace: str, config: ClusterConfig, logs: list[str]) -> None:
    """``SetVirtualMachineDefaults``: architecture from a DataSource label, else the cluster's;
    then the cluster's machine type for that architecture where the VM has none."""
    template_spec = vm["spec"]["template"]["spec"]
    if not str_set(template_spec.get("architecture")):
        from_data_source = architecture_from_data_sources(vm, bundle, namespace, logs)
        if from_data_source:
            template_spec["architecture"] = from_data_source
    set_default_architecture(config, template_spec)
    if not isinstance(template_spec.get("domain"), dict):
        return  # the schema requires domain; nothing to default into
    set_default_machine_type(config, template_spec)


def supports_pcie_hotplug(template_spec: dict) -> bool:
    """``SupportsPCIeHotplug``: amd64/arm64 (or none) with a q35 or ``virt*`` machine type."""
    if template_spec.get("architecture", "") not in PCIE_HOTPLUG_ARCHITECTURES:
        return False
    machine = _dict(template_spec.get("domain")).get("machine")
    if isinstance(machine, dict):
        given = machine.get("type")
        machine_type: str = given if isinstance(given, str) else ""
        return "q35" in machine_type or machine_type.startswith("virt")
    return True


def set_default_pci_topology_version(template: dict) -> None:
    """``setDefaultPciTopologyVersion``: ``kubevirt.io/pci-topology-version: v3`` unless present."""
    metadata = template.get("metadata")
    if not isinstance(metadata, dict):
        metadata = template["metadata"] = {}
    annotations = metadata.get("annotations")
    if not isinstance(annotations, dict):
        annotations = metadata["annotations"] = {}
    annotations.setdefault(PCI_TOPOLOGY_VERSION_ANNOTATION, PCI_TOPOLOGY_VERSION_V3)
