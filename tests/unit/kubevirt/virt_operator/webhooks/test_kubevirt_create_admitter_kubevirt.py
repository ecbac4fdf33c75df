"""KubeVirt's Go tests of the KubeVirt CR CREATE webhook, ported at d923fdb8.

``pkg/virt-operator/webhooks/kubevirt-create-admitter_test.go`` (Describe "Validating KubeVirtCreate
Admitter"): both ``It`` cases. The mocked ``KubeVirt(...).List`` is what the cluster stores
(``stored``; in a bundle, the CR admitted before this one). The request object is ``json.Marshal``
of a ``v1.KubeVirt`` with only a name: no apiVersion or kind, an empty spec and status.

Not ported:

* ``pkg/virt-operator/webhooks/webhook_test.go``: every case is of ``KubeVirtDeletionAdmitter``
  (the DELETE webhook: uninstall strategy, phase, workloads); nothing there runs on CREATE;
* ``kubevirt-update-admitter_test.go``: the UPDATE webhook's checks after its schema gate (feature
  gates, configuration validation), not ported; its cases test only those
  (``krmfn.kubevirt.virt_operator.webhooks.kubevirt_update_admitter`` ports the gate).
"""
from __future__ import annotations

from krmfn.kubevirt.apiserver.kubevirt_schema import KUBEVIRT
from krmfn.kubevirt.virt_operator.webhooks.kubevirt_create_admitter import admit_kubevirt_create


def new_kubevirt() -> dict:
    return {"metadata": {"name": "New"}, "spec": {}, "status": {}}


def test_should_prevent_creating_another_kubevirt_resource() -> None:
    already_existing = {"apiVersion": "kubevirt.io/v1", "kind": "KubeVirt",
                        "metadata": {"namespace": "Different", "name": "Existing"}, "spec": {}}
    new = new_kubevirt()
    response = admit_kubevirt_create(new, [already_existing], KUBEVIRT, [])
    assert response is not None and response.allowed is False, "Additional attempts to create Kubevirt should fail"


def test_should_allow_creating_new_kubevirt_resource() -> None:
    new = new_kubevirt()
    assert admit_kubevirt_create(new, [], KUBEVIRT, []) is None, "Create Kubevirt should be allowed"
