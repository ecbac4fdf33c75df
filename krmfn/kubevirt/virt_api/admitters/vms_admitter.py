"""The VM validating webhook after the instance type part: KubeVirt's general VM checks (the
golden corpus's stage ``validating-webhook/remaining-vm-checks``).

Mirrors ``VMsAdmitter.Admit`` in ``pkg/virt-api/webhooks/validating-webhook/admitters/vms-admitter.go``
(d923fdb8) from the point where the preference requirements have passed. It reads ``vmCopy``: the
template with the instance type and preference applied and ``SetDefaultVirtualMachineInstanceSpec``
run (``krmfn.kubevirt.instancetype.webhooks.vm.AdmittedCopy``). On a CREATE it runs, each group answering
with its causes (at most 10, ``ToAdmissionResponse``) and stopping the chain:

1. ``featuregate.ValidateFeatureGates`` on the VM's own template spec: an enabled discontinued gate
   whose API the VM uses (``krmfn.kubevirt.virt_config.featuregate``);
2. ``netadmitter.ValidateCreation`` on the copy: the discontinued interface bindings
   (``krmfn.kubevirt.network.admitter.discontinued``);
3. ``ValidateVirtualMachineSpec`` on the copy: a missing template,
   ``ValidateVirtualMachineInstanceMetadata`` (reserved labels, the ignition and sidecar annotations
   behind their gates), ``validateGraceIOVirtualizationAnnotations``,
   ``ValidateVirtualMachineInstanceSpec`` (``krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec``), the
   dataVolumeTemplates (``krmfn.kubevirt.storage.admitters.data_volume_template``),
   ``validateRunStrategy`` and ``validateLiveUpdateFeatures``;
4. ``storageadmitters.Admit`` on the VM as sent (``krmfn.kubevirt.storage.admitters.vm_storage_admitter``).

``validateVolumeRequests`` reads ``status.volumeRequests``, which the API server drops on CREATE.
"""
from __future__ import annotations

from krmfn.kubevirt.bundle import DEFAULT_NAMESPACE
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.virt_config.featuregate import DECENTRALIZED_LIVE_MIGRATION, discontinued_in_use
from krmfn.kubevirt.network.admitter.discontinued import validate_discontinued_bindings
from krmfn.kubevirt.storage.admitters.data_volume_template import validate_data_volume_template
from krmfn.kubevirt.virt_api.admitters.live_update import validate_live_update_features
from krmfn.kubevirt.storage.admitters.vm_storage_admitter import admit_vm_storage
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter._access import has_gpus_or_host_devices
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.metadata import validate_virtual_machine_instance_metadata
from krmfn.kubevirt.virt_api.admitters.vmi_create_admitter.spec import in_area, validate_virtual_machine_instance_spec
from krmfn.model.reasons import area, needs_feature_gate
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_REQUIRED,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    STAGE_REMAINING_VM_CHECKS,
    Admission,
    Cause,
    reject_webhook,
)

# validRunStrategies; WaitAsReceiver needs the DecentralizedLiveMigration gate.
VALID_RUN_STRATEGIES = ("Halted", "Manual", "Always", "RerunOnFailure", "Once")
RUN_STRATEGY_WAIT_AS_RECEIVER = "WaitAsReceiver"
AREA_FEATURE_GATES = frozenset({area("feature-gates")})
MISSING_TEMPLATE = "missing virtual machine template."
RUNNING_AND_RUN_STRATEGY = ("Running and RunStrategy are mutually exclusive. Note that Running is deprecated, "
                            "please use RunStrategy instead")
RUN_STRATEGY_REQUIRED = "RunStrategy must be specified"
INVALID_RUN_STRATEGY_FMT = "Invalid RunStrategy (%s)"
RUN_STRATEGY_GATE_FMT = "Invalid RunStrategy (%s), %s feature gate is not enabled in kubevirt resource"


def admit_remaining(vm: dict, template_spec: dict, template_metadata: dict, config: ClusterConfig,
                    namespace: str = DEFAULT_NAMESPACE) -> Admission | None:
    """The rejection of the general VM checks of a CREATE, or None when they pass.
    ``template_spec``, ``template_metadata``: the admitted copy (``AdmittedCopy``); ``namespace``:
    the VM's (its own, else the request namespace)."""
    raw_spec = vm.get("spec")
    spec: dict = raw_spec if isinstance(raw_spec, dict) else {}
    own_template = spec.get("template")
    own_spec = own_template.get("spec") if isinstance(own_template, dict) else None
    gate_causes = [Cause("", message, CAUSE_FIELD_VALUE_NOT_SUPPORTED, AREA_FEATURE_GATES)
                   for message in discontinued_in_use(config.feature_gates,
                                                      own_spec if isinstance(own_spec, dict) else {})]
    if gate_causes:
        return reject_webhook(STAGE_REMAINING_VM_CHECKS, gate_causes)
    network_causes = validate_discontinued_bindings("spec", template_spec, config.kubevirt_version)
    if network_causes:
        return reject_webhook(STAGE_REMAINING_VM_CHECKS, in_area("network", network_causes))
    causes = validate_virtual_machine_spec(spec, template_spec, template_metadata, config)
    if causes:
        return reject_webhook(STAGE_REMAINING_VM_CHECKS, causes)
    causes = admit_vm_storage(vm, config, namespace)
    if causes:
        return reject_webhook(STAGE_REMAINING_VM_CHECKS, in_area("storage", causes))
    return None


def _grace_io_virtualization_annotations(field: str, spec: dict, metadata: dict, config: ClusterConfig) -> list[Cause]:
    """``validateGraceIOVirtualizationAnnotations``: nothing to check without GPUs and host devices,
    so that its module loads only with a spec that has one."""
    if not has_gpus_or_host_devices(spec):
        return []
    from krmfn.kubevirt.virt_api.admitters.grace_io_virtualization import (  # noqa: PLC0415 - see the doc
        validate_grace_io_virtualization_annotations,
    )
    return validate_grace_io_virtualization_annotations(field, spec, metadata, config)


def validate_virtual_machine_spec(spec: dict, template_spec: dict, template_metadata: dict,
                                  config: ClusterConfig, field: str = "spec") -> list[Cause]:
    """``ValidateVirtualMachineSpec`` on ``vmCopy.Spec`` at ``field``: ``spec`` is the VM's own
    spec (everything but the template is unchanged in the copy). A VirtualMachinePool's webhook
    runs it on the pool's template spec as written (``field`` `spec.virtualMachineTemplate.spec`)."""
    if spec.get("template") is None:
        return [Cause(f"{field}.template", MISSING_TEMPLATE, CAUSE_FIELD_VALUE_REQUIRED, frozenset({area("template")}))]
    grace_io = (_grace_io_virtualization_annotations(f"{field}.template.metadata", template_spec,
                                                     template_metadata, config)
                if config.kubevirt_version.validates_grace_io else [])
    return (in_area("metadata", validate_virtual_machine_instance_metadata(template_metadata, config,
                                                                          f"{field}.template.metadata"))
            + in_area("devices", grace_io)
            + validate_virtual_machine_instance_spec(f"{field}.template.spec", template_spec, config)
            + in_area("storage", validate_data_volume_template(field, spec))
            + in_area("run-strategy", validate_run_strategy(spec, config, field))
            + in_area("live-update", validate_live_update_features(field, template_spec, config)))


def validate_run_strategy(spec: dict, config: ClusterConfig, field: str = "spec") -> list[Cause]:
    """``validateRunStrategy``: exactly one of ``running`` and ``runStrategy``, and a known strategy.
    A null value is an absent one (Go's nil pointer)."""
    running, strategy = spec.get("running"), spec.get("runStrategy")
    causes = []
    if running is not None and strategy is not None:
        causes.append(Cause(f"{field}.running", RUNNING_AND_RUN_STRATEGY, CAUSE_FIELD_VALUE_INVALID))
    if running is None and strategy is None:
        causes.append(Cause(f"{field}.running", RUN_STRATEGY_REQUIRED, CAUSE_FIELD_VALUE_INVALID))
    if strategy is None:
        return causes
    if strategy == RUN_STRATEGY_WAIT_AS_RECEIVER:
        if not config.feature_gate_enabled(DECENTRALIZED_LIVE_MIGRATION):
            message = RUN_STRATEGY_GATE_FMT % (strategy, DECENTRALIZED_LIVE_MIGRATION)
            causes.append(Cause(f"{field}.runStrategy", message, CAUSE_FIELD_VALUE_INVALID,
                                needs_feature_gate(DECENTRALIZED_LIVE_MIGRATION)))
    elif strategy not in VALID_RUN_STRATEGIES:
        causes.append(Cause(f"{field}.runStrategy", INVALID_RUN_STRATEGY_FMT % (strategy,), CAUSE_FIELD_VALUE_INVALID))
    return causes
