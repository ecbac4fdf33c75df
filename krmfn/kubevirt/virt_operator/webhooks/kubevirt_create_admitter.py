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
   created"))``, a bare message (``already_created_error``, stage ``validating-webhook``). In a
   bundle, every other KubeVirt CR of a served version is an existing one, as the webhook would
   see it; the CR is not compared with it (name, namespace, spec: any existing CR rejects it).

No semantic validation runs on CREATE (the Go file's ``TODO``): the feature gates and the
configuration are validated by the UPDATE webhook only (``kubevirt-update-admitter.go``, out of
scope). The file is the same at v1.7.4, v1.8.4 and d923fdb8.
"""
from __future__ import annotations

from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.apiserver.kubevirt_schema import KUBEVIRT_VERSIONS
from krmfn.kubevirt.util.validate_schema import schema_gate_error
from krmfn.kubevirt.util.webhooks import (
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    AdmissionWarning,
    reject_message,
)
from krmfn.model import kinds

ALREADY_CREATED = "Kubevirt is already created"


def existing_kubevirts(obj: dict, items: list) -> list[dict]:
    """The KubeVirt CRs the webhook's LIST returns: every KubeVirt CR of the bundle but ``obj``."""
    stored = bundles.list_stored(items, kinds.KUBEVIRT, kinds.KUBEVIRT_GROUP, KUBEVIRT_VERSIONS)
    return [item for item in stored if item is not obj]


def schema_gate_errors(obj: dict, schema: schemas.Obj) -> list[schemas.SchemaError]:
    """``ValidateSchema``'s errors (scalar defaults: a missing required scalar is no error)."""
    return schemas.check(obj, schema, scalar_defaults=True).errors


def admit_kubevirt_create(obj: dict, items: list, schema: schemas.Obj,
                          warnings: list[AdmissionWarning]) -> Admission | None:
    """``Admit``: the rejection, or None when the CR is admitted; ``schema`` is the release's
    KubeVirt schema, ``warnings`` the chain's so far."""
    rejected = schema_gate_error(schemas.SchemaReport(errors=schema_gate_errors(obj, schema)), warnings,
                                 STAGE_VALIDATING_SCHEMA)
    if rejected is not None:
        return rejected
    message = already_created_error(obj, items)
    return reject_message(STAGE_VALIDATING_WEBHOOK, message, warnings) if message is not None else None


def already_created_error(obj: dict, items: list) -> str | None:
    """The webhook's bare message when another KubeVirt CR exists, else None."""
    return ALREADY_CREATED if existing_kubevirts(obj, items) else None
