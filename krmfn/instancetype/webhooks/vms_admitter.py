"""The VM validating webhook after the instance type part: KubeVirt's general VM checks (the
golden corpus's stage ``validating-webhook/remaining-vm-checks``).

Mirrors ``VMsAdmitter.Admit`` in ``pkg/virt-api/webhooks/validating-webhook/admitters/vms-admitter.go``
(d923fdb8) from the point where the preference requirements have passed. On a CREATE it runs, each
group returning on its first causes (at most 10, ``ToAdmissionResponse``):

1. ``featuregate.ValidateFeatureGates`` on the VM's own template spec: an enabled discontinued gate
   whose API the VM uses (``krmfn.instancetype.featuregate``);
2. ``netadmitter.ValidateCreation``: the discontinued interface bindings
   (``krmfn.instancetype.webhooks.network.discontinued``);
3. ``ValidateVirtualMachineSpec`` on the VM with its instance type and preference applied: a
   missing template, then ``ValidateVirtualMachineInstanceSpec`` (not ported yet), the
   dataVolumeTemplates (``krmfn.instancetype.webhooks.storage.data_volume_template``; the instance
   type, preference and defaults never touch them or the volumes) and ``validateRunStrategy``;
4. ``storageadmitters.Admit`` and ``validateVolumeRequests``: not ported yet.

What is not ported yet admits the VM, as before: the check never rejects what KubeVirt admits.
"""
from __future__ import annotations

from krmfn.instancetype.expand.defaults import ClusterConfig
from krmfn.instancetype.featuregate import DECENTRALIZED_LIVE_MIGRATION, discontinued_in_use
from krmfn.instancetype.webhooks.network.discontinued import validate_discontinued_bindings
from krmfn.instancetype.webhooks.storage.data_volume_template import validate_data_volume_template
from krmfn.instancetype.webhooks.response import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    STAGE_REMAINING_VM_CHECKS,
    Admission,
    Cause,
    reject_webhook,
)

CAUSE_FIELD_VALUE_REQUIRED = "FieldValueRequired"
# validRunStrategies; WaitAsReceiver needs the DecentralizedLiveMigration gate.
VALID_RUN_STRATEGIES = ("Halted", "Manual", "Always", "RerunOnFailure", "Once")
RUN_STRATEGY_WAIT_AS_RECEIVER = "WaitAsReceiver"
MISSING_TEMPLATE = "missing virtual machine template."
RUNNING_AND_RUN_STRATEGY = ("Running and RunStrategy are mutually exclusive. Note that Running is deprecated, "
                            "please use RunStrategy instead")
RUN_STRATEGY_REQUIRED = "RunStrategy must be specified"
INVALID_RUN_STRATEGY_FMT = "Invalid RunStrategy (%s)"
RUN_STRATEGY_GATE_FMT = "Invalid RunStrategy (%s), %s feature gate is not enabled in kubevirt resource"


def admit_remaining(vm: dict, config: ClusterConfig) -> Admission | None:
    """The rejection of the general VM checks of a CREATE, or None when they pass."""
    raw_spec = vm.get("spec")
    spec: dict = raw_spec if isinstance(raw_spec, dict) else {}
    template = spec.get("template")
    template_spec = template.get("spec") if isinstance(template, dict) else None
    gate_causes = [Cause("", message, CAUSE_FIELD_VALUE_NOT_SUPPORTED)
                   for message in discontinued_in_use(config.feature_gates,
                                                      template_spec if isinstance(template_spec, dict) else {})]
    if gate_causes:
        return reject_webhook(STAGE_REMAINING_VM_CHECKS, gate_causes)
    # The instance type and preference never add a binding, and the defaults add only bridge or
    # masquerade: the VM's own interfaces are those of the copy KubeVirt validates.
    network_causes = validate_discontinued_bindings("spec", template_spec if isinstance(template_spec, dict) else {})
    if network_causes:
        return reject_webhook(STAGE_REMAINING_VM_CHECKS, network_causes)
    causes = validate_virtual_machine_spec(spec, config)
    if causes:
        return reject_webhook(STAGE_REMAINING_VM_CHECKS, causes)
    return None


def validate_virtual_machine_spec(spec: dict, config: ClusterConfig) -> list[Cause]:
    """``ValidateVirtualMachineSpec`` (the parts ported so far), field ``spec``."""
    if spec.get("template") is None:
        return [Cause("spec.template", MISSING_TEMPLATE, CAUSE_FIELD_VALUE_REQUIRED)]
    return validate_data_volume_template("spec", spec) + validate_run_strategy(spec, config)


def validate_run_strategy(spec: dict, config: ClusterConfig) -> list[Cause]:
    """``validateRunStrategy``: exactly one of ``running`` and ``runStrategy``, and a known strategy.
    A null value is an absent one (Go's nil pointer)."""
    running, strategy = spec.get("running"), spec.get("runStrategy")
    causes = []
    if running is not None and strategy is not None:
        causes.append(Cause("spec.running", RUNNING_AND_RUN_STRATEGY, CAUSE_FIELD_VALUE_INVALID))
    if running is None and strategy is None:
        causes.append(Cause("spec.running", RUN_STRATEGY_REQUIRED, CAUSE_FIELD_VALUE_INVALID))
    if strategy is None:
        return causes
    if strategy == RUN_STRATEGY_WAIT_AS_RECEIVER:
        if not config.feature_gate_enabled(DECENTRALIZED_LIVE_MIGRATION):
            causes.append(Cause("spec.runStrategy", RUN_STRATEGY_GATE_FMT % (strategy, DECENTRALIZED_LIVE_MIGRATION),
                                CAUSE_FIELD_VALUE_INVALID))
    elif strategy not in VALID_RUN_STRATEGIES:
        causes.append(Cause("spec.runStrategy", INVALID_RUN_STRATEGY_FMT % (strategy,), CAUSE_FIELD_VALUE_INVALID))
    return causes
