"""The instance type validating webhook (docs/kubevirt/admission.md#instance-type-admission).

Mirrors ``pkg/instancetype/webhooks/admitter.go`` (``InstancetypeAdmitter`` and
``ClusterInstancetypeAdmitter``; both kinds share the rules and messages):

* the object is decoded into the typed Go struct (a decoding error answers with its bare message);
* ``ValidateInstanceTypeSpec`` accumulates the causes of both rules;
* an allowed object gets the ``launchSecurity`` deprecation warning (since v1.9:
  ``KubevirtVersion.warns_instancetype_launch_security``).

A ``v1beta2`` object (krmfn's own version) is decoded with its schema and must also keep v1beta2
rule 1: ``cpu.guest`` or ``cpu.topology``, not both (``krmfn.kubevirt.instancetype.v1beta2``).

The webhook's own OpenAPI check is a no-op for these kinds (docs/kubevirt/admission.md#instance-type-admission); the
API server's schema checks live in ``krmfn.kubevirt.apiserver.create``.
"""
from __future__ import annotations

from krmfn.kubevirt.instancetype import v1beta2
from krmfn.kubevirt.bundle import V1BETA2, semantics_version
from krmfn.kubevirt.apimachinery.gozero import ptr_set
import krmfn.kubevirt.apiserver.schema as schemas
from krmfn.model import kinds
from krmfn.model.kubevirt_version import DEFAULT as DEFAULT_KUBEVIRT_VERSION, KubevirtVersion
from krmfn.kubevirt.util.webhooks import (
    CAUSE_FIELD_VALUE_INVALID,
    REASON_DEPRECATED_FIELD,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    AdmissionWarning,
    Cause,
    allow,
    reject_message,
    reject_webhook,
)

PERCENT_RANGE_FMT = "%s '%d': must be in range between 0 and 100."
OVERCOMMIT_WITH_HUGEPAGES_FMT = "%s and %s should not be requested together."
DEPRECATED_LAUNCH_SECURITY_WARNING = (
    "launchSecurity is deprecated and will be removed in a future release. Use preference instead."
)
SPEC_PATH = "spec"


def _section(spec: dict, key: str) -> dict:
    value = spec.get(key)
    return value if isinstance(value, dict) else {}


def _overcommit_percent(memory: dict) -> int:
    """``Memory.OvercommitPercent`` (a Go ``int``): 0 when unset."""
    value = memory.get("overcommitPercent")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    return int(value)


def validate_memory_overcommit_percent_setting(path: str, spec: dict) -> list[Cause]:
    percent = _overcommit_percent(_section(spec, "memory"))
    if 0 <= percent <= 100:
        return []
    field = f"{path}.memory.overcommitPercent"
    return [Cause(field, PERCENT_RANGE_FMT % (field, percent), CAUSE_FIELD_VALUE_INVALID)]


def validate_memory_overcommit_percent_no_hugepages(path: str, spec: dict) -> list[Cause]:
    memory = _section(spec, "memory")
    if _overcommit_percent(memory) == 0 or not ptr_set(memory.get("hugepages")):
        return []
    field = f"{path}.memory.overcommitPercent"
    message = OVERCOMMIT_WITH_HUGEPAGES_FMT % (field, f"{path}.memory.hugepages")
    return [Cause(field, message, CAUSE_FIELD_VALUE_INVALID)]


def validate_instancetype_spec(spec: dict, path: str = SPEC_PATH) -> list[Cause]:
    """``ValidateInstanceTypeSpec``: every rule's causes, in order."""
    return (validate_memory_overcommit_percent_setting(path, spec)
            + validate_memory_overcommit_percent_no_hugepages(path, spec))


def deprecated_field_warnings(spec: dict, version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION,
                              ) -> list[AdmissionWarning]:
    """``checkForDeprecatedFields``: ``launchSecurity`` present, even ``{}`` (none before v1.9)."""
    if not version.warns_instancetype_launch_security or not ptr_set(spec.get("launchSecurity")):
        return []
    return [AdmissionWarning(DEPRECATED_LAUNCH_SECURITY_WARNING, REASON_DEPRECATED_FIELD, "spec.launchSecurity")]


def admit_instancetype(obj: dict, version: KubevirtVersion = DEFAULT_KUBEVIRT_VERSION) -> Admission:
    """The webhook's answer for a CREATE of a (cluster) instance type that passed the API server."""
    is_v1beta2 = semantics_version(obj) == V1BETA2
    schema = schemas.INSTANCETYPE_V1BETA2 if is_v1beta2 else schemas.INSTANCETYPE
    decode_failure = schemas.go_decode_failure(obj, schema, kinds.VIRTUAL_MACHINE_INSTANCETYPE)
    if decode_failure is not None:
        return reject_message(STAGE_VALIDATING_WEBHOOK, decode_failure[0], located=decode_failure[1])
    spec = obj.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    causes = validate_instancetype_spec(spec)
    if is_v1beta2:
        causes += [Cause(path, message, CAUSE_FIELD_VALUE_INVALID, v1beta2.RULE_REASONS)
                   for path, message in v1beta2.instancetype_causes(spec)]
    if causes:
        return reject_webhook(STAGE_VALIDATING_WEBHOOK, causes)
    return allow(deprecated_field_warnings(spec, version))
