"""``ValidateSchema`` of ``pkg/util/webhooks/webhooks.go``: a KubeVirt webhook's own OpenAPI check.

The VM and VMI webhooks (mutating and validating) first check the request's object against the
OpenAPI definitions of KubeVirt's Go types; a failure answers with kube-openapi's bare messages,
one cause each, and stops the webhook. ``report`` is ``schemas.check(obj, schema,
scalar_defaults=True)`` (``krmfn.kubevirt.apiserver.schema``).
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver.schema import REQUIRED, SchemaReport, decodable
from krmfn.kubevirt.util.webhooks import (
    STAGE_MUTATING_SCHEMA,
    Admission,
    AdmissionWarning,
    Cause,
    passed_over,
    reject_webhook,
)


SPEC = "spec"
SPEC_REQUIRED = "spec in body is required"
# The type validator's answer for an absent spec (``ValidateSpec`` of ``obj["spec"]``, nil).
SPEC_NULL = 'spec in body must be of type object: "null"'


def forbidden_property(path: str) -> str:
    """kube-openapi's message for an unknown field at ``path`` (a top-level one reads ``.<name>``)."""
    return f"{path if '.' in path else '.' + path} in body is a forbidden property"


def schema_gate_error(report: SchemaReport, warnings: list[AdmissionWarning],
                      stage: str = STAGE_MUTATING_SCHEMA) -> Admission | None:
    """The webhook's rejection at ``stage``, or None when the object passes its schema.

    ``report`` is the object's walk against a schema whose ``spec`` is required. A missing spec (or
    a null one: the API server prunes it) gets two causes: ``Validate``'s own ``Required("spec")``,
    then the answer of ``ValidateSpec`` for the absent value (realworld VMI ``windows-10``)."""
    if not report.errors:
        return None
    causes: list[Cause] = []
    for error in report.errors:
        causes.append(Cause("", error.openapi_message(), located=error.path))
        if error.code == REQUIRED and error.path == SPEC:
            causes.append(Cause("", SPEC_NULL, located=SPEC))
    return passed_over(reject_webhook(stage, causes, warnings), decodable(report))


def spec_required_error(obj: dict, warnings: list[AdmissionWarning],
                        stage: str = STAGE_MUTATING_SCHEMA) -> Admission | None:
    """``ValidateSchema`` of a kind whose spec has no OpenAPI definition under the name
    ``Validator.ValidateSpec`` looks up (``"v1." + Kind + "Spec"``; the definitions of
    ``clone.kubevirt.io/v1beta1`` are named ``v1beta1.*``): the empty schema it validates with
    accepts any spec, so only ``Validate``'s own ``Required("spec")`` is left (a null spec is pruned
    by the API server before). Unknown top-level fields never get here: the API server's strict
    field validation refused them."""
    if obj.get(SPEC) is not None:
        return None
    return reject_webhook(stage, [Cause("", SPEC_REQUIRED, located=SPEC)], warnings)
