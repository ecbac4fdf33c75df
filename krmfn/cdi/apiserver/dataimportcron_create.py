"""The CREATE chain of a DataImportCron, in the order a cluster runs it.

No single CDI file: the API server and CDI's validating webhook
(docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``cdi.kubevirt.io`` serves ``v1beta1``;
2. ``kube-apiserver/field-validation``: strict field validation, ``status`` included (no status
   subresource); any field in ``spec.template.metadata`` is unknown (``krmfn.cdi.apiserver.cdi_schema``);
3. ``kube-apiserver/crd-schema``: ObjectMeta, then the schema (``spec.schedule``,
   ``spec.managedDataSource`` and ``spec.template`` required, the template's DataVolume spec, the
   ``minLength`` of ``spec.serviceAccountName``);
4. ``validating-webhook``: ``krmfn.cdi.apiserver.webhooks.dataimportcron_validate`` on the object
   in its namespace, after Go's decoding (``json_unmarshal_error``).

There is no mutating webhook, and the webhook looks nothing up.
"""
from __future__ import annotations

from krmfn.cdi.apiserver.cdi_schema import (
    DATA_IMPORT_CRON,
    DATA_IMPORT_CRON_RESOURCE,
    json_unmarshal_error,
    with_min_length_error,
)
from krmfn.cdi.apiserver.crd_create import in_namespace
from krmfn.cdi.apiserver.webhooks.dataimportcron_validate import validate_data_import_cron_create
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig


def admit_data_import_cron(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the DataImportCron ``obj``; ``namespace`` is the request
    namespace of an object without one."""
    del items, config  # the webhook GETs nothing, and no KubeVirt setting counts
    resource = DATA_IMPORT_CRON_RESOURCE
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    report = with_min_length_error(obj, schemas.check(obj, resource.schema))
    rejected = (apiserver.field_validation_error(obj, resource, [], report)
                or apiserver.crd_schema_error(obj, resource, namespace, [], report))
    if rejected is not None:
        return rejected
    stored = in_namespace(obj, namespace)
    return validate_data_import_cron_create(stored, json_unmarshal_error(stored, DATA_IMPORT_CRON))
