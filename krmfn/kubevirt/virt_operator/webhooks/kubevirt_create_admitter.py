"""virt-operator's validating webhook for a KubeVirt CR CREATE
(``kubevirt-create-validator.kubevirt.io``).

Mirrors ``pkg/virt-operator/webhooks/kubevirt-create-admitter.go`` ``kubeVirtCreateAdmitter.Admit``:

1. ``webhooks.ValidateSchema(v1.KubeVirtGroupVersionKind, ...)`` (``pkg/util/webhooks``): the
   object against the OpenAPI definitions of KubeVirt's Go types; kube-openapi's bare messages, one
   cause each (``schema_gate_errors``). These definitions carry no kubebuilder bounds and give
   every scalar a default, so after the CRD schema this gate rejects nothing the API server let
   through; it is kept for its order (stage ``validating-webhook/openapi-schema``);
2. a LIST of the KubeVirt CRs of every namespace (``k8sv1.NamespaceAll``): none, the CR is
   admitted; any, the webhook answers ``ToAdmissionResponseError(fmt.Errorf("Kubevirt is already
   created"))``, a bare message (``already_created_error``, stage ``validating-webhook``). The
   LIST returns what the cluster stores: ``stored`` is given by the CREATE chain
   (``krmfn.kubevirt.virt_operator.kubevirt_create``: the CRs of the bundle admitted before this
   one). The CR is not compared with them (name, namespace, spec: any stored CR rejects it).

No semantic validation runs on CREATE (the Go file's ``TODO``): the feature gates and the
configuration are validated by the UPDATE webhook (``krmfn.kubevirt.virt_operator.webhooks.kubevirt_update_admitter``).
The file is the same at v1.7.4, v1.8.4, v1.9.0 and d923fdb8.
"""
from __future__ import annotations

from collections.abc import Sequence

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.util.validate_schema import schema_gate_error
from krmfn.kubevirt.util.webhooks import (
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    AdmissionWarning,
    reject_message,
)

ALREADY_CREATED = "Kubevirt is already created"


def schema_gate_errors(obj: dict, schema: schemas.Obj) -> list[schemas.SchemaError]:
    """``ValidateSchema``'s errors (scalar defaults: a missing required scalar is no error)."""
    return schemas.check(obj, schema, scalar_defaults=True).errors


def validate_schema_error(obj: dict, schema: schemas.Obj, warnings: list[AdmissionWarning]) -> Admission | None:
    """``ValidateSchema``'s rejection (stage ``validating-webhook/openapi-schema``), or None."""
    return schema_gate_error(schemas.SchemaReport(errors=schema_gate_errors(obj, schema)), warnings,
                             STAGE_VALIDATING_SCHEMA)


def admit_kubevirt_create(obj: dict, stored: Sequence[dict], schema: schemas.Obj,
                          warnings: list[AdmissionWarning]) -> Admission | None:
    """``Admit``: the rejection, or None when the CR is admitted; ``stored`` is what the webhook's
    LIST returns (the KubeVirt CRs the cluster holds), ``schema`` the release's KubeVirt schema,
    ``warnings`` the chain's so far."""
    rejected = validate_schema_error(obj, schema, warnings)
    if rejected is not None:
        return rejected
    message = already_created_error(stored)
    return reject_message(STAGE_VALIDATING_WEBHOOK, message, warnings) if message is not None else None


def already_created_error(stored: Sequence[dict]) -> str | None:
    """The webhook's bare message when the LIST finds a KubeVirt CR, else None."""
    return ALREADY_CREATED if stored else None
