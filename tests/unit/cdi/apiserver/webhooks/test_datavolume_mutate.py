"""``krmfn.cdi.apiserver.webhooks.datavolume_mutate``: beyond CDI's Go test."""
from __future__ import annotations

from krmfn.cdi.api.core.v1beta1.authorize_utils import GetError
from krmfn.cdi.apiserver.webhooks.datavolume_mutate import mutate_data_volume_create
from krmfn.kubevirt.util.webhooks import STAGE_DATAVOLUME_MUTATOR, reject_message

DV = {"metadata": {"name": "dv", "namespace": "lab"},
      "spec": {"sourceRef": {"kind": "DataSource", "name": "fedora"}, "storage": {}}}


def missing(namespace: str, name: str) -> GetError:
    return GetError(f'datasources.cdi.kubevirt.io "{name}" not found', not_found=True)


def test_go_decoding_comes_first() -> None:
    error = ("json: cannot unmarshal string into Go struct field DataVolumeSpec.spec.sourceRef of type "
             "v1beta1.DataVolumeSourceRef", "spec.sourceRef")
    assert mutate_data_volume_create(DV, "lab", missing, error) == reject_message(
        STAGE_DATAVOLUME_MUTATOR, error[0], located="spec.sourceRef")


def test_a_deleted_data_volume_skips_the_lookup() -> None:
    deleted = {**DV, "metadata": {**DV["metadata"], "deletionTimestamp": "2025-01-01T00:00:00Z"}}
    assert mutate_data_volume_create(deleted, "lab", missing).allowed
    assert not mutate_data_volume_create(DV, "lab", missing).allowed
