"""The VirtualMachineExport validating webhook on CREATE
(``virtualmachineexport-validator.export.kubevirt.io``).

Mirrors ``pkg/storage/admitters/vmexport.go``: ``VMExportAdmitter.Admit`` (CREATE) as
``validate_vm_export_create``, and its ``validate<Source>Name`` and ``validate<Source>ApiGroup``
helpers (``SOURCE_RULES``). In ``Admit``'s order:

1. before v1.9 only, the VMExport feature gate: "vm export feature gate not enabled", a bare
   message (``KubevirtVersion.vm_export_needs_gate``; the gate is GA since);
2. ``json.Unmarshal`` into the typed export: a ``spec.ttlDuration`` Go cannot parse
   (``metav1.Duration``) is Go's error, a bare message;
3. by ``spec.source.kind``: the source's name must not be empty, then its API group must be the
   kind's (both causes on the name and on ``spec.source.APIGroup``, capitalised as KubeVirt names
   it); ``VirtualMachineBackup`` since v1.8 (``KubevirtVersion.exports_virtual_machine_backups``);
   ``VirtualMachineTemplate`` since v1.9 (``KubevirtVersion.exports_virtual_machine_templates``),
   first requiring the OCIExport gate and the virt-template deployment
   (``VirtTemplateDeploymentEnabled``: the Template gate, with KubeVirt's default
   ``virtTemplateDeployment``, which krmfn's ``ClusterConfig`` does not model); any other kind:
   "invalid kind" on ``spec.source.kind``.

The webhook looks nothing up: an export of a source that does not exist is admitted. UPDATE (the
spec is immutable) is not ported.
"""
from __future__ import annotations


from krmfn.kubevirt.storage.admitters.vmsnapshot import duration_decode_error, reference_of, spec_of
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
    allow,
    reject_message,
    reject_webhook,
)
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds
from krmfn.model.kubevirt_version import KubevirtVersion
from krmfn.model.record import record

VM_EXPORT_GATE = "VMExport"
VM_EXPORT_GATE_MESSAGE = "vm export feature gate not enabled"
OCI_EXPORT_GATE = "OCIExport"
TEMPLATE_GATE = "Template"
SOURCE_FIELD = "spec.source"
BACKUP_GROUP = "backup.kubevirt.io"
TEMPLATE_GROUP = "template.kubevirt.io"
VIRTUAL_MACHINE_BACKUP = "VirtualMachineBackup"
VIRTUAL_MACHINE_TEMPLATE = "VirtualMachineTemplate"
TEMPLATE_GATES_MESSAGE = (
    "VirtualMachineTemplate source requires the OCIExport feature gate and virt-template deployment to be enabled"
)


@record(frozen=True)
class SourceRule:
    """One source kind: the name's message, the API group it requires (None: missing or blank,
    the PVC's rule) and the API group's message."""

    empty_name_message: str
    api_group: str | None
    api_group_message: str


SOURCE_RULES: dict[str, SourceRule] = {
    kinds.PERSISTENT_VOLUME_CLAIM: SourceRule("PVC name must not be empty", None,
                                              "PVC API group must be missing or blank"),
    kinds.VIRTUAL_MACHINE_SNAPSHOT: SourceRule("VMSnapshot name must not be empty", kinds.SNAPSHOT_GROUP,
                                               f"VMSnapshot API group must be {kinds.SNAPSHOT_GROUP}"),
    kinds.VIRTUAL_MACHINE: SourceRule("Virtual Machine name must not be empty", kinds.KUBEVIRT_GROUP,
                                      f"VM API group must be {kinds.KUBEVIRT_GROUP}"),
    VIRTUAL_MACHINE_BACKUP: SourceRule("VirtualMachineBackup name must not be empty", BACKUP_GROUP,
                                       f"VirtualMachineBackup API group must be {BACKUP_GROUP}"),
    VIRTUAL_MACHINE_TEMPLATE: SourceRule("VirtualMachineTemplate name must not be empty", TEMPLATE_GROUP,
                                         f"VirtualMachineTemplate API group must be {TEMPLATE_GROUP}"),
}


def source_kinds(version: KubevirtVersion) -> tuple[str, ...]:
    """The source kinds a release's webhook knows, in its ``switch`` order."""
    known: tuple[str, ...] = (kinds.PERSISTENT_VOLUME_CLAIM, kinds.VIRTUAL_MACHINE_SNAPSHOT, kinds.VIRTUAL_MACHINE)
    if version.exports_virtual_machine_backups:
        known += (VIRTUAL_MACHINE_BACKUP,)
    if version.exports_virtual_machine_templates:
        known += (VIRTUAL_MACHINE_TEMPLATE,)
    return known


def validate_name(rule: SourceRule, name: object) -> list[Cause]:
    """``validate<Source>Name``: the name must not be empty."""
    if isinstance(name, str) and name:
        return []
    return [Cause(f"{SOURCE_FIELD}.name", rule.empty_name_message, CAUSE_FIELD_VALUE_INVALID)]


def validate_api_group(rule: SourceRule, api_group: object) -> list[Cause]:
    """``validate<Source>ApiGroup``: the kind's group (a PVC's: missing or blank)."""
    valid = api_group in (None, "") if rule.api_group is None else api_group == rule.api_group
    return [] if valid else [Cause(f"{SOURCE_FIELD}.APIGroup", rule.api_group_message, CAUSE_FIELD_VALUE_INVALID)]


def virt_template_deployment_enabled(config: ClusterConfig) -> bool:
    """``VirtTemplateDeploymentEnabled`` with the default ``virtTemplateDeployment`` (unset:
    enabled): the Template gate."""
    return config.feature_gate_enabled(TEMPLATE_GATE)


def source_causes(source: dict, config: ClusterConfig) -> list[Cause]:
    """The CREATE branch of ``Admit``."""
    kind = source.get("kind")
    if not isinstance(kind, str) or kind not in source_kinds(config.kubevirt_version):
        return [Cause(f"{SOURCE_FIELD}.kind", "invalid kind", CAUSE_FIELD_VALUE_INVALID)]
    if kind == VIRTUAL_MACHINE_TEMPLATE and not (
            config.feature_gate_enabled(OCI_EXPORT_GATE) and virt_template_deployment_enabled(config)):
        return [Cause(f"{SOURCE_FIELD}.kind", TEMPLATE_GATES_MESSAGE, CAUSE_FIELD_VALUE_INVALID)]
    rule = SOURCE_RULES[kind]
    return validate_name(rule, source.get("name")) + validate_api_group(rule, source.get("apiGroup"))


def validate_vm_export_create(export: dict, config: ClusterConfig) -> Admission:
    """``VMExportAdmitter.Admit`` for a CREATE of ``export`` (as the API server passes it)."""
    if config.kubevirt_version.vm_export_needs_gate and not config.feature_gate_enabled(VM_EXPORT_GATE):
        return reject_message(STAGE_VALIDATING_WEBHOOK, VM_EXPORT_GATE_MESSAGE)
    spec = spec_of(export)
    decode_error = duration_decode_error(spec, "ttlDuration")
    if decode_error is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_error, located="spec.ttlDuration")
    causes = source_causes(reference_of(spec, "source"), config)
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes) if causes else allow()
