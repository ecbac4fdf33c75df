"""``krmfn.kubevirt.virt_operator.webhooks.kubevirt_update_admitter``: the UPDATE webhook's schema gate."""
from __future__ import annotations

from krmfn.kubevirt.apiserver.kubevirt_schema import KUBEVIRT
from krmfn.kubevirt.util.webhooks import STAGE_VALIDATING_SCHEMA
from krmfn.kubevirt.virt_operator.webhooks.kubevirt_update_admitter import admit_kubevirt_update


def test_an_update_passes_the_gate_whatever_the_cluster_stores() -> None:
    update = {"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt",
              "metadata": {"name": "kubevirt", "namespace": "kubevirt"}, "spec": {}}
    assert admit_kubevirt_update(update, KUBEVIRT, []) is None


def test_the_gate_rejects_what_the_go_types_cannot_hold() -> None:
    update = {"metadata": {"name": "kubevirt"}, "spec": {"imageTag": 1}}
    verdict = admit_kubevirt_update(update, KUBEVIRT, [])
    assert verdict is not None and verdict.stage == STAGE_VALIDATING_SCHEMA
    assert verdict.message == 'spec.imageTag in body must be of type string: "integer"'
