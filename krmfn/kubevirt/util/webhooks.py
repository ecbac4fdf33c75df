"""Admission verdicts as plain values: what the CREATE chain answers for one object.

Mirrors the response helpers of ``pkg/util/webhooks/webhooks.go`` (``ToAdmissionResponse`` with its
10-cause cap, ``ToAdmissionResponseError``) and names the stages of the chain
(docs/kubevirt/admission.md#stages-of-a-create).
"""
from __future__ import annotations

from collections.abc import Iterable
from contextvars import ContextVar

from krmfn.kubevirt.instancetype.conflict import MAX_WEBHOOK_CAUSES
from krmfn.model.findings import UNSET
from krmfn.model.reasons import NO_REASONS
from krmfn.model.record import field as record_field, record

TYPE_CHECKING = False  # typing stays unloaded at start-up (bench/README.md, "Start-up")
if TYPE_CHECKING:
    from typing import Any

# The stages of a CREATE, in order (docs/kubevirt/admission.md#stages-of-a-create).
STAGE_API_DISCOVERY = "kube-apiserver/api-discovery"
STAGE_FIELD_VALIDATION = "kube-apiserver/field-validation"
STAGE_MUTATING_SCHEMA = "mutating-webhook/openapi-schema"
STAGE_INSTANCETYPE_MUTATOR = "mutating-webhook/instancetype-mutator"
# The VMI mutating webhook: presets and defaults (a VMI is defaulted before it is validated).
STAGE_VMI_MUTATOR = "mutating-webhook/vmi-mutator"
# The VM mutating webhook's own answers outside its instancetype part: the Go decoding of the VM.
STAGE_VM_MUTATOR = "mutating-webhook/vm-mutator"
# The VirtualMachineInstanceMigration mutating webhook: the selector label and the finalizer.
STAGE_MIGRATION_MUTATOR = "mutating-webhook/migration-mutator"
# The VirtualMachineClone mutating webhook: the default target.
STAGE_CLONE_MUTATOR = "mutating-webhook/clone-mutator"
# HCO's HyperConverged mutating webhook (krmfn.hco.webhooks.mutator): the request must decode.
STAGE_HYPERCONVERGED_MUTATOR = "mutating-webhook/hyperconverged-mutator"
# CDI's DataVolume mutating webhook, datavolume-mutate.cdi.kubevirt.io (krmfn.cdi.apiserver.webhooks.handler).
STAGE_DATAVOLUME_MUTATOR = "mutating-webhook/datavolume-mutator"
STAGE_CRD_SCHEMA = "kube-apiserver/crd-schema"
# krmfn's name: a second CREATE of a name the bundle already stored.
STAGE_ALREADY_EXISTS = "kube-apiserver/already-exists"
STAGE_VALIDATING_WEBHOOK = "validating-webhook"
STAGE_VALIDATING_SCHEMA = "validating-webhook/openapi-schema"
STAGE_INSTANCETYPE_APPLY = "validating-webhook/instancetype-apply"
STAGE_SET_DEFAULTS = "validating-webhook/set-defaults"
STAGE_PREFERENCE_REQUIREMENTS = "validating-webhook/preference-requirements"
STAGE_REMAINING_VM_CHECKS = "validating-webhook/remaining-vm-checks"
# virt-template's VirtualMachineTemplate webhook (krmfn.virt_template.webhook.virtualmachinetemplate_webhook).
STAGE_VIRT_TEMPLATE_WEBHOOK = "validating-webhook/virt-template"

# metav1.CauseType values.
CAUSE_FIELD_VALUE_INVALID = "FieldValueInvalid"
CAUSE_FIELD_VALUE_NOT_FOUND = "FieldValueNotFound"
CAUSE_FIELD_VALUE_NOT_SUPPORTED = "FieldValueNotSupported"
CAUSE_FIELD_VALUE_REQUIRED = "FieldValueRequired"
CAUSE_FIELD_VALUE_DUPLICATE = "FieldValueDuplicate"
CAUSE_FIELD_VALUE_FORBIDDEN = "FieldValueForbidden"
CAUSE_FIELD_VALUE_TOO_LONG = "FieldValueTooLong"
CAUSE_FIELD_VALUE_TOO_MANY = "FieldValueTooMany"
CAUSE_TYPE_INVALID = "FieldValueTypeInvalid"


@record(frozen=True)
class Cause:
    """One status cause: ``field`` is a dotted path ("" for a bare message), ``message`` verbatim.

    ``type`` is KubeVirt's cause type where it has one (informative; the golden corpus does not
    record it). ``reasons`` (``krmfn.model.reasons``) are what krmfn knows beyond KubeVirt's
    answer, set where the cause is made; not part of the answer, so not compared.
    """

    field: str
    message: str
    type: str = ""
    reasons: frozenset[str] = record_field(default=NO_REASONS, compare=False)
    # The field a bare message names (kube-openapi's "<path> in body ...", Go's decoding error, the
    # first unknown field), set where the message is made; KubeVirt's cause has no field.
    located: str = record_field(default="", compare=False)


class AdmissionWarning(str):
    """A ``Warning:`` line as a client prints it (the string itself), plus where it points, set
    where the warning is made: ``path`` in the object, its ``current`` value and the ``proposed``
    replacement when KubeVirt names one, and a ``reason`` (``REASON_*``)."""

    reason: str
    path: str | None
    current: Any
    proposed: Any

    def __new__(cls, text: str, reason: str, path: str | None = None, current: Any = UNSET,
                proposed: Any = UNSET) -> AdmissionWarning:
        warning = super().__new__(cls, text)
        warning.reason, warning.path, warning.current, warning.proposed = reason, path, current, proposed
        return warning


# What a warning is about.
REASON_LEGACY_API_VERSION = "legacy-api-version"  # a v1alpha1/v1alpha2 instance type or preference
REASON_DEPRECATED_TOPOLOGY = "deprecated-topology"
REASON_DEPRECATED_FIELD = "deprecated-field"
REASON_DEPRECATED_API_VERSION = "deprecated-api-version"  # a kubevirt.io/v1alpha3 VM
# virt-template's webhook warnings (krmfn.virt_template.webhook): a declared parameter nothing
# references, and processing validation skipped for a required parameter without a value.
REASON_UNREFERENCED_PARAMETER = "unreferenced-template-parameter"
REASON_PROCESSING_SKIPPED = "template-processing-skipped"
TEMPLATE_WEBHOOK_WARNINGS = frozenset({REASON_UNREFERENCED_PARAMETER, REASON_PROCESSING_SKIPPED})


@record
class Admission:
    """The verdict of the CREATE chain for one object.

    ``stage`` names the stage that rejected the object (None when allowed). ``warnings`` are the
    ``Warning:`` lines a client would print, in chain order. ``logs`` are what KubeVirt only logs
    (for example a VM's instance type that cannot be found: the VM is still admitted,
    docs/kubevirt/resolution.md#missing-references); they are not part of the verdict.
    """

    allowed: bool
    causes: list[Cause] = record_field(default_factory=list)
    stage: str | None = None
    warnings: list[AdmissionWarning] = record_field(default_factory=list)
    logs: list[str] = record_field(default_factory=list)
    # The (instance type spec, preference spec) this VM's template took without conflict, when the
    # chain got that far: validate then skips the same check in its expand pass (not a verdict).
    conflict_free: tuple[dict | None, dict | None] | None = record_field(default=None, compare=False, repr=False)
    # A rejection the later stages can still read the object past (unknown fields, which the API
    # server would prune; ObjectMeta; schema values that decode): ``looking_past`` runs them.
    passable: bool = record_field(default=False, compare=False)
    # What the later stages answer once this stage's causes are fixed (``looking_past``); a
    # cluster shows only the first. Not part of the verdict.
    later: list[Admission] = record_field(default_factory=list, compare=False)

    @property
    def message(self) -> str:
        """The status message: the cause messages joined with ", " (KubeVirt's framing)."""
        return ", ".join(cause.message for cause in self.causes)


def admission_to_plain(verdict: Admission) -> dict[str, Any]:
    """The verdict as JSON-like data (``admission_from_plain`` reads it back), without
    ``conflict_free``, whose specs only mean something in this process."""
    return {"allowed": verdict.allowed, "stage": verdict.stage, "logs": verdict.logs,
            "causes": [[c.field, c.message, c.type, sorted(c.reasons), c.located] for c in verdict.causes],
            "warnings": [_warning_to_plain(w) for w in verdict.warnings], "passable": verdict.passable,
            "later": [admission_to_plain(later) for later in verdict.later]}


def admission_from_plain(plain: dict[str, Any]) -> Admission:
    causes = [Cause(field, message, cause_type, frozenset(reasons), located)
              for field, message, cause_type, reasons, located in plain["causes"]]
    warnings = [AdmissionWarning(w["text"], w["reason"], w["path"], w.get("current", UNSET), w.get("proposed", UNSET))
                for w in plain["warnings"]]
    return Admission(plain["allowed"], causes, plain["stage"], warnings, plain["logs"],
                     passable=plain.get("passable", False),
                     later=[admission_from_plain(later) for later in plain.get("later", ())])


def _warning_to_plain(warning: AdmissionWarning) -> dict[str, Any]:
    plain = {"text": str(warning), "reason": warning.reason, "path": warning.path}
    for key, value in (("current", warning.current), ("proposed", warning.proposed)):
        if value is not UNSET:
            plain[key] = value
    return plain


# The stages whose passable rejections the chain being run looks past (``looking_past``).
_LOOKED_PAST: ContextVar[frozenset[str]] = ContextVar("looked_past", default=frozenset())


class looking_past:  # lowercase: used as the function it was, `with looking_past(...):`
    """Within the block, a passable rejection at one of ``stages`` lets the chain go on
    (``passed_over``): how validate finds what a cluster answers once the first problems are
    fixed (docs/kubevirt/admission.md#every-problem-of-an-object). A class, not ``contextlib``
    (krmfn.model.gcpause)."""

    __slots__ = ("stages", "token")

    def __init__(self, stages: Iterable[str]) -> None:
        self.stages = frozenset(stages)

    def __enter__(self) -> None:
        self.token = _LOOKED_PAST.set(self.stages)

    def __exit__(self, *exc_info: object) -> None:
        _LOOKED_PAST.reset(self.token)


def passed_over(rejection: Admission | None, passable: bool = True) -> Admission | None:
    """A stage's answer as the chain sees it: ``rejection`` marked ``passable`` (the later stages
    can read the object past it), or None where the chain runs ``looking_past`` its stage."""
    if rejection is None or rejection.allowed:
        return rejection
    rejection.passable = passable
    return None if passable and rejection.stage in _LOOKED_PAST.get() else rejection


def allow(warnings: Iterable[AdmissionWarning] = (), logs: Iterable[str] = ()) -> Admission:
    return Admission(True, [], None, list(warnings), list(logs))


def reject(stage: str, causes: Iterable[Cause], warnings: Iterable[AdmissionWarning] = (),
           logs: Iterable[str] = ()) -> Admission:
    """A rejection listing every cause (the API server does not cap its causes)."""
    return Admission(False, list(causes), stage, list(warnings), list(logs))


def reject_message(stage: str, message: str, warnings: Iterable[AdmissionWarning] = (),
                   logs: Iterable[str] = (), located: str = "") -> Admission:
    """A rejection with a bare message (``ToAdmissionResponseError``, API discovery, strict
    decoding, schema gates, inference): one cause with an empty field, as the oracle reports it;
    ``located``: the field the message names, if it names one."""
    return reject(stage, [Cause("", message, located=located)], warnings, logs)


def reject_webhook(stage: str, causes: list[Cause], warnings: Iterable[AdmissionWarning] = (),
                   logs: Iterable[str] = ()) -> Admission:
    """``ToAdmissionResponse``: a KubeVirt webhook lists at most the first 10 causes
    (docs/kubevirt/conflicts.md#validating-webhook-format)."""
    return reject(stage, causes[:MAX_WEBHOOK_CAUSES], warnings, logs)


_SHORT_ESCAPES = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t",
                  "\v": "\\v", '"': '\\"', "\\": "\\\\"}


def go_quote(text: str) -> str:
    """Go's ``%q`` of a string (``strconv.Quote``): printable runes kept (Go's ``IsPrint`` and
    Python's ``isprintable`` take the same categories), ``\\a \\b \\f \\n \\r \\t \\v``, then
    ``\\xNN`` below U+0080, ``\\uNNNN``, ``\\UNNNNNNNN``."""
    out = []
    for char in text:
        code = ord(char)
        if char in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[char])
        elif char.isprintable():
            out.append(char)
        elif code < 0x80:
            out.append(f"\\x{code:02x}")
        elif 0xD800 <= code <= 0xDFFF:  # a lone surrogate: Go's decoder made it U+FFFD
            out.append("\ufffd")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return '"' + "".join(out) + '"'
