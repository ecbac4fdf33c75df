"""KubeVirt's admission of instance types, preferences and VirtualMachines, on plain data.

Mirrors ``pkg/instancetype/webhooks/`` (instance types), ``pkg/instancetype/preference/webhooks/``
(preferences) and ``pkg/instancetype/webhooks/vm/`` with the instancetype parts of the VM webhooks,
plus the API server stages before them (semantics §8; golden README "validation").

Public API:

* ``admit_bundle(items, namespace="default", cluster_config=None) -> list[Admission | None]``;
* ``rejected_keys(items, namespace="default") -> set`` of ``krmfn.instancetype.bundle`` keys;
* ``Admission`` / ``Cause`` and the ``STAGE_*`` names.
"""
from krmfn.instancetype.webhooks.admit import admit_bundle, rejected_keys
from krmfn.instancetype.webhooks.response import (
    STAGE_API_DISCOVERY,
    STAGE_CRD_SCHEMA,
    STAGE_FIELD_VALIDATION,
    STAGE_INSTANCETYPE_APPLY,
    STAGE_INSTANCETYPE_MUTATOR,
    STAGE_MUTATING_SCHEMA,
    STAGE_PREFERENCE_REQUIREMENTS,
    STAGE_SET_DEFAULTS,
    STAGE_VALIDATING_SCHEMA,
    STAGE_VALIDATING_WEBHOOK,
    Admission,
    Cause,
)

__all__ = [
    "Admission", "Cause", "admit_bundle", "rejected_keys",
    "STAGE_API_DISCOVERY", "STAGE_CRD_SCHEMA", "STAGE_FIELD_VALIDATION", "STAGE_INSTANCETYPE_APPLY",
    "STAGE_INSTANCETYPE_MUTATOR", "STAGE_MUTATING_SCHEMA", "STAGE_PREFERENCE_REQUIREMENTS",
    "STAGE_SET_DEFAULTS", "STAGE_VALIDATING_SCHEMA", "STAGE_VALIDATING_WEBHOOK",
]
