"""virt-operator's validating webhook for a KubeVirt CR UPDATE
(``kubevirt-update-validator.kubevirt.io``), its first step only.

Mirrors ``pkg/virt-operator/webhooks/kubevirt-update-admitter.go`` ``KubeVirtUpdateAdmitter.Admit``
as far as ``webhookutils.ValidateSchema(v1.KubeVirtGroupVersionKind, ...)``: the same OpenAPI gate
as the CREATE webhook's (stage ``validating-webhook/openapi-schema``). A bundle reaches it when it
writes the stored KubeVirt CR a second time (the same namespace and name): ``kubectl apply`` then
updates that object instead of creating one. The checks after the gate (customized components,
certificates, guest memory overhead, migrations, TLS, infra and workload placement, ...) compare
the new CR with the stored one and read the cluster's nodes: not ported, so such an update is
admitted once it passes the gate.
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.util.webhooks import Admission, AdmissionWarning
from krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter import validate_schema_error


def admit_kubevirt_update(obj: dict, schema: schemas.Obj, warnings: list[AdmissionWarning]) -> Admission | None:
    """``Admit``'s schema gate: the rejection, or None (the later checks are not ported)."""
    return validate_schema_error(obj, schema, warnings)
