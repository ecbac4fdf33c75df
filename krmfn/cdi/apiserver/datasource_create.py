"""The CREATE chain of a DataSource, in the order a cluster runs it.

No single CDI file: CDI installs no webhook for DataSources, so the API server's stages are the
whole chain (``krmfn.kubevirt.apiserver.create``, docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``cdi.kubevirt.io`` serves ``v1beta1``;
2. ``kube-apiserver/field-validation``: strict field validation, ``status`` included (the CRD has
   no status subresource: the status is stored as written);
3. ``kube-apiserver/crd-schema``: ObjectMeta, then the schema (``spec.source`` required; a
   ``pvc``, ``snapshot`` or ``dataSource`` source with its ``name`` and ``namespace``)
   (``krmfn.cdi.apiserver.cdi_schema``).

A DataSource the chain admits is what a DataVolume's ``sourceRef`` finds
(``krmfn.cdi.apiserver.datavolume_create``).
"""
from __future__ import annotations

from krmfn.cdi.apiserver.cdi_schema import DATA_SOURCE_RESOURCE
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.util.webhooks import Admission, allow
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig


def admit_data_source(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the DataSource ``obj``; ``namespace`` is the request namespace
    of an object without one."""
    del items, config  # nothing is looked up, and no KubeVirt setting counts
    return apiserver.admit_before_webhooks(obj, DATA_SOURCE_RESOURCE, namespace) or allow()
