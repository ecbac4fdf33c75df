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
   missing template, ``ValidateVirtualMachineInstanceMetadata`` (reserved labels, the ignition and
   sidecar annotations behind their gates), ``validateGraceIOVirtualizationAnnotations`` and
   ``ValidateVirtualMachineInstanceSpec`` (so far ``validateIOThreadsPolicy``; the rest not ported
   yet), the
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
VALID_IO_THREADS_POLICIES = ("shared", "auto", "supplementalPool")
IO_THREADS_POLICY_SUPPLEMENTAL_POOL = "supplementalPool"
INVALID_IO_THREADS_POLICY_FMT = "Invalid IOThreadsPolicy (%s)"
# Oddities kept: the message says "dedicated policy" and the path "ioThreads.count".
IO_THREADS_COUNT_REQUIRED = "the number of iothreads needs to be set and positive for the dedicated policy"
# restrictedVmiLabels: only KubeVirt's own service accounts may set them.
RESTRICTED_VMI_LABELS = frozenset({"kubevirt.io/created-by", "kubevirt.io/migrationJobUID", "kubevirt.io/nodeName",
                                   "kubevirt.io/migrationTargetNodeName", "kubevirt.io/schedulable",
                                   "kubevirt.io/install-strategy"})
RESERVED_LABELS = "creation of the following reserved kubevirt.io/ labels on a VMI object is prohibited"
# (annotation, the feature gate it needs, message with the annotation's path)
GATED_ANNOTATIONS = (
    ("kubevirt.io/ignitiondata", "ExperimentalIgnitionSupport",
     "ExperimentalIgnitionSupport feature gate is not enabled in kubevirt-config, invalid entry %s"),
    ("hooks.kubevirt.io/hookSidecars", "Sidecar",
     "sidecar feature gate is not enabled in kubevirt-config, invalid entry %s"),
)
RUNNING_AND_RUN_STRATEGY = ("Running and RunStrategy are mutually exclusive. Note that Running is deprecated, "
                            "please use RunStrategy instead")
RUN_STRATEGY_REQUIRED = "RunStrategy must be specified"
INVALID_RUN_STRATEGY_FMT = "Invalid RunStrategy (%s)"
RUN_STRATEGY_GATE_FMT = "Invalid RunStrategy (%s), %s feature gate is not enabled in kubevirt resource"


def admit_remaining(vm: dict, config: ClusterConfig,
                    applied: tuple[dict | None, dict | None] = (None, None)) -> Admission | None:
    """The rejection of the general VM checks of a CREATE, or None when they pass. ``applied``: the
    (instance type spec, preference spec) the instance type part applied without conflict."""
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
    causes = validate_virtual_machine_spec(spec, config, applied)
    if causes:
        return reject_webhook(STAGE_REMAINING_VM_CHECKS, causes)
    return None


def validate_virtual_machine_spec(spec: dict, config: ClusterConfig,
                                  applied: tuple[dict | None, dict | None] = (None, None)) -> list[Cause]:
    """``ValidateVirtualMachineSpec`` (the parts ported so far), field ``spec``."""
    template = spec.get("template")
    if template is None:
        return [Cause("spec.template", MISSING_TEMPLATE, CAUSE_FIELD_VALUE_REQUIRED)]
    metadata = template.get("metadata") if isinstance(template, dict) else None
    template_spec = template.get("spec") if isinstance(template, dict) else None
    return (validate_virtual_machine_instance_metadata(metadata if isinstance(metadata, dict) else {}, applied, config)
            + validate_io_threads_policy(template_spec if isinstance(template_spec, dict) else {}, applied[0])
            + validate_data_volume_template("spec", spec) + validate_run_strategy(spec, config))


def validate_io_threads_policy(template_spec: dict, it_spec: dict | None) -> list[Cause]:
    """``validateIOThreadsPolicy`` on the domain after ``ApplyToVM``: the VM's own
    ``ioThreadsPolicy`` and ``ioThreads.supplementalPoolThreadCount``, else the instance type's (it
    fills only what the VM leaves unset; both set was a conflict). Neither the preference nor the
    defaults write them."""
    raw_domain = template_spec.get("domain")
    domain: dict = raw_domain if isinstance(raw_domain, dict) else {}
    it = it_spec if isinstance(it_spec, dict) else {}
    policy = domain.get("ioThreadsPolicy")
    if policy is None:
        policy = it.get("ioThreadsPolicy")
    if policy is None:
        return []
    causes = []
    if policy not in VALID_IO_THREADS_POLICIES:
        causes.append(Cause("spec.template.spec.domain.ioThreadsPolicy", INVALID_IO_THREADS_POLICY_FMT % (policy,),
                            CAUSE_FIELD_VALUE_INVALID))
    count = _pool_thread_count(domain)
    if count is None:
        count = _pool_thread_count(it)
    if policy == IO_THREADS_POLICY_SUPPLEMENTAL_POOL and (not isinstance(count, int) or count < 1):
        causes.append(Cause("spec.template.spec.domain.ioThreads.count", IO_THREADS_COUNT_REQUIRED,
                            CAUSE_FIELD_VALUE_INVALID))
    return causes


def _pool_thread_count(holder: dict) -> object:
    io_threads = holder.get("ioThreads")
    return io_threads.get("supplementalPoolThreadCount") if isinstance(io_threads, dict) else None


def _annotation(key: str, metadata: dict, applied: tuple[dict | None, dict | None]) -> object:
    """A template annotation after ``ApplyToVM``: the VM's own, else the instance type's, else the
    preference's (neither overwrites, and a differing instance type value was a conflict)."""
    for source in (metadata.get("annotations"), *((spec or {}).get("annotations") for spec in applied)):
        if isinstance(source, dict) and key in source:
            return source[key]
    return ""


def validate_virtual_machine_instance_metadata(metadata: dict, applied: tuple[dict | None, dict | None],
                                               config: ClusterConfig) -> list[Cause]:
    """``ValidateVirtualMachineInstanceMetadata`` on ``spec.template.metadata``, for a user's
    request (not one of KubeVirt's own service accounts)."""
    field = "spec.template.metadata"
    causes = []
    labels = metadata.get("labels")
    if isinstance(labels, dict) and any(label in RESTRICTED_VMI_LABELS for label in labels):
        causes.append(Cause(f"{field}.labels", RESERVED_LABELS, CAUSE_FIELD_VALUE_NOT_SUPPORTED))
    for annotation, gate, message in GATED_ANNOTATIONS:
        if _annotation(annotation, metadata, applied) != "" and not config.feature_gate_enabled(gate):
            causes.append(Cause(f"{field}.annotations", message % f"{field}.annotations.{annotation}",
                                CAUSE_FIELD_VALUE_INVALID))
    return causes


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
