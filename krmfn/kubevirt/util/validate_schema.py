"""``ValidateSchema`` of ``pkg/util/webhooks/webhooks.go``: a KubeVirt webhook's own OpenAPI check.

The VM and VMI webhooks (mutating and validating) first check the request's object against the
OpenAPI definitions of KubeVirt's Go types; a failure answers with kube-openapi's bare messages,
one cause each, and stops the webhook. ``report`` is ``schemas.check(obj, schema,
scalar_defaults=True)`` (``krmfn.kubevirt.apiserver.schema``).
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver.schema import SchemaReport, decodable
from krmfn.kubevirt.util.webhooks import (
    STAGE_MUTATING_SCHEMA,
    Admission,
    AdmissionWarning,
    Cause,
    passed_over,
    reject_webhook,
)


def forbidden_property(path: str) -> str:
    """kube-openapi's message for an unknown field at ``path`` (a top-level one reads ``.<name>``)."""
    return f"{path if '.' in path else '.' + path} in body is a forbidden property"


def schema_gate_error(report: SchemaReport, warnings: list[AdmissionWarning],
                      stage: str = STAGE_MUTATING_SCHEMA) -> Admission | None:
    """The webhook's rejection at ``stage``, or None when the object passes its schema."""
    if not report.errors:
        return None
    causes = [Cause("", error.openapi_message(), located=error.path) for error in report.errors]
    return passed_over(reject_webhook(stage, causes, warnings), decodable(report))
