"""The VirtualMachineClone validating webhook on CREATE (``vm-clone-validator.kubevirt.io``).

Mirrors ``pkg/virt-api/webhooks/validating-webhook/admitters/vmclone-admitter.go`` (d923fdb8, the
same in v1.8.4 and v1.7.4): ``VirtualMachineCloneAdmitter.Admit`` (``admit_vm_clone_create``) with
``validateFilters``, ``validateSourceAndTargetKind``, ``validateSource``, ``validateTarget``,
``validateNewMacAddresses`` and ``validatePatches``, in that order, every cause collected:

1. the Snapshot feature gate: "snapshot feature gate is not enabled", a bare message;
2. the four filter lists (``spec.annotations``, ``spec.labels``, ``spec.template.annotations``,
   ``spec.template.labels`` as both field and message name them): a lone ``!``, a ``!`` after the
   first character, a ``*`` before the last one;
3. the source's kind (``VirtualMachine`` or ``VirtualMachineSnapshot``) and the target's
   (``VirtualMachine``), on the Go-cased fields ``spec.Source.Kind`` and ``spec.Target.Kind``;
4. the source's apiGroup, kind and name not empty;
5. a VirtualMachine target named like its VirtualMachine source;
6. each ``newMacAddresses`` value (``link.ValidateMacAddress``), in the map's order (Go's map order
   is random: with several bad addresses the causes come in any order);
7. each patch valid JSON.

The webhook looks nothing up: a clone of a VM or snapshot that does not exist is admitted
(KubeVirt dropped those lookups before v1.7, ee83b4fcbe and 44cc21bcd1; the clone controller
waits for the source). ``items`` of the chain are therefore not read.

An empty filter string makes ``validateFilters`` slice ``filter[1:]`` of an empty string: the Go
handler panics and the clone is not admitted (the webhook's ``Fail`` failure policy). krmfn
answers with its own cause for that (``EMPTY_FILTER_PANIC``, reason ``KUBEVIRT_CRASH``, reported
by the ``kubevirt-crash`` check), not with a message KubeVirt never writes.

UPDATE (the spec is immutable) is not ported.
"""
from __future__ import annotations

import json

from krmfn.kubevirt.network.link import validate_mac_address
from krmfn.model.reasons import KUBEVIRT_CRASH
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

SNAPSHOT_GATE = "Snapshot"
SNAPSHOT_GATE_MESSAGE = "snapshot feature gate is not enabled"
# krmfn's report where KubeVirt's webhook crashes (docs/kubevirt/README.md#questions-the-source-leaves-open).
EMPTY_FILTER_PANIC = "an empty filter cannot be validated (KubeVirt's webhook panics: slice bounds out of range)"
NEGATION_CHAR = "!"
WILDCARD_CHAR = "*"
FILTER_ERROR_FMT = "{field} filter {filter} is invalid: cannot contain a {what} character ({char}); FilterRules: {rule}"
SAME_NAME_MESSAGE = "Target name cannot be equal to source name when both are VirtualMachines"
SUPPORTED_SOURCE_KINDS = (kinds.VIRTUAL_MACHINE, kinds.VIRTUAL_MACHINE_SNAPSHOT)
SUPPORTED_TARGET_KINDS = (kinds.VIRTUAL_MACHINE,)


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _strings(value: object) -> list[str]:
    return [_str(item) for item in value] if isinstance(value, list) else []


def _invalid(field: str, message: str) -> Cause:
    return Cause(field, message, CAUSE_FIELD_VALUE_INVALID)


def empty_filter_fields(spec: dict) -> list[str]:
    """The filter lists holding an empty string (the Go handler panics on it), as field paths."""
    template = _dict(spec.get("template"))
    lists = (("spec.annotationFilters", spec.get("annotationFilters")), ("spec.labelFilters", spec.get("labelFilters")),
             ("spec.template.annotationFilters", template.get("annotationFilters")),
             ("spec.template.labelFilters", template.get("labelFilters")))
    return [field for field, filters in lists if "" in _strings(filters)]


def validate_filters(filters: object, field: str) -> list[Cause]:
    """``validateFilters`` (for non-empty filters; see ``empty_filter_fields``)."""
    causes = []
    for text in _strings(filters):
        if len(text) == 1:
            if text == NEGATION_CHAR:
                causes.append(_invalid(field, "a negation character is not a valid filter"))
            continue
        if NEGATION_CHAR in text[1:]:
            causes.append(_invalid(field, FILTER_ERROR_FMT.format(
                field=field, filter=text, what="negation", char=NEGATION_CHAR,
                rule="NegationChar can be only used at the beginning of the filter")))
        if WILDCARD_CHAR in text[:-1]:
            causes.append(_invalid(field, FILTER_ERROR_FMT.format(
                field=field, filter=text, what="wildcard", char=WILDCARD_CHAR,
                rule="WildcardChar can be only at the end of the filter")))
    return causes


def validate_source_and_target_kind(spec: dict) -> list[Cause]:
    """``validateSourceAndTargetKind`` (Go's field names: ``spec.Source.Kind``)."""
    causes = []
    if _str(_dict(spec.get("source")).get("kind")) not in SUPPORTED_SOURCE_KINDS:
        causes.append(_invalid("spec.Source.Kind", "Source kind is not supported"))
    target = spec.get("target")
    if isinstance(target, dict) and _str(target.get("kind")) not in SUPPORTED_TARGET_KINDS:
        causes.append(_invalid("spec.Target.Kind", "Target kind is not supported"))
    return causes


def validate_source(spec: dict) -> list[Cause]:
    """``validateSource``."""
    source = spec.get("source")
    if not isinstance(source, dict):
        return [_invalid("spec.Source", "Source cannot be nil")]
    causes = []
    if _str(source.get("apiGroup")) == "":
        causes.append(_invalid("spec.Source.APIGroup", "Source's APIGroup cannot be empty"))
    if _str(source.get("kind")) == "":
        causes.append(_invalid("spec.Source", "Source's Kind cannot be empty"))
    if _str(source.get("name")) == "":
        causes.append(_invalid("spec.Source.Name", "Source's name cannot be empty"))
    return causes


def validate_target(spec: dict) -> list[Cause]:
    """``validateTarget``: a VirtualMachine cannot be cloned onto itself."""
    source, target = spec.get("source"), spec.get("target")
    if (isinstance(source, dict) and isinstance(target, dict)
            and _str(source.get("kind")) == kinds.VIRTUAL_MACHINE and _str(target.get("kind")) == kinds.VIRTUAL_MACHINE
            and _str(target.get("name")) == _str(source.get("name"))):
        return [_invalid("spec.target.name", SAME_NAME_MESSAGE)]
    return []


def validate_new_mac_addresses(spec: dict) -> list[Cause]:
    """``validateNewMacAddresses``."""
    causes = []
    for iface, value in _dict(spec.get("newMacAddresses")).items():
        mac = _str(value)
        if mac and validate_mac_address(mac) is not None:
            causes.append(_invalid(f"spec.newMacAddresses.{iface}",
                                   f"interface {iface} has malformed MAC address ({mac})."))
    return causes


def _json_valid(text: str) -> bool:
    """Go's ``json.Valid`` (Python's decoder also takes NaN and Infinity, which Go refuses)."""
    def refuse(constant: str) -> None:
        raise ValueError(constant)
    try:
        json.loads(text, parse_constant=refuse)
    except ValueError:
        return False
    return True


def validate_patches(spec: dict) -> list[Cause]:
    """``validatePatches``."""
    return [_invalid(f"spec.patches[{index}]", f"patch is not valid JSON ({patch})")
            for index, patch in enumerate(_strings(spec.get("patches"))) if not _json_valid(patch)]


def vm_clone_causes(clone: dict) -> list[Cause]:
    """Every cause of ``Admit`` after the gate, in its order."""
    spec = _dict(clone.get("spec"))
    template = _dict(spec.get("template"))
    return (validate_filters(spec.get("annotationFilters"), "spec.annotations")
            + validate_filters(spec.get("labelFilters"), "spec.labels")
            + validate_filters(template.get("annotationFilters"), "spec.template.annotations")
            + validate_filters(template.get("labelFilters"), "spec.template.labels")
            + validate_source_and_target_kind(spec)
            + validate_source(spec)
            + validate_target(spec)
            + validate_new_mac_addresses(spec)
            + validate_patches(spec))


def admit_vm_clone_create(clone: dict, config: ClusterConfig) -> Admission:
    """``VirtualMachineCloneAdmitter.Admit`` for a CREATE of ``clone`` (as mutated and stored)."""
    if not config.feature_gate_enabled(SNAPSHOT_GATE):
        return reject_message(STAGE_VALIDATING_WEBHOOK, SNAPSHOT_GATE_MESSAGE)
    panics = empty_filter_fields(_dict(clone.get("spec")))
    if panics:
        return reject_webhook(STAGE_VALIDATING_WEBHOOK, [Cause(field, EMPTY_FILTER_PANIC, CAUSE_FIELD_VALUE_INVALID,
                                                               frozenset({KUBEVIRT_CRASH})) for field in panics])
    causes = vm_clone_causes(clone)
    return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes) if causes else allow()
