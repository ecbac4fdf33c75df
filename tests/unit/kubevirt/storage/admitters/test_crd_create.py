"""``krmfn.kubevirt.storage.admitters.crd_create``: the API server's stages for the storage CRDs."""
from __future__ import annotations

from krmfn.kubevirt.storage.admitters.crd_create import as_stored


def test_as_stored_drops_status_and_sets_the_namespace() -> None:
    obj = {"kind": "VirtualMachineRestore", "metadata": {"name": "r"}, "spec": {}, "status": {"complete": True}}
    assert as_stored(obj, "ns") == {"kind": "VirtualMachineRestore", "metadata": {"name": "r", "namespace": "ns"},
                                    "spec": {}}
    assert obj["status"] == {"complete": True}
    assert obj["metadata"] == {"name": "r"}
    own = {"metadata": {"name": "r", "namespace": "mine"}}
    assert as_stored(own, "ns")["metadata"]["namespace"] == "mine"
