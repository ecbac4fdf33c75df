"""VirtualMachine admission: the instance type and preference parts of a CREATE
(docs/kubevirt/admission.md#vm-mutating-webhook, #vm-validating-webhook).

Mirrors, in chain order:

* ``pkg/virt-api/webhooks/mutating-webhook/mutators/vm-mutator.go``: the schema gate
  (``ValidateSchema``), then ``pkg/instancetype/webhooks/vm/mutator.go``: matcher validation
  (``validateInstancetypeMatcher`` / ``validatePreferenceMatcher``, docs/kubevirt/admission.md#matcher-validation),
  inference (docs/kubevirt/admission.md#inference, ``krmfn.kubevirt.instancetype.infer``) and the preferred
  architecture (docs/kubevirt/admission.md#preference-driven-mutations), then ``pkg/defaults/defaults.go``
  ``setDefaultArchitectureFromDataSource``;
* the API server's ObjectMeta validation;
* ``pkg/virt-api/webhooks/validating-webhook/admitters/vms-admitter.go`` up to the preference
  requirements, with ``pkg/instancetype/webhooks/vm/admitter.go`` ``ApplyToVM``: find (errors only
  logged), the spread divisibility check (docs/kubevirt/cpu-topology.md#divisibility-check), apply on a copy
  (conflicts, docs/kubevirt/conflicts.md#validating-webhook-format), ``SetDefaultVirtualMachineInstanceSpec`` on the
  copy, the requirements (docs/kubevirt/requirements.md#preference-requirements).

krmfn's v1beta2 rules (``krmfn.kubevirt.instancetype.v1beta2``) extend the chain: the schema knows
``domain.cpu.guest`` when the VM's instance type (or, without one, preference) is v1beta2, the spread
check also covers the vCPUs a VM supplies, and apply and the requirements follow the v1beta2 rules.

The rest of the validating webhook (networks, storage, feature gates, run strategy, ...) follows:
``admit_vm`` runs ``krmfn.kubevirt.virt_api.admitters.vms_admitter`` after the preference
requirements. Nothing here mutates the input VM: the validating webhook's copy is a clone of the
template spec and metadata only.
"""
from __future__ import annotations

import marshal

from krmfn.model import kinds
from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.instancetype.apply.vmi import apply_instancetype, apply_vm_vcpus
from krmfn.kubevirt.bundle import V1BETA1, V1BETA2, Bundle
from krmfn.kubevirt.instancetype.conflict import Conflict
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.defaults.defaults import set_default_vmi_spec
from krmfn.kubevirt.instancetype.find.instancetype import find_instancetype
from krmfn.kubevirt.instancetype.find.matcher import Resolved
from krmfn.kubevirt.instancetype.find.preference import find_preference
from krmfn.kubevirt.instancetype.find.result import Failure
from krmfn.kubevirt.apimachinery.gozero import clone, list_set, ptr_set, str_set
from krmfn.kubevirt.instancetype.infer.handler import infer_matchers
from krmfn.kubevirt.instancetype.preference.apply.vmi import apply_preference
from krmfn.kubevirt.instancetype.preference.requirements import find_requirement_failure
from krmfn.kubevirt.instancetype.preference.topology import check_spread_cpu_topology
from krmfn.kubevirt.apiserver import create as apiserver
import krmfn.kubevirt.apiserver.schema as schemas
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    CAUSE_FIELD_VALUE_NOT_FOUND,
    CAUSE_FIELD_VALUE_NOT_SUPPORTED,
    REASON_DEPRECATED_FIELD,
    STAGE_INSTANCETYPE_APPLY,
    STAGE_INSTANCETYPE_MUTATOR,
    STAGE_PREFERENCE_REQUIREMENTS,
    STAGE_SET_DEFAULTS,
    STAGE_VM_MUTATOR,
    Admission,
    AdmissionWarning,
    Cause,
    allow,
    go_quote,
    reject,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.apiserver.vm_schema import VIRTUAL_MACHINE, vm_schema
from krmfn.kubevirt.util.validate_schema import schema_gate_error
from krmfn.kubevirt.virt_api.admitters.vms_admitter import admit_remaining
from krmfn.model.reasons import KUBEVIRT_CRASH
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.model.record import field, record

VM_RESOURCE = apiserver.CustomResource(
    kind=kinds.VIRTUAL_MACHINE,
    group=kinds.KUBEVIRT_GROUP,
    versions=frozenset({"v1", "v1alpha3"}),
    namespaced=True,
    schema=VIRTUAL_MACHINE,
    deprecated={"v1alpha3": "kubevirt.io/v1alpha3 is now deprecated and will be removed in a future release."},
)
BASE_PATH = "spec.template.spec"
RUNNING_DEPRECATED_WARNING = "spec.running is deprecated, please use spec.runStrategy instead."
IGNORE_FIND_FAILURE_FMT = "ignoring err {} when looking for {}"
IGNORE_DATASOURCE_FAILURE_FMT = "ignoring failure to find datasource during vm mutation: {}"
IGNORE_UNKNOWN_ARCH_FMT = "ignoring unknown architecture {} provided by DataSource {} in namespace {}"
INFERENCE_FAILED_LOG = {"instancetype": "admission failed, unable to set default instancetype",
                        "preference": "admission failed, unable to set default preference"}
TEMPLATE_ARCH_LABEL = "template.kubevirt.io/architecture"
KNOWN_ARCHITECTURES = ("amd64", "arm64", "s390x")
IGNORE_POLICY = "Ignore"
REJECT_POLICY = "Reject"
# krmfn's report where KubeVirt's validating webhook crashes
# (docs/kubevirt/README.md#questions-the-source-leaves-open, golden preference-fields/cpu-features-crash-no-cpu): the
# VM is not admitted.
CPU_FEATURES_PANIC = ("preferredCPUFeatures cannot be applied to a VM without an instance type and without "
                      "spec.template.spec.domain.cpu (KubeVirt's webhook panics: nil pointer dereference)")


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


# What net/http logs for a handler's panic; the connection closes, so the API server's call fails.
NIL_TEMPLATE_PANIC_LOG = ("vm-mutator.go setFirmwareDefaultsIfEmpty: runtime error: invalid memory address or nil "
                          "pointer dereference (spec.template is nil)")


def template_panic(warnings: list[AdmissionWarning]) -> Admission:
    """Where the chain stops for a VM without ``spec.template``: only looking past the schema gate,
    which requires it, gets here, and the VM mutator then dereferences the nil template on CREATE
    (``setFirmwareDefaultsIfEmpty``), so no later stage answers (realworld veps video VEP: a VM
    without a spec gets no ``missing virtual machine template.``). No cause: a cluster never gives
    one, and the schema gate's causes already tell the user what to fix."""
    return Admission(False, [], STAGE_VM_MUTATOR, warnings, [NIL_TEMPLATE_PANIC_LOG])


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _template_spec(vm: dict) -> dict:
    return _dict(_dict(_dict(vm.get("spec")).get("template")).get("spec"))


# ---------------------------------------------------------------------------------------------
# Mutating webhook: matcher validation (docs/kubevirt/admission.md#matcher-validation)
# ---------------------------------------------------------------------------------------------
def matcher_causes(matcher: object, matcher_key: str, matcher_type: str) -> list[Cause]:
    """``validateInstancetypeMatcher`` / ``validatePreferenceMatcher`` for one present matcher.

    matcher_key: ``instancetype`` or ``preference``; matcher_type: ``InstancetypeMatcher`` or
    ``PreferenceMatcher`` (as named in the first message).
    """
    matcher = _dict(matcher)
    name, infer = _str(matcher.get("name")), _str(matcher.get("inferFromVolume"))
    causes: list[Cause] = []
    if not name and not infer:
        causes.append(Cause(f"spec.{matcher_key}",
                            f"Either Name or InferFromVolume should be provided within the {matcher_type}",
                            CAUSE_FIELD_VALUE_NOT_FOUND))
    if infer:
        if name:
            causes.append(Cause(f"spec.{matcher_key}.name",
                                "Name already set, should be cleared before setting inferFromVolume",
                                CAUSE_FIELD_VALUE_NOT_SUPPORTED))
        if _str(matcher.get("kind")):
            causes.append(Cause(f"spec.{matcher_key}.kind",
                                "Kind already set, should be cleared before setting inferFromVolume",
                                CAUSE_FIELD_VALUE_NOT_SUPPORTED))
    policy = matcher.get("inferFromVolumeFailurePolicy")
    if policy is not None and policy not in (IGNORE_POLICY, REJECT_POLICY):
        causes.append(Cause(f"spec.{matcher_key}.inferFromVolumeFailurePolicy",
                            f"Invalid value '{policy}' for InferFromVolumeFailurePolicy",
                            CAUSE_FIELD_VALUE_INVALID))
    return causes


def validate_matchers(vm: dict) -> list[Cause]:
    """The mutator answers with the instance type matcher's causes before looking at the
    preference matcher (golden ``admission/vm-both-policies-invalid``)."""
    spec = _dict(vm.get("spec"))
    for matcher_key, matcher_type in (("instancetype", "InstancetypeMatcher"), ("preference", "PreferenceMatcher")):
        if spec.get(matcher_key) is not None:
            causes = matcher_causes(spec[matcher_key], matcher_key, matcher_type)
            if causes:
                return causes
    return []


# ---------------------------------------------------------------------------------------------
# Mutating webhook: architecture (docs/kubevirt/admission.md#preference-driven-mutations)
# ---------------------------------------------------------------------------------------------
def _datasource_templates(vm: dict) -> list[dict]:
    """dataVolumeTemplates whose sourceRef kind is ``datasource`` (case-insensitive)."""
    templates = []
    for template in _dict(vm.get("spec")).get("dataVolumeTemplates") or ():
        source_ref = _dict(_dict(_dict(template).get("spec")).get("sourceRef"))
        if source_ref and _str(source_ref.get("kind")).lower() == "datasource":
            templates.append(template)
    return templates


def _get_data_source(bundle: Bundle, namespace: str, name: str) -> dict | str:
    refused = bundles.request_name_error(name)
    if refused is not None:
        return refused
    found = bundle.get(kinds.DATA_SOURCE, namespace, name) if namespace else None
    return found if found is not None else bundles.not_found_message(kinds.DATA_SOURCE, name)


def architecture_from_data_sources(vm: dict, bundle: Bundle, namespace: str, logs: list[str]) -> str:
    """``setDefaultArchitectureFromDataSource``: the first valid ``template.kubevirt.io/architecture``
    label of a DataSource a dataVolumeTemplate refers to (one nested DataSource is followed)."""
    for template in _datasource_templates(vm):
        source_ref = template["spec"]["sourceRef"]
        data_source = _get_data_source(bundle, _str(source_ref.get("namespace")) or namespace,
                                       _str(source_ref.get("name")))
        if isinstance(data_source, dict):
            nested = _dict(_dict(data_source.get("spec")).get("source")).get("dataSource")
            if nested is not None:
                nested = _dict(nested)
                data_source = _get_data_source(bundle, _str(nested.get("namespace")), _str(nested.get("name")))
        if isinstance(data_source, str):
            logs.append(IGNORE_DATASOURCE_FAILURE_FMT.format(data_source))
            continue
        metadata = _dict(data_source.get("metadata"))
        labels = _dict(metadata.get("labels"))
        if TEMPLATE_ARCH_LABEL not in labels:
            continue
        arch = labels[TEMPLATE_ARCH_LABEL]
        if arch in KNOWN_ARCHITECTURES:
            return arch
        logs.append(IGNORE_UNKNOWN_ARCH_FMT.format(arch, _str(metadata.get("name")),
                                                   bundle.namespace_of(data_source)))
    return ""


def mutated_architecture(vm: dict, bundle: Bundle, namespace: str, logs: list[str]) -> str:
    """The architecture the mutator stores where the VM has none, when it differs from what the
    validating webhook's own apply and defaults give: only a DataSource label can (the
    preference's ``preferredArchitecture`` is applied again on the copy). "" for none."""
    if str_set(_template_spec(vm).get("architecture")) or not _datasource_templates(vm):
        return ""
    preference = find_preference(vm, bundle, namespace)
    if isinstance(preference, Resolved) and str_set(preference.spec.get("preferredArchitecture")):
        return ""
    return architecture_from_data_sources(vm, bundle, namespace, logs)


@record
class Mutation:
    """What the mutating webhook stored, as far as the validating webhook's verdict depends on it."""

    vm: dict
    architecture: str = ""
    logs: list[str] = field(default_factory=list)


def mutate(vm: dict, bundle: Bundle, namespace: str,
           version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> Mutation | Admission:
    """The instancetype mutator (docs/kubevirt/admission.md#vm-mutating-webhook) and the architecture default: a
    Mutation, or the rejection.

    The mutator leaves a VM with ``metadata.deletionTimestamp`` alone. (The API server clears that
    field on CREATE only afterwards, so the validating webhook does check such a VM.)
    """
    if _dict(vm.get("metadata")).get("deletionTimestamp") is not None:
        return Mutation(vm)
    causes = validate_matchers(vm)
    if causes:
        return reject_webhook(STAGE_INSTANCETYPE_MUTATOR, causes)
    outcome = infer_matchers(vm, bundle, namespace, version)
    if outcome.failure is not None:
        matcher_key = "preference" if outcome.failure.path and outcome.failure.path.startswith("spec.preference") \
            else "instancetype"
        return reject_message(STAGE_INSTANCETYPE_MUTATOR, outcome.failure.message,
                              logs=[INFERENCE_FAILED_LOG[matcher_key]])
    logs: list[str] = []
    architecture = mutated_architecture(outcome.vm, bundle, namespace, logs)
    return Mutation(outcome.vm, architecture, logs)


# ---------------------------------------------------------------------------------------------
# Validating webhook (docs/kubevirt/admission.md#vm-validating-webhook)
# ---------------------------------------------------------------------------------------------
def _without_status(vm: dict) -> dict:
    """The API server drops ``status`` on CREATE (status subresource) before the validating
    webhook runs, so status refs are never used there (golden ``resolution/rev-status-ref-dangling``)."""
    return {k: v for k, v in vm.items() if k != "status"} if "status" in vm else vm


def _find(found: Resolved | Failure | None, what: str, logs: list[str]) -> Resolved | None:
    if isinstance(found, Failure):
        logs.append(IGNORE_FIND_FAILURE_FMT.format(go_quote(found.message), what))
        return None
    return found


def _copy(value: dict) -> dict:
    """A deep copy of JSON-like data; marshal is a C round trip, ``clone`` covers other types
    (for example timestamps a YAML loader produced)."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return clone(value)


def _template_copy(vm: dict, architecture: str) -> tuple[dict, dict]:
    """The validating webhook's deep copy, limited to T and M (nothing else is written)."""
    template = _dict(_dict(vm.get("spec")).get("template"))
    template_spec = _copy(template["spec"]) if isinstance(template.get("spec"), dict) else {}
    template_metadata = _copy(template["metadata"]) if isinstance(template.get("metadata"), dict) else {}
    if architecture and not str_set(template_spec.get("architecture")):
        template_spec["architecture"] = architecture
    return template_spec, template_metadata


def _panics_on_cpu_features(it_spec: dict | None, pf_spec: dict, template_spec: dict) -> bool:
    cpu_preferences = _dict(pf_spec.get("cpu"))
    domain = _dict(template_spec.get("domain"))
    return it_spec is None and list_set(cpu_preferences.get("preferredCPUFeatures")) and not ptr_set(domain.get("cpu"))


def spread_conflict(it_spec: dict | None, pf_spec: dict | None, template_spec: dict,
                    it_version: str = V1BETA1) -> Conflict | None:
    """The spread divisibility check (docs/kubevirt/cpu-topology.md#divisibility-check) of whichever side supplies the
    vCPUs: KubeVirt's for an instance type's guest; none for a v1beta2 topology, which no preference changes; the
    VM's ``domain.cpu.guest`` when it supplies them (v1beta2)."""
    if it_spec is None:
        return v1beta2.vm_spread_conflict(pf_spec, template_spec)  # None without a VM guest
    if it_version != V1BETA2:
        return check_spread_cpu_topology(it_spec, pf_spec)
    field = v1beta2.vcpus_field(it_spec)
    if field == "guest":
        return check_spread_cpu_topology(it_spec, pf_spec)
    return None if field else v1beta2.vm_spread_conflict(pf_spec, template_spec)


def _conflict_causes(conflicts: list[Conflict]) -> list[Cause]:
    return [Cause(c.dotted, c.error(), CAUSE_FIELD_VALUE_INVALID, c.reasons) for c in conflicts]


def apply_on_copy(it_spec: dict | None, pf_spec: dict | None, template_spec: dict,
                  template_metadata: dict, it_version: str = V1BETA1,
                  version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> Admission | None:
    """``ApplyToVM`` after find: the spread check, then the instance type and the preference.
    ``it_version``: the instance type's rules version (v1beta2: krmfn's optional guest).
    """
    spread = spread_conflict(it_spec, pf_spec, template_spec, it_version)
    if spread is not None:
        return reject_webhook(STAGE_INSTANCETYPE_APPLY, _conflict_causes([spread]))
    if it_spec is not None:
        conflicts = apply_instancetype(Conflict.from_path(BASE_PATH), it_spec, pf_spec,
                                       template_spec, template_metadata, it_version)
        if conflicts:
            return reject_webhook(STAGE_INSTANCETYPE_APPLY, _conflict_causes(conflicts))
    elif v1beta2.vm_guest(template_spec) is not None:
        conflicts = apply_vm_vcpus(Conflict.from_path(BASE_PATH), pf_spec, template_spec)
        if conflicts:
            return reject_webhook(STAGE_INSTANCETYPE_APPLY, _conflict_causes(conflicts))
    if pf_spec is not None:
        if _panics_on_cpu_features(it_spec, pf_spec, template_spec):
            return reject_webhook(STAGE_INSTANCETYPE_APPLY,
                                  [Cause(BASE_PATH + ".domain.cpu", CPU_FEATURES_PANIC, CAUSE_FIELD_VALUE_INVALID,
                                         frozenset({KUBEVIRT_CRASH}))])
        apply_preference(pf_spec, template_spec, template_metadata, version)
    return None


def validate_instancetype_parts(mutation: Mutation, bundle: Bundle, namespace: str,
                                config: ClusterConfig) -> Admission | AdmittedCopy:
    """The instance type steps of ``VMsAdmitter.Admit`` on the stored VM
    (docs/kubevirt/admission.md#vm-validating-webhook steps 2-4): the rejection, or the copy the general VM checks
    read (``vms_admitter``)."""
    logs = list(mutation.logs)
    stored = _without_status(mutation.vm)
    instancetype = _find(find_instancetype(stored, bundle, namespace), "instance type", logs)
    preference = _find(find_preference(stored, bundle, namespace), "preference", logs)
    it_spec = instancetype.spec if instancetype is not None else None
    pf_spec = preference.spec if preference is not None else None
    it_version = instancetype.version if instancetype is not None else V1BETA1
    template_spec, template_metadata = _template_copy(stored, mutation.architecture)
    if it_spec is not None or pf_spec is not None:
        rejected = apply_on_copy(it_spec, pf_spec, template_spec, template_metadata, it_version,
                                 config.kubevirt_version)
        if rejected is not None:
            rejected.logs = logs
            return rejected
    rejected = _later_steps(it_spec, pf_spec, template_spec, it_version, config, logs)
    if rejected is not None:
        rejected.conflict_free = (it_spec, pf_spec)  # applied without conflict all the same
        return rejected
    return AdmittedCopy(template_spec, template_metadata, (it_spec, pf_spec), logs)


@record
class AdmittedCopy:
    """``vmCopy`` of ``VMsAdmitter.Admit`` once the instance type part has passed: the template
    spec and metadata with the instance type and preference applied and
    ``SetDefaultVirtualMachineInstanceSpec`` run, the (instance type spec, preference spec)
    applied without conflict, and what KubeVirt logged on the way."""

    template_spec: dict
    template_metadata: dict
    conflict_free: tuple[dict | None, dict | None]
    logs: list[str]


def _later_steps(it_spec: dict | None, pf_spec: dict | None, template_spec: dict, it_version: str,
                 config: ClusterConfig, logs: list[str]) -> Admission | None:
    """SetDefaultVirtualMachineInstanceSpec, then the preference requirements: the rejection, or
    None."""
    error = set_default_vmi_spec(config, template_spec)
    if error is not None:
        return reject_message(STAGE_SET_DEFAULTS, error, logs=logs)
    failure = find_requirement_failure(it_spec, pf_spec, template_spec, it_version)
    if failure is not None:
        cause = Cause(failure.field, failure.message, CAUSE_FIELD_VALUE_NOT_FOUND)
        return reject(STAGE_PREFERENCE_REQUIREMENTS, [cause], logs=logs)
    return None


# ---------------------------------------------------------------------------------------------
# The chain
# ---------------------------------------------------------------------------------------------
def accepts_vm_guest(vm: dict, bundle: Bundle, namespace: str,
                     version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> bool:
    """Whether the VM sets ``domain.cpu.guest`` and may (v1beta2 rule 6), judged on the VM as the
    mutating webhook would store it (matchers inferred where possible)."""
    if not v1beta2.vm_has_guest(vm):
        return False
    stored = _without_status(vm)
    inferred = infer_matchers(stored, bundle, namespace, version)
    if inferred.failure is None:
        stored = inferred.vm
    return v1beta2.guest_accepted(v1beta2.resolved_version(find_instancetype(stored, bundle, namespace)),
                                  v1beta2.resolved_version(find_preference(stored, bundle, namespace)))


def admit_vm(vm: dict, bundle: Bundle, namespace: str = bundles.DEFAULT_NAMESPACE,
             config: ClusterConfig | None = None) -> Admission:
    """The CREATE chain of one VM: up to the preference requirements (golden ``validation``), then
    the general VM checks ported so far (``vms_admitter``; golden ``admission``).

    ``bundle`` is the cluster (built with the rejected instance types and preferences absent);
    ``namespace`` is the request namespace used when the VM has none.
    """
    config = config or ClusterConfig()
    rejected = apiserver.discovery_error(vm, VM_RESOURCE)
    if rejected is not None:
        return rejected
    warnings = apiserver.deprecation_warnings(vm, VM_RESOURCE)
    vm_namespace = bundles.object_namespace(vm, namespace)
    schema = vm_schema(config.kubevirt_version, accepts_vm_guest(vm, bundle, vm_namespace, config.kubevirt_version))
    report = schemas.check(vm, schema, scalar_defaults=True, go_decoding=True)
    rejected = (apiserver.field_validation_error(vm, VM_RESOURCE, warnings, report)
                or schema_gate_error(report, warnings))
    if rejected is not None:
        return rejected
    # vm-mutator.go Mutate: GetVMFromAdmissionReview decodes the VM (its template's spec into its
    # own VMISpecAlias: krmfn.kubevirt.apiserver.schema.go_decode_failure) before anything else; the
    # schema gate's walk above has judged the decoding too, so a VM that decodes is not walked again.
    failure = schemas.go_decode_failure_of(report, vm, schema, kinds.VIRTUAL_MACHINE)
    if failure is not None:
        return reject_message(STAGE_VM_MUTATOR, failure[0], warnings, located=failure[1])
    mutation = mutate(vm, bundle, vm_namespace, config.kubevirt_version)
    if isinstance(mutation, Admission):
        mutation.warnings = warnings
        return mutation
    if not isinstance(_dict(mutation.vm.get("spec")).get("template"), dict):
        return template_panic(warnings)
    # The CRD schema equals the webhook's schema gate for the modelled parts: only ObjectMeta is left.
    rejected = apiserver.crd_schema_error(vm, VM_RESOURCE, namespace, warnings, None)
    if rejected is not None:
        rejected.logs = mutation.logs
        return rejected
    checked = validate_instancetype_parts(mutation, bundle, vm_namespace, config)
    if isinstance(checked, AdmittedCopy):
        verdict = admit_remaining(vm, checked.template_spec, checked.template_metadata, config,
                                  vm_namespace) or allow()
        verdict.logs, verdict.conflict_free = checked.logs, checked.conflict_free
    else:
        verdict = checked
    verdict.warnings = warnings + verdict.warnings
    running = _dict(vm.get("spec")).get("running")
    if verdict.allowed and running is not None:
        verdict.warnings.append(AdmissionWarning(RUNNING_DEPRECATED_WARNING, REASON_DEPRECATED_FIELD, "spec.running",
                                                 running, {"runStrategy": "Always" if running else "Halted"}))
    return verdict
