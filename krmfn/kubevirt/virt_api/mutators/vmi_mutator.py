"""What KubeVirt's VirtualMachineInstance mutating webhook does to a VMI on CREATE.

Mirrors ``pkg/virt-api/webhooks/mutating-webhook/mutators/vmi-mutator.go`` (KubeVirt d923fdb8),
``VMIsMutator.Mutate`` on CREATE, after its ``ValidateSchema`` (in
``krmfn.kubevirt.virt_api.vmi_create``) and the decoding of the request
(``get_vmi_from_admission_review``):

1. ``applyPresets`` (``krmfn.kubevirt.virt_api.mutators.preset``): an error is an HTTP 422 answer
   with its message;
2. ``ApplyNewVMIMutations``: ``defaults.SetDefaultVirtualMachineInstance``
   (``krmfn.kubevirt.defaults.defaults.set_default_virtual_machine_instance``; its error is a 400,
   ``ToAdmissionResponseError``), then ``setDefaultPciTopologyVersion`` on the VMI's metadata when
   ``SupportsPCIeHotplug`` (both in ``krmfn.kubevirt.virt_api.mutators.vm_mutator``), the
   ``alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity`` annotation (empty) for a VMI with
   ``isolateEmulatorThread`` when the KubeVirt CR carries it and ``AlignCPUs`` is enabled, the
   ``kubevirt.io/qgs-socket-path`` annotation (the cluster's QGS socket path) on a TDX VMI, and
   ``markAsNonroot`` (``status.runtimeUser: 107``) unless the ``Root`` gate is enabled;
3. the ``kubevirt.io/foregroundDeleteVirtualMachine`` finalizer, appended, and
   ``status.phase: Pending``;
4. the deprecation warning when any annotation key contains ``virtualmachinepreset``.

Not reproduced: the ``status.phaseTransitionTimestamps`` entry KubeVirt appends (its time is the
webhook's clock), the Go encoding of the answer (canonical quantities, empty structs written), and
the UPDATE path (status changes reverted for users other than KubeVirt's service accounts). The
input VMI is never changed: the mutated VMI is a copy.
"""
from __future__ import annotations


from krmfn.kubevirt.apimachinery.gozero import child, clone
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.defaults.defaults import set_default_virtual_machine_instance
from krmfn.kubevirt.virt_api.mutators.preset import apply_presets
from krmfn.kubevirt.virt_api.mutators.vm_mutator import set_default_pci_topology_version, supports_pcie_hotplug
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.record import field, record

PRESET_DEPRECATION_WARNING = ("kubevirt.io/v1 VirtualMachineInstancePresets is now deprecated and will be "
                              "removed in v2.")
EMULATOR_THREAD_COMPLETE_TO_EVEN_PARITY = "alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity"
QGS_SOCKET_PATH_ANNOTATION = "kubevirt.io/qgs-socket-path"
VIRTUAL_MACHINE_INSTANCE_FINALIZER = "kubevirt.io/foregroundDeleteVirtualMachine"
NON_ROOT_USER = 107
PENDING = "Pending"
HTTP_BAD_REQUEST = 400
HTTP_UNPROCESSABLE_ENTITY = 422


@record
class VMIMutation:
    """The webhook's answer: the mutated VMI (a copy), its warnings, and on a rejection the
    message and HTTP code (422 for a preset error, 400 for a defaults error)."""

    vmi: dict
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    code: int | None = None


def get_vmi_from_admission_review(vmi: dict, schema: schemas.Obj,
                                  report: schemas.SchemaReport | None = None) -> tuple[str, str] | None:
    """``webhookutils.GetVMIFromAdmissionReview`` (pkg/util/webhooks/webhooks.go), which ``Mutate``
    calls after its ``ValidateSchema``: ``json.Unmarshal`` of the request's object into a
    ``v1.VirtualMachineInstance``; its error (the message and the field it names) is the webhook's
    answer (``ToAdmissionResponseError``). ``VirtualMachineInstanceSpec.UnmarshalJSON`` decodes the
    spec into its own ``VMISpecAlias``, so an error in the spec names that and the path below
    ``spec`` (golden ``vmi/r7001-0045``: ``json: cannot unmarshal number -2 into Go struct field
    VMISpecAlias.domain.cpu.cores of type uint32``); a quantity ``Quantity.UnmarshalJSON`` refuses
    answers with its bare error (golden ``vmi/r7001-0087``). ``report``: the schema gate's walk of
    the same VMI with ``go_decoding``, which spares this one's walk when it found nothing."""
    if report is not None:
        return schemas.go_decode_failure_of(report, vmi, schema, kinds.VIRTUAL_MACHINE_INSTANCE)
    return schemas.go_decode_failure(vmi, schema, kinds.VIRTUAL_MACHINE_INSTANCE)


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _annotations(vmi: dict) -> dict:
    return child(child(vmi, "metadata"), "annotations")


def apply_new_vmi_mutations(vmi: dict, config: ClusterConfig) -> str | None:
    """``ApplyNewVMIMutations`` on the VMI (a private copy); the defaults' error message."""
    error = set_default_virtual_machine_instance(config, vmi)
    if error is not None:
        return error
    spec = vmi["spec"]
    if supports_pcie_hotplug(spec):
        set_default_pci_topology_version(vmi)
    domain = _dict(spec.get("domain"))
    if _dict(domain.get("cpu")).get("isolateEmulatorThread") is True and \
            config.emulator_thread_complete_to_even_parity and config.align_cpus_enabled():
        _annotations(vmi)[EMULATOR_THREAD_COMPLETE_TO_EVEN_PARITY] = ""
    if _dict(domain.get("launchSecurity")).get("tdx") is not None and config.qgs_socket_path:
        _annotations(vmi)[QGS_SOCKET_PATH_ANNOTATION] = config.qgs_socket_path
    if not config.root_enabled():
        child(vmi, "status")["runtimeUser"] = NON_ROOT_USER  # markAsNonroot
    return None


def mutate_vmi(vmi: dict, presets: list[dict], config: ClusterConfig) -> VMIMutation:
    """``VMIsMutator.Mutate`` on CREATE. ``presets`` are the bundle's
    VirtualMachineInstancePresets (namespaces set); those of the VMI's namespace apply."""
    mutated = clone(vmi)
    error = apply_presets(mutated, presets)
    if error is not None:
        return VMIMutation(mutated, error=error, code=HTTP_UNPROCESSABLE_ENTITY)
    error = apply_new_vmi_mutations(mutated, config)
    if error is not None:
        return VMIMutation(mutated, error=error, code=HTTP_BAD_REQUEST)
    metadata = child(mutated, "metadata")
    finalizers = metadata.get("finalizers")
    metadata["finalizers"] = (list(finalizers) if isinstance(finalizers, list) else []) + [
        VIRTUAL_MACHINE_INSTANCE_FINALIZER]
    child(mutated, "status")["phase"] = PENDING
    annotations = _dict(metadata.get("annotations"))
    warnings = [PRESET_DEPRECATION_WARNING] if any("virtualmachinepreset" in key for key in annotations) else []
    return VMIMutation(mutated, warnings)
