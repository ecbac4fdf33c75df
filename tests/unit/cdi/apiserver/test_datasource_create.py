"""``krmfn.cdi.apiserver.datasource_create``: the DataSource CREATE chain (the API server only)."""
from __future__ import annotations

from krmfn.cdi.apiserver.datasource_create import admit_data_source
from krmfn.kubevirt.util.webhooks import STAGE_CRD_SCHEMA, STAGE_FIELD_VALIDATION, Cause, allow
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig


def data_source(**extra: object) -> dict:
    return {"apiVersion": "cdi.kubevirt.io/v1beta1", "kind": "DataSource", "metadata": {"name": "fedora"},
            "spec": {"source": {"pvc": {"name": "fedora-disk", "namespace": "images"}}}, **extra}


def test_a_data_source_passes_with_its_status() -> None:
    status = {"source": {"pvc": {"name": "fedora-disk", "namespace": "images"}},
              "conditions": [{"type": "Ready", "status": "True"}]}
    assert admit_data_source(data_source(status=status), [], "default", ClusterConfig()) == allow()


def test_its_status_is_checked() -> None:
    verdict = admit_data_source(data_source(status={"conditions": [{"type": "Ready"}]}), [], "default",
                                ClusterConfig())
    assert (verdict.stage, verdict.causes) == (STAGE_CRD_SCHEMA, [Cause("status.conditions[0].status",
                                                                         "Required value")])
    verdict = admit_data_source(data_source(status={"phase": "Ready"}), [], "default", ClusterConfig())
    assert verdict.stage == STAGE_FIELD_VALIDATION
