"""Cases of KubeVirt's ``pkg/storage/admitters/storagehotplug_test.go`` (d923fdb8), ported: what a
CREATE runs, ``ValidateUtilityVolumesNotPresentOnCreation``
(``validate_utility_volumes_not_present_on_creation``) on the path ``spec``.

Not ported (krmfn admits CREATEs; these judge a VMI UPDATE against the old VMI and its volume
statuses, which ``vmi-update-admitter.go`` alone runs):
- "Storage Hotplug Admitter": "Should properly calculate the hotplugvolumes" and "the permanent
  volumes" (``getHotplugVolumes``, ``getPermanentVolumes``), "Should return proper admission
  response" with and without filesystem devices (``AdmitHotplugStorage``), "should allow change for
  a persistent volume if it is a migrated volume".
- "Utility Volumes Admitter" with the feature gate enabled and disabled (``AdmitUtilityVolumes``).
"""
from __future__ import annotations

import pytest

from krmfn.kubevirt.storage.admitters.storagehotplug import validate_utility_volumes_not_present_on_creation
from krmfn.kubevirt.util.webhooks import Cause
from krmfn.kubevirt.virt_config.virt_config import ClusterConfig


@pytest.mark.parametrize("spec", [
    pytest.param({"utilityVolumes": [{"name": "test-utility-volume", "claimName": "test-pvc"}]},
                 id="should reject VMI spec with utility volumes on creation"),
])
def test_validate_utility_volumes_not_present_on_creation(spec: dict) -> None:
    assert validate_utility_volumes_not_present_on_creation("spec", spec, ClusterConfig()) == [
        Cause("spec.utilityVolumes",
              "cannot create VMI with utility volumes in spec, utility volumes can only be added via hotplug",
              "FieldValueInvalid"),
    ]
