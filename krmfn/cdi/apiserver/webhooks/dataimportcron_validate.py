"""The DataImportCron validating webhook on CREATE (``dataimportcron-validate.cdi.kubevirt.io``).

Mirrors ``pkg/apiserver/webhooks/dataimportcron-validate.go`` (CDI v1.64.0),
``dataImportCronValidatingWebhook.Admit`` and ``validateDataImportCronSpec``, in their order:

1. ``json.Unmarshal`` into the typed DataImportCron: Go's error, a bare message (``decode_error``);
2. ``validateNameLength``: a name longer than 63 bytes (a DNS-1035 label's limit; the API server
   allows 253), "Name cannot be longer than 63 characters", no field;
3. the template's source: a ``registry`` or a ``pvc`` ("Missing source", ``spec.Template``);
4. the template may not set ``sourceRef``, ``contentType``, ``checkpoints`` or ``finalCheckpoint``;
5. the template's spec as a DataVolume's (``validate_data_volume_spec`` of
   ``krmfn.cdi.apiserver.webhooks.datavolume_validate``, its fields under ``Template``);
6. ``schedule`` (when not empty) must parse as a standard cron schedule
   (``krmfn.cdi.vendor.robfig_cron``); a ``TZ=`` prefix without a space makes the parser panic:
   krmfn's own cause ``TIMEZONE_PANIC_MESSAGE`` (reason ``KUBEVIRT_CRASH``, reported by the
   ``kubevirt-crash`` check), not a message CDI writes;
7. ``importsToKeep`` not negative, ``garbageCollect`` ``Never`` or ``Outdated``,
   ``managedDataSource`` not empty and at most 63 bytes.

Each step answers with one cause and stops (the template step with its own causes). The CRD
schema requires ``schedule``, ``managedDataSource`` and ``template`` before the webhook runs.
UPDATE (the spec is immutable) is not ported.
"""
from __future__ import annotations

from krmfn.cdi.apiserver.webhooks.datavolume_validate import validate_data_volume_spec, validate_name_length
from krmfn.cdi.apiserver.webhooks.handler import to_admission_response_error, to_rejected_admission_response
from krmfn.cdi.apiserver.webhooks.util import child, dict_at, invalid, string_at
from krmfn.cdi.controller.common.util import name_of
from krmfn.cdi.vendor.robfig_cron import TIMEZONE_PANIC, parse_standard_error
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, STAGE_VALIDATING_WEBHOOK, Admission, Cause, allow
from krmfn.model.reasons import KUBEVIRT_CRASH

DNS1035_LABEL_MAX_LENGTH = 63
GARBAGE_COLLECT_NEVER = "Never"
GARBAGE_COLLECT_OUTDATED = "Outdated"
UNSETTABLE_MESSAGE = "Unsettable fields: SourceRef, ContentType, Checkpoints, FinalCheckpoint"
# krmfn's report where CDI's webhook crashes (docs/kubevirt/README.md#questions-the-source-leaves-open).
TIMEZONE_PANIC_MESSAGE = ("a TZ= or CRON_TZ= schedule without a space cannot be parsed (CDI's webhook panics: "
                          "slice bounds out of range)")


def _schedule_cause(schedule: str, field: str) -> Cause | None:
    if schedule == "":
        return None
    error = parse_standard_error(schedule)
    if error == TIMEZONE_PANIC:
        return Cause(child(field, "Schedule"), TIMEZONE_PANIC_MESSAGE, CAUSE_FIELD_VALUE_INVALID,
                     frozenset({KUBEVIRT_CRASH}))
    return invalid(child(field, "Schedule"), "Illegal cron schedule") if error is not None else None


def validate_data_import_cron_spec(spec: dict, field: str) -> list[Cause]:
    """``validateDataImportCronSpec``: the causes of the first failing step."""
    template_spec = dict_at(dict_at(spec, "template"), "spec")
    source = template_spec.get("source")
    if not isinstance(source, dict) or (source.get("registry") is None and source.get("pvc") is None):
        return [invalid(child(field, "Template"), "Missing source")]
    checkpoints = template_spec.get("checkpoints")
    if (template_spec.get("sourceRef") is not None or string_at(template_spec, "contentType") != ""
            or (isinstance(checkpoints, list) and checkpoints) or template_spec.get("finalCheckpoint") is True):
        return [invalid(child(field, "Template"), UNSETTABLE_MESSAGE)]
    causes = validate_data_volume_spec(template_spec, "Template")
    if causes:
        return causes
    cause = _schedule_cause(string_at(spec, "schedule"), field)
    if cause is not None:
        return [cause]
    imports_to_keep = spec.get("importsToKeep")
    if isinstance(imports_to_keep, (int, float)) and imports_to_keep < 0:
        return [invalid(child(field, "ImportsToKeep"), "Illegal ImportsToKeep value")]
    garbage_collect = spec.get("garbageCollect")
    if garbage_collect is not None and garbage_collect not in (GARBAGE_COLLECT_NEVER, GARBAGE_COLLECT_OUTDATED):
        return [invalid(child(field, "GarbageCollect"), "Illegal GarbageCollect value")]
    managed = string_at(spec, "managedDataSource")
    if managed == "":
        return [invalid(child(field, "ManagedDataSource"), "Illegal ManagedDataSource value")]
    cause = validate_name_length(managed, DNS1035_LABEL_MAX_LENGTH)
    return [cause] if cause is not None else []


def validate_data_import_cron_create(cron: dict, decode_error: tuple[str, str] | None = None) -> Admission:
    """``dataImportCronValidatingWebhook.Admit`` for a CREATE of ``cron`` (as stored);
    ``decode_error``: Go's decoding error and the field it names."""
    if decode_error is not None:
        return to_admission_response_error(STAGE_VALIDATING_WEBHOOK, *decode_error)
    cause = validate_name_length(name_of(cron), DNS1035_LABEL_MAX_LENGTH)
    if cause is not None:
        return to_rejected_admission_response(STAGE_VALIDATING_WEBHOOK, [cause])
    causes = validate_data_import_cron_spec(dict_at(cron, "spec"), "spec")
    return to_rejected_admission_response(STAGE_VALIDATING_WEBHOOK, causes) if causes else allow()
