"""pkg/storage/admitters/storagehotplug.go: ValidateUtilityVolumesNotPresentOnCreation."""
from __future__ import annotations

import pytest

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.admission.admit import admit_bundle
from krmfn.kubevirt.storage.admitters.storagehotplug import validate_utility_volumes_not_present_on_creation

MESSAGE = "cannot create VMI with utility volumes in spec, utility volumes can only be added via hotplug"


@pytest.mark.parametrize("spec, expected", [
    ({}, []),
    ({"utilityVolumes": None}, []),
    # omitempty: the mutating webhook's re-encoding drops an empty list
    ({"utilityVolumes": []}, []),
    ({"utilityVolumes": [{"name": "u", "claimName": "c"}]}, [("spec.template.spec.utilityVolumes", MESSAGE)]),
])
def test_utility_volumes_on_creation(spec: dict, expected: list) -> None:
    causes = validate_utility_volumes_not_present_on_creation("spec.template.spec", spec, ClusterConfig())
    assert [(c.field, c.message) for c in causes] == expected


def test_through_the_whole_chain() -> None:
    vm = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "metadata": {"name": "vm", "namespace": "ns"},
          "spec": {"runStrategy": "Halted", "template": {"spec": {
              "domain": {"devices": {}, "resources": {"requests": {"memory": "1Gi"}}},
              "utilityVolumes": [{"name": "u", "claimName": "c"}]}}}}
    verdict = admit_bundle([vm])[0]
    assert verdict is not None and not verdict.allowed
    assert verdict.stage == "validating-webhook/remaining-vm-checks"
    assert [(c.field, c.message) for c in verdict.causes] == [("spec.template.spec.utilityVolumes", MESSAGE)]
