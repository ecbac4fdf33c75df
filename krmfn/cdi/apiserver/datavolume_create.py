"""The CREATE chain of a DataVolume, in the order a cluster runs it.

No single CDI file: the API server and CDI's two DataVolume webhooks
(docs/kubevirt/admission.md#stages-of-a-create):

1. ``kube-apiserver/api-discovery``: ``cdi.kubevirt.io`` serves ``v1beta1``;
2. ``kube-apiserver/field-validation``: strict field validation against the CRD schema, ``status``
   included (``krmfn.cdi.apiserver.cdi_schema``);
3. ``mutating-webhook/datavolume-mutator``: ``krmfn.cdi.apiserver.webhooks.datavolume_mutate`` on
   the object in its namespace: Go's decoding (``json_unmarshal_error``: a wrong JSON type is found
   here, before the schema), then the clone authorization, which GETs a ``sourceRef`` DataSource;
4. ``kube-apiserver/crd-schema``: the status subresource drops ``status``, then ObjectMeta and the
   CRD schema;
5. ``validating-webhook``: ``krmfn.cdi.apiserver.webhooks.datavolume_validate`` on the object as
   stored, which GETs the PersistentVolumeClaim of the DataVolume's name.

The bundle is the cluster the webhooks read: a DataSource or a claim is the first object of
``items`` of that kind, a served version, name and namespace (``krmfn.kubevirt.bundle.find_stored``),
wherever it stands in the bundle; a DataSource counts only if its own chain admits it
(``krmfn.cdi.apiserver.datasource_create``). What a bundle cannot tell (the clone source's
namespace exists, the creator may clone across namespaces) is assumed (docs/cdi.md#what-krmfn-assumes).
"""
from __future__ import annotations

from krmfn.cdi.api.core.v1beta1.authorize_utils import DataSourceGetter, GetError
from krmfn.cdi.apiserver.cdi_schema import CDI_VERSIONS, DATA_VOLUME, DATA_VOLUME_RESOURCE, json_unmarshal_error
from krmfn.cdi.apiserver.crd_create import get_error, in_namespace
from krmfn.cdi.apiserver.datasource_create import admit_data_source
from krmfn.cdi.apiserver.webhooks.datavolume_mutate import mutate_data_volume_create
from krmfn.cdi.apiserver.webhooks.datavolume_validate import ClaimGetter, validate_data_volume_create
from krmfn.kubevirt import bundle as bundles
from krmfn.kubevirt.apiserver import create as apiserver
from krmfn.kubevirt.apiserver import schema as schemas
from krmfn.kubevirt.storage.admitters.crd_create import as_stored
from krmfn.kubevirt.util.webhooks import Admission
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.model import kinds

CLAIM_VERSIONS = frozenset({"v1"})


def data_source_getter(items: list, namespace: str, config: ClusterConfig) -> DataSourceGetter:
    """A GET of a DataSource in the bundle, as the mutating webhook's client makes it."""

    def get(source_namespace: str, name: str) -> dict | GetError:
        error = get_error(source_namespace, name)
        if error is not None:
            return GetError(error)
        found = bundles.find_stored(items, kinds.DATA_SOURCE, kinds.CDI_GROUP, CDI_VERSIONS, source_namespace, name,
                                    namespace)
        if found is None or not admit_data_source(found, items, namespace, config).allowed:
            return GetError(bundles.not_found_message(kinds.DATA_SOURCE, name), not_found=True)
        return in_namespace(found, namespace)

    return get


def claim_getter(items: list, namespace: str) -> ClaimGetter:
    """A GET of a PersistentVolumeClaim in the bundle (None: NotFound)."""

    def get(claim_namespace: str, name: str) -> dict | None:
        return bundles.find_stored(items, kinds.PERSISTENT_VOLUME_CLAIM, "", CLAIM_VERSIONS, claim_namespace, name,
                                   namespace)

    return get


def admit_data_volume(obj: dict, items: list, namespace: str, config: ClusterConfig) -> Admission:
    """The verdict of a CREATE of the DataVolume ``obj``; ``items`` is the bundle (the cluster),
    ``namespace`` the request namespace of an object without one."""
    resource = DATA_VOLUME_RESOURCE
    rejected = apiserver.discovery_error(obj, resource)
    if rejected is not None:
        return rejected
    rejected = apiserver.field_validation_error(obj, resource, [], schemas.check(obj, resource.schema))
    if rejected is not None:
        return rejected
    request = in_namespace(obj, namespace)
    verdict = mutate_data_volume_create(request, namespace, data_source_getter(items, namespace, config),
                                        json_unmarshal_error(request, DATA_VOLUME))
    if not verdict.allowed:
        return verdict
    stored = as_stored(obj, namespace)
    rejected = apiserver.crd_schema_error(stored, resource, namespace, [], schemas.check(stored, resource.schema))
    if rejected is not None:
        return rejected
    return validate_data_volume_create(stored, claim_getter(items, namespace))
