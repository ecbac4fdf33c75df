"""No utility volumes on a CREATE.

Mirrors ``ValidateUtilityVolumesNotPresentOnCreation`` in ``pkg/storage/admitters/storagehotplug.go``
(d923fdb8): a VMI spec with ``utilityVolumes`` is rejected; they can only be hotplugged.

KubeVirt tests for a non-nil slice. The VM mutating webhook re-encodes the whole spec
(``patch.WithReplace("/spec", vm.Spec)``) and ``utilityVolumes`` is ``omitempty``, so an empty list,
like null, is gone before the validating webhook decodes the VM: only a non-empty list counts.
(A VM with ``metadata.deletionTimestamp`` skips that re-encoding; krmfn does not model the
difference.)
"""
from __future__ import annotations

from krmfn.kubevirt.virt_config.virt_config import ClusterConfig
from krmfn.kubevirt.util.webhooks import CAUSE_FIELD_VALUE_INVALID, Cause

UTILITY_VOLUMES_ON_CREATION = ("cannot create VMI with utility volumes in spec, utility volumes can only be added "
                               "via hotplug")


def validate_utility_volumes_not_present_on_creation(field: str, spec: dict, config: ClusterConfig) -> list[Cause]:
    """A cause on ``<spec>.utilityVolumes`` when the spec has any."""
    if not spec.get("utilityVolumes"):
        return []
    return [Cause(f"{field}.utilityVolumes", UTILITY_VOLUMES_ON_CREATION, CAUSE_FIELD_VALUE_INVALID)]
